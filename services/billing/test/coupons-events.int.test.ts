// Account events on real Kafka: referral rewards (5/10/20, each once) from UserConfirmed crediting a
// recommender (never from UserJoined), and the
// invited friend's 7-day coupon, LegacyPeriodMerged's pass, all idempotent under redelivery.
import { newEnvelope, type ValidEnvelope } from '@syn/proto';
import { addMonths } from '../src/domain/catalogue';
import { accountProducer, DAY, couponConsumerApplied, startHarness, type Harness } from './harness';

jest.setTimeout(120_000);

// Users 890000–890999 belong to this file.
const U = 890_000;
let h: Harness;
const producer = accountProducer('billing-coupons-test');

beforeAll(async () => {
  h = await startHarness(U);
  const range = [U, U + 999];
  await h.sql(`DELETE FROM billing.coupons WHERE user_id BETWEEN $1 AND $2`, range);
  await h.sql(`DELETE FROM billing.referral_joins WHERE recommender_id BETWEEN $1 AND $2`, range);
  await h.sql(`DELETE FROM billing.referral_rewards WHERE recommender_id BETWEEN $1 AND $2`, range);
  await h.sql(`DELETE FROM billing.legacy_grants WHERE user_id BETWEEN $1 AND $2`, range);
  await producer.connect();
});
afterAll(async () => {
  await producer.disconnect();
  await h?.stop();
});

const send = (...envs: ValidEnvelope[]) => producer.send(h, ...envs);

const joined = (userId: number, recommenderUserId: number) =>
  newEnvelope({
    producer: 'account',
    key: String(userId),
    event: { case: 'userJoined', value: { userId, recommenderUserId, recommendType: 'NORMAL' } },
  });
/** The account service's verdict when the member first proved their mail: whom it credits (0 = nobody). */
const confirmed = (userId: number, recommenderUserId: number, referral = 'counted') =>
  newEnvelope({
    producer: 'account',
    key: String(userId),
    event: { case: 'userConfirmed', value: { userId, recommenderUserId, referral } },
  });

