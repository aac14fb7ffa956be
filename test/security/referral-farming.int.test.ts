// Regression test for an attacker's review (item 1, referral rewards), through the gateway of a real
// test stack (`TEST_STACK_OFFSET=46 npx jest --selectProjects integration --runTestsByPath
// test/security/referral-farming.int.test.ts`). Before: 20 joins naming one recommender, from
// throwaway addresses on a domain that does not exist and all with one phone, gave the recommender
// all three rewards (16 months) and each fake a 7-day coupon, without a single confirmed mailbox.
// Now a referral counts when the new member first proves their mail address, once per person
// (phone number and mailbox), never for the recommender's own phone or mailbox.
import { randomBytes, randomInt } from 'node:crypto';
import { decodeEnvelope } from '@syn/proto';
import type { Pool } from 'pg';
import { joinBody, linkIn, readMail } from '../../services/account/test/support';
import { call, type Reply } from './support/http';
import { joinMember, type Member } from './support/members';
import { startSecurityStack, type SecurityStack } from './support/stack';

jest.setTimeout(300_000);

let secured: SecurityStack | undefined;
let baseUrl: string;
let pool: Pool;
let recommender: Member;

beforeAll(async () => {
  secured = await startSecurityStack('referral');
  ({ baseUrl, pool } = secured);
  recommender = await joinMember(baseUrl, '추천인', 'referrer');
}, 300_000);

afterAll(async () => {
  await secured?.stop();
});

const newPhone = () => `010${randomInt(10_000_000, 99_999_999)}`;

const ok = (what: string, r: Reply): Reply => {
  if (r.status !== 200) throw new Error(`${what}: ${r.status} ${r.text.slice(0, 300)}`);
  return r;
};

/** A join naming the recommender, as the sign-up form sends it; the member's id once known. */
async function joinNaming(email: string, phone: string): Promise<number> {
  const body = joinBody({ email, phone, recommendUser: recommender.email, recommendUserId: recommender.id });
  ok(`join ${email}`, await call(baseUrl, 'POST', '/api/user/join', body));
  const { rows } = await pool.query<{ id: number }>(`SELECT id FROM account.users WHERE lower(email) = lower($1)`, [
    email,
  ]);
  return rows[0]!.id;
}

async function confirmMail(email: string): Promise<void> {
  const link = linkIn(await readMail(email, [], 30_000), 'confirmEmail');
  ok(`confirm ${email}`, await call(baseUrl, 'POST', '/api/user/confirm', { secretId: link.id, secretKey: link.key }));
}

/** Every account event of these members has reached billing's coupon consumer. */
async function billingCaughtUp(memberIds: number[]): Promise<void> {
  const keys = memberIds.map(String);
  const deadline = Date.now() + 120_000;
  for (;;) {
    const { rows } = await pool.query<{ pending: number }>(
      `SELECT count(*)::int AS pending FROM account.outbox o
        WHERE o.key = ANY($1::text[])
          AND NOT EXISTS (SELECT 1 FROM billing.processed_events p WHERE p.consumer LIKE '%billing-coupons' AND p.event_id = o.id)`,
      [keys],
    );
    if (rows[0]!.pending === 0) return;
    if (Date.now() > deadline) throw new Error(`${rows[0]!.pending} account events not applied by billing`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

/** What the account service decided for each member's first confirmation (UserConfirmed.referral). */
async function verdicts(memberIds: number[]): Promise<string[]> {
  const { rows } = await pool.query<{ payload: Buffer }>(
    `SELECT payload FROM account.outbox WHERE type = 'account.UserConfirmed.v1' AND key = ANY($1::text[]) ORDER BY seq`,
    [memberIds.map(String)],
  );
  return rows.map((r) => {
    const env = decodeEnvelope(r.payload);
    return env.event.case === 'userConfirmed' ? env.event.value.referral : '?';
  });
}

async function rewardsOfRecommender(): Promise<{ joinCount: number; granted: number[] }> {
  const r = ok(
    'referral rewards',
    await call(baseUrl, 'POST', '/api/coupon/referralRewards', {}, { cookie: recommender.cookie }),
  );
  const datas = r.body.datas as { THRESHOLD: number; GRANTED: boolean }[];
  return { joinCount: Number(r.body.joinCount), granted: datas.filter((d) => d.GRANTED).map((d) => d.THRESHOLD) };
}

async function couponsOf(memberIds: number[]): Promise<number> {
  const { rows } = await pool.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM billing.coupons WHERE user_id = ANY($1::int[])`,
    [memberIds],
  );
  return rows[0]!.n;
}

test('when 20 throwaway sign-ups with one phone name a recommender, then nothing is credited until a mailbox is proved, and then one person counts once', async () => {
  const tag = randomBytes(4).toString('hex');
  const phone = newPhone();
  const fakes: { id: number; email: string }[] = [];
  for (let i = 0; i < 20; i++) {
    // A domain that does not exist (.invalid is reserved); maildev still takes the mail.
    const email = `farm${i}.${tag}@no-such-domain-${tag}.invalid`;
    fakes.push({ id: await joinNaming(email, phone), email });
  }
  const ids = fakes.map((f) => f.id);
  await billingCaughtUp(ids);
  expect(await rewardsOfRecommender()).toEqual({ joinCount: 0, granted: [] });
  expect(await couponsOf(ids)).toBe(0);

  // Each mailbox proved: still one phone number, so one person — one credit, one friend coupon.
  for (const f of fakes) await confirmMail(f.email);
  await billingCaughtUp(ids);
  expect(await verdicts(ids)).toEqual(['counted', ...Array<string>(19).fill('existing-member')]);
  expect(await rewardsOfRecommender()).toEqual({ joinCount: 1, granted: [] });
  expect(await couponsOf(ids)).toBe(1);
});

test("when real friends confirm, then they count and reach the first reward; the recommender's own phone or mailbox never counts", async () => {
  const before = (await rewardsOfRecommender()).joinCount;
  const tag = randomBytes(4).toString('hex');
  const own = [
    { email: `own.phone.${tag}@example.com`, phone: recommender.phone },
    // The recommender's mailbox under a plus-tag: the same person.
    { email: recommender.email.replace('@', `+friend${tag}@`), phone: newPhone() },
  ];
  const friends = Array.from({ length: 5 }, (_, i) => ({ email: `friend${i}.${tag}@example.com`, phone: newPhone() }));
  const joined: number[] = [];
  for (const p of [...own, ...friends]) {
    joined.push(await joinNaming(p.email, p.phone));
    await confirmMail(p.email);
  }
  await billingCaughtUp(joined);
  expect(await verdicts(joined)).toEqual(['same-person', 'same-person', ...Array<string>(5).fill('counted')]);
  const after = await rewardsOfRecommender();
  expect(after.joinCount).toBe(before + 5);
  expect(after.granted).toEqual([5]);
  // The friends' 7-day coupons, none for the recommender's own second accounts.
  expect(await couponsOf(joined.slice(0, 2))).toBe(0);
  expect(await couponsOf(joined.slice(2))).toBe(5);
});
