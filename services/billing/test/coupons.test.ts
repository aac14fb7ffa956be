// Pure coupon rules: the group form's message order, member coupon states, codes, rewards.
import { COUPON_MESSAGES as M, couponViewOf, firstGroupFormError } from '@syn/kit/rules';
import { decodeEnvelope, encodeEnvelope, loadFixtures } from '@syn/proto';
import { accountEffectOf } from '../src/coupons/events';
import { COUPON_CODE_PATTERN, newCouponCode, normaliseCouponCode } from '../src/coupons/codes';
import { couponExpiry, reachedRewards } from '../src/coupons/rules';

describe('group creation form (spec §5, in order)', () => {
  const ok = { couponType: 1, couponName: '봄 이벤트', overlapChecked: true, note: '', createCount: 3 };
  it.each([
    [{ ...ok, couponType: '', couponName: '' }, M.typeRequired],
    [{ ...ok, couponType: 0 }, M.typeRequired],
    [{ ...ok, couponName: ' ', overlapChecked: false }, M.kindNameRequired],
    [{ ...ok, overlapChecked: false, createCount: '' }, M.overlapUnchecked],
    [{ ...ok, createCount: '' }, M.createCountRequired],
    [{ ...ok, createCount: 0 }, M.createCountPositive],
    [ok, null],
  ])('when the form is %j, then it says %s', (form, message) => {
    expect(firstGroupFormError(form)).toBe(message);
  });
  it('keeps the six Korean messages of the issue', () => {
    expect([
      M.typeRequired,
      M.kindNameRequired,
      M.overlapUnchecked,
      M.overlapNameRequired,
      M.createCountRequired,
      M.createCountPositive,
    ]).toEqual([
      '쿠폰 종류를 선택해 주세요.',
      '쿠폰 종류명을 입력해 주세요.',
      '중복 확인을 클릭해 주세요.',
      '쿠폰명을 입력해 주세요.',
      '생성할 쿠폰 수를 입력해 주세요.',
      '0보다 큰 수를 입력해 주세요.',
    ]);
  });
});

describe('member coupon states (spec §4)', () => {
  it.each([
    ['USING', '2025-05-01', 'usable'],
    ['USING', '2025-04-30', 'usable'],
    ['USING', '2025-04-29', 'expired'],
    ['COMPLETE', '2025-05-01', 'used'],
    ['PRESENT', '2025-05-01', 'gifted'],
  ])('when %s expires %s (today 2025-04-30), then it is %s', (status, expiry, view) => {
    expect(couponViewOf(status, expiry, '2025-04-30')).toBe(view);
  });
});

describe('codes and periods', () => {
  it('when codes are drawn, then they are 16 Crockford symbols and typed forms normalise', () => {
    const code = newCouponCode();
    expect(code).toMatch(COUPON_CODE_PATTERN);
    expect(normaliseCouponCode(code.toLowerCase().replaceAll('-', ''))).toBe(code);
  });
  it('a coupon is valid 3 calendar months; referral thresholds are 5, 10, 20', () => {
    expect(couponExpiry(new Date('2025-11-30T03:00:00Z')).toISOString()).toBe('2026-02-28T03:00:00.000Z');
    expect(reachedRewards(4)).toEqual([]);
    expect(reachedRewards(10).map((r) => [r.threshold, r.months])).toEqual([
      [5, 1],
      [10, 3],
    ]);
  });
});

describe('account events as the coupon consumer reads them (proto fixtures)', () => {
  const fixtures = loadFixtures();
  const wire = (type: string) => {
    const f = fixtures.find((x) => x.type === type);
    expect(f).toBeDefined();
    return decodeEnvelope(encodeEnvelope(f!));
  };
  it('when UserConfirmed credits a recommender, then the join of 1042 through 1001 is counted', () => {
    expect(accountEffectOf(wire('account.UserConfirmed.v1'))).toEqual({
      kind: 'referred',
      memberId: 1042,
      recommenderId: 1001,
    });
  });
  it('when UserConfirmed credits nobody (the referral did not count), then nothing is rewarded', () => {
    const env = wire('account.UserConfirmed.v1');
    if (env.event.case !== 'userConfirmed') throw new Error('fixture of another case');
    env.event.value.recommenderUserId = 0;
    env.event.value.referral = 'same-person';
    expect(accountEffectOf(env)).toBeNull();
  });
  it('when UserJoined arrives, then nothing is rewarded yet: anyone can join with an address they do not hold', () => {
    expect(accountEffectOf(wire('account.UserJoined.v1'))).toBeNull();
  });
  it('when LegacyPeriodMerged arrives, then 45 days plus 1 month are granted', () => {
    expect(accountEffectOf(wire('account.LegacyPeriodMerged.v1'))).toEqual({
      kind: 'legacyMerged',
      userId: 1042,
      remainingDays: 45,
      bonusMonths: 1,
    });
  });
  it('when UserWithdrawn arrives, then the coupon data of user 1042 is to be purged', () => {
    expect(accountEffectOf(wire('account.UserWithdrawn.v1'))).toEqual({ kind: 'withdrawn', userId: 1042 });
  });
  it('when any other account fact arrives, then it is ignored', () => {
    const ours = ['account.UserConfirmed.v1', 'account.LegacyPeriodMerged.v1', 'account.UserWithdrawn.v1'];
    const others = fixtures.filter((f) => f.type.startsWith('account.') && !ours.includes(f.type));
    expect(others.length).toBeGreaterThan(0);
    for (const f of others) expect(accountEffectOf(decodeEnvelope(encodeEnvelope(f)))).toBeNull();
  });
});
