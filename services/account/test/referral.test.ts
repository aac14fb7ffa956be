// Pure referral rules (domain/referral.ts): who is one person, and when a confirmation credits.
import { canonicalMailbox, judgeReferral, personKeys, phoneDigits, type ReferralFacts } from '../src/domain/referral';

const facts = (over: Partial<ReferralFacts> = {}): ReferralFacts => ({
  memberId: 20,
  recommenderId: 10,
  member: { phone: '01055556666', email: 'friend@example.com' },
  recommender: { phone: '01011112222', email: 'host@example.com', active: true, confirmed: true },
  phoneOfEarlierMember: false,
  creditsToday: 0,
  dailyLimit: 10,
  ...over,
});

describe('one person, however written', () => {
  it.each([
    ['010-1234-5678', '01012345678'],
    ['+82 10 1234 5678', '01012345678'],
    ['821012345678', '01012345678'],
    ['01012345678', '01012345678'],
  ])('phone %s is %s', (given, digits) => expect(phoneDigits(given)).toBe(digits));

  it.each([
    ['Kim.Min+farm3@Gmail.com', 'kimmin@gmail.com'],
    ['k.i.m.min@googlemail.com', 'kimmin@gmail.com'],
    ['kim.min+x@example.com', 'kim.min@example.com'],
    ['KIM@EXAMPLE.COM', 'kim@example.com'],
  ])('mailbox %s is %s', (given, mailbox) => expect(canonicalMailbox(given)).toBe(mailbox));

  it('keys are keyed hashes: equal for one person, different under another secret, never the number itself', () => {
    const a = personKeys('secret-1', { phone: '010-1234-5678', email: 'a.b+x@gmail.com' });
    const b = personKeys('secret-1', { phone: '+82 10 1234 5678', email: 'ab@gmail.com' });
    expect(a).toEqual(b);
    expect(personKeys('secret-2', { phone: '01012345678', email: 'ab@gmail.com' })).not.toEqual(a);
    expect(JSON.stringify(a)).not.toContain('12345678');
    expect(a.phone).not.toBe(a.mailbox);
  });
});

describe('a confirmation credits its recommender', () => {
  it('when a new person confirms, then it counts', () => expect(judgeReferral(facts())).toBe('counted'));
  it('when nobody was named, then none', () => expect(judgeReferral(facts({ recommenderId: 0 }))).toBe('none'));
  it('when the member named themselves, then self', () =>
    expect(judgeReferral(facts({ recommenderId: 20 }))).toBe('self'));
  it.each([
    ['withdrawn', { active: false }],
    ['unconfirmed', { confirmed: false }],
  ])('when the recommender is %s, then recommender-inactive', (_, change) =>
    expect(judgeReferral(facts({ recommender: { ...facts().recommender!, ...change } }))).toBe('recommender-inactive'),
  );
  it('when the recommender no longer exists, then recommender-inactive', () =>
    expect(judgeReferral(facts({ recommender: null }))).toBe('recommender-inactive'));
  it("when the member gave the recommender's phone (written otherwise), then same-person", () =>
    expect(judgeReferral(facts({ member: { phone: '+82-10-1111-2222', email: 'other@example.com' } }))).toBe(
      'same-person',
    ));
  it("when the member's mailbox is the recommender's under a plus-tag, then same-person", () =>
    expect(judgeReferral(facts({ member: { phone: '01099990000', email: 'Host+2@example.com' } }))).toBe(
      'same-person',
    ));
  it('when an earlier confirmed member gave the same phone, then existing-member', () =>
    expect(judgeReferral(facts({ phoneOfEarlierMember: true }))).toBe('existing-member'));
  it('when the recommender reached the daily limit, then daily-limit; one below it still counts', () => {
    expect(judgeReferral(facts({ creditsToday: 10 }))).toBe('daily-limit');
    expect(judgeReferral(facts({ creditsToday: 9 }))).toBe('counted');
  });
});