async function until<T>(what: string, probe: () => Promise<T | undefined>, ms = 60_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const processed = (ids: string[]) => couponConsumerApplied(h, ids);

it('when 20 friends join through one recommendation, with every event delivered twice, then 1, 3 and 12 months are granted once each and every friend gets one 7-day coupon', async () => {
  const recommender = U + 1;
  const friends = Array.from({ length: 20 }, (_, i) => U + 100 + i);
  const events = friends.map((f) => confirmed(f, recommender));
  // The first four: no reward yet.
  await send(...events.slice(0, 4), ...events.slice(0, 4));
  await processed(events.slice(0, 4).map((e) => e.id));
  expect(await h.sql(`SELECT count(*)::int AS n FROM billing.passes WHERE user_id = $1`, [recommender])).toEqual([
    { n: 0 },
  ]);
  // The rest, each twice, plus one join re-published under a new event id (a producer retry).
  await send(...events.slice(4), ...events.slice(4), confirmed(friends[7]!, recommender));
  await processed(events.map((e) => e.id));
  await until('the retried join is processed', async () => {
    const [r] = await h.sql<{ n: number }>(
      `SELECT count(*)::int AS n FROM billing.processed_events WHERE consumer = $1`,
      [`${h.prefix}billing-coupons`],
    );
    return r!.n >= 21 ? true : undefined;
  });

  const rewards = await h.sql(
    `SELECT r.threshold, p.item_id, o.merchant_uid FROM billing.referral_rewards r
       JOIN billing.passes p ON p.pass_id = r.pass_id JOIN billing.orders o ON o.order_id = p.order_id
      WHERE r.recommender_id = $1 ORDER BY r.threshold`,
    [recommender],
  );
  expect(rewards).toEqual([
    { threshold: 5, item_id: 1, merchant_uid: `ref_${recommender}_5` },
    { threshold: 10, item_id: 2, merchant_uid: `ref_${recommender}_10` },
    { threshold: 20, item_id: 3, merchant_uid: `ref_${recommender}_20` },
  ]);
  // One after another: the first starts, the others queue (never overlap).
  const passes = await h.sql<{ status: string }>(
    `SELECT status FROM billing.passes WHERE user_id = $1 ORDER BY start_date`,
    [recommender],
  );
  expect(passes.map((p) => p.status)).toEqual(['START', 'STANDBY', 'STANDBY']);
  const table = await h.call('POST', '/api/coupon/referralRewards', { user: recommender });
  expect(table.body).toMatchObject({
    joinCount: 20,
    datas: [
      { THRESHOLD: 5, MONTHS: 1, GRANTED: true },
      { THRESHOLD: 10, MONTHS: 3, GRANTED: true },
      { THRESHOLD: 20, MONTHS: 12, GRANTED: true },
    ],
  });

  const coupons = await h.sql<{ user_id: number; n: number }>(
    `SELECT c.user_id, count(*)::int AS n FROM billing.coupons c JOIN billing.coupon_groups g ON g.group_id = c.group_id
      WHERE c.user_id BETWEEN $1 AND $2 AND g.item_id = 4 AND c.status = 'USING' GROUP BY c.user_id ORDER BY c.user_id`,
    [U + 100, U + 119],
  );
  expect(coupons).toEqual(friends.map((f) => ({ user_id: f, n: 1 })));
  // The friend sees it on the coupon list and it grants the 1-week free pass.
  const list = await h.call('POST', '/api/coupon/list', { user: friends[0], body: {} });
  const [coupon] = list.body.datas as { ID: number; COUPON_NAME: string }[];
  expect(coupon!.COUPON_NAME).toBe('친구 추천 가입 7일 무료 쿠폰');
  const used = await h.call('POST', '/api/coupon/use', { user: friends[0], body: { couponId: coupon!.ID } });
  expect(used.status).toBe(200);
  const [pass] = await h.sql<{ item_id: number; days: number }>(
    `SELECT item_id, round(extract(epoch FROM end_date - start_date) / 86400)::int AS days FROM billing.passes WHERE user_id = $1`,
    [friends[0]],
  );
  expect(pass).toEqual({ item_id: 4, days: 7 });
});

it('when members join naming a recommender but credit nobody (unconfirmed, or a referral that did not count), then nothing is granted', async () => {
  const recommender = U + 2;
  const lone = confirmed(U + 200, 0, 'none');
  const self = confirmed(U + 201, U + 201);
  // Joins alone: anyone can join with an address they do not hold.
  const joins = Array.from({ length: 6 }, (_, i) => joined(U + 210 + i, recommender));
  const refused = Array.from({ length: 6 }, (_, i) => confirmed(U + 210 + i, 0, 'same-person'));
  const all = [lone, self, ...joins, ...refused];
  await send(...all);
  await processed(all.map((e) => e.id));
  expect(
    await h.sql(`SELECT count(*)::int AS n FROM billing.coupons WHERE user_id BETWEEN $1 AND $2`, [U + 200, U + 215]),
  ).toEqual([{ n: 0 }]);
  expect(
    await h.sql(`SELECT count(*)::int AS n FROM billing.referral_joins WHERE recommender_id = $1`, [recommender]),
  ).toEqual([{ n: 0 }]);
  expect(await h.sql(`SELECT count(*)::int AS n FROM billing.passes WHERE user_id = $1`, [recommender])).toEqual([
    { n: 0 },
  ]);
});

it('when a legacy merge arrives twice (and once more under a new id), then one pass of the remaining days plus one month is granted', async () => {
  const user = U + 300;
  const merged = () =>
    newEnvelope({
      producer: 'account',
      key: String(user),
      event: { case: 'legacyPeriodMerged', value: { userId: user, remainingDays: 45, bonusMonths: 1 } },
    });
  const first = merged();
  const retry = merged();
  await send(first, first, retry);
  await processed([first.id, retry.id]);
  const passes = await h.sql<{
    item_id: number;
    status: string;
    start_date: Date;
    end_date: Date;
    merchant_uid: string;
  }>(
    `SELECT p.item_id, p.status, p.start_date, p.end_date, o.merchant_uid FROM billing.passes p
       JOIN billing.orders o ON o.order_id = p.order_id WHERE p.user_id = $1`,
    [user],
  );
  expect(passes).toHaveLength(1);
  const p = passes[0]!;
  expect([p.item_id, p.status, p.merchant_uid]).toEqual([5, 'START', `leg_${user}`]);
  // A month pass: one calendar month (clamped to the month's last day) and the 45 legacy days.
  expect(p.end_date.getTime()).toBe(addMonths(p.start_date, 1).getTime() + 45 * DAY);
  const events = await h.events(user);
  expect(events.map((e) => e.event.case)).toEqual(['passChanged']);
});
