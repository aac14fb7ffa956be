// UserWithdrawn on real Kafka: the member's coupon data is anonymised (payment records kept),
// auto-billing stops and the billing key is deleted at PortOne, other members' data is untouched,
// and a redelivery changes nothing.
import { newEnvelope, type ValidEnvelope } from '@syn/proto';
import { accountProducer, DAY, couponConsumerApplied, startHarness, type Harness } from './harness';

jest.setTimeout(120_000);

// Users 873000–873999 belong to this file.
const U = 873_000;
let h: Harness;
const producer = accountProducer('billing-withdrawal-test');
/** Coupons this run created: anonymised ones no longer carry a user id to clean them up by. */
const couponIds: number[] = [];

beforeAll(async () => {
  h = await startHarness(U);
  const range = [U, U + 999];
  await h.sql(`DELETE FROM billing.coupons WHERE user_id BETWEEN $1 AND $2`, range);
  await h.sql(`DELETE FROM billing.referral_joins WHERE recommender_id BETWEEN $1 AND $2`, range);
  await producer.connect();
});
afterAll(async () => {
  await producer.disconnect();
  if (h && couponIds.length) await h.sql(`DELETE FROM billing.coupons WHERE coupon_id = ANY($1::int[])`, [couponIds]);
  await h?.stop();
});

const send = (...envs: ValidEnvelope[]) => producer.send(h, ...envs);

/** A referred member's first confirmation, crediting the recommender (the account service's verdict). */
const joined = (userId: number, recommenderUserId: number) =>
  newEnvelope({
    producer: 'account',
    key: String(userId),
    event: { case: 'userConfirmed', value: { userId, recommenderUserId, referral: 'counted' } },
  });
const withdrawn = (userId: number) =>
  newEnvelope({ producer: 'account', key: String(userId), event: { case: 'userWithdrawn', value: { userId } } });

const processed = (ids: string[]) => couponConsumerApplied(h, ids);

async function couponList(user: number) {
  const r = await h.call('POST', '/api/coupon/list', { user, body: { pageSize: 10, pageNum: 0 } });
  expect(r.status).toBe(200);
  return r.body as { totalCount: number; datas: { ID: number; STATUS: string }[] };
}

/** Registers a card and starts the monthly subscription, as the subscription screen does; returns its customer_uid. */
async function subscribe(user: number): Promise<string> {
  const gen = await h.call('GET', '/subscribe/generate-merchant-uid', { user });
  const { merchant_uid, customer_uid } = gen.body as { merchant_uid: string; customer_uid: string };
  await h.checkout({ merchant_uid, customer_uid, amount: 0, name: '정기결제 등록' });
  const billed = await h.call('POST', '/subscribe/basic-billings', {
    user,
    body: { paymentDataFromPG: { merchant_uid, customer_uid } },
  });
  expect(billed.status).toBe(200);
  return customer_uid;
}

type CouponRow = {
  coupon_id: number;
  status: string;
  user_id: number | null;
  owner_withdrawn_at: Date | null;
  expired_date: Date | null;
  gifted_from: number | null;
};
const couponRows = (ids: number[]) =>
  h.sql<CouponRow>(
    `SELECT coupon_id, status, user_id, owner_withdrawn_at, expired_date, gifted_from FROM billing.coupons
      WHERE coupon_id = ANY($1::int[]) ORDER BY coupon_id`,
    [ids],
  );

it('when a member withdraws (event delivered twice), then their coupon data is anonymised, payment records stay and billing stops', async () => {
  const member = U + 1;
  const recommender = U + 2;
  const friend = U + 3; // joined through the member
  const subscriber = U + 4;

  // The member joins through a recommendation, and a friend joins through the member: each gets a coupon.
  const joins = [joined(member, recommender), joined(friend, member)];
  await send(...joins);
  await processed(joins.map((e) => e.id));
  const [own] = (await couponList(member)).datas;
  const [friendsCoupon] = (await couponList(friend)).datas;
  couponIds.push(own!.ID, friendsCoupon!.ID);

  // The member uses theirs (an order and a pass); the friend gifts theirs to the member.
  const used = await h.call('POST', '/api/coupon/use', { user: member, body: { couponId: own!.ID } });
  expect(used.status).toBe(200);
  const gift = await h.call('POST', '/api/sys/presentCouponItem', {
    user: friend,
    body: { couponId: friendsCoupon!.ID, targetUserId: member, status: 'PRESENT' },
  });
  expect(gift.status).toBe(200);
  const held = (await couponList(member)).datas.find((c) => c.ID !== own!.ID)!;
  couponIds.push(held.ID);
  expect(held.STATUS).toBe('USING');

  // Another member has a live monthly subscription.
  await subscribe(subscriber);

  const before = await couponRows(couponIds);
  const first = withdrawn(member);
  const retry = withdrawn(member); // the same fact re-published under a new event id
  const other = withdrawn(subscriber);
  await send(first, first, retry, other);
  await processed([first.id, retry.id, other.id]);

  // Nothing names the member any more; the coupons themselves stay for the group counts.
  expect(await h.sql(`SELECT coupon_id FROM billing.coupons WHERE user_id = $1`, [member])).toEqual([]);
  const after = await couponRows(couponIds);
  const byId = new Map(after.map((c) => [c.coupon_id, c]));
  expect(byId.get(own!.ID)).toMatchObject({ status: 'COMPLETE', user_id: null, owner_withdrawn_at: expect.any(Date) });
  // The gift the member never used can no longer be redeemed.
  const heldAfter = byId.get(held.ID)!;
  expect(heldAfter).toMatchObject({ status: 'USING', user_id: null, gifted_from: friendsCoupon!.ID });
  expect(heldAfter.expired_date!.getTime()).toBeLessThanOrEqual(Date.now());
  // The friend's own (given) coupon is the friend's data: untouched.
  expect(byId.get(friendsCoupon!.ID)).toEqual(before.find((c) => c.coupon_id === friendsCoupon!.ID));
  expect((await couponList(member)).totalCount).toBe(0);

  // Their referral tally is gone; the join they count in for their own recommender stays.
  expect(await h.sql(`SELECT 1 FROM billing.referral_joins WHERE recommender_id = $1`, [member])).toEqual([]);
  const rewards = await h.call('POST', '/api/coupon/referralRewards', { user: recommender });
  expect(rewards.body.joinCount).toBe(1);

  // Payment records are kept: the order and pass the coupon granted.
  expect(
    await h.sql(
      `SELECT o.kind, o.status, p.item_id FROM billing.orders o JOIN billing.passes p ON p.order_id = o.order_id
        WHERE o.user_id = $1`,
      [member],
    ),
  ).toEqual([{ kind: 'ADMIN', status: 'SUCCESS', item_id: 4 }]);

  // The subscriber's auto-billing stopped: no renewal is charged when the month is over.
  const [sub] = await h.sql<{ status: string; next_charge_at: Date | null; cancel_reason: string }>(
    `SELECT status, next_charge_at, cancel_reason FROM billing.subscriptions WHERE user_id = $1`,
    [subscriber],
  );
  expect(sub).toEqual({ status: 'CANCEL', next_charge_at: null, cancel_reason: '회원 탈퇴' });
  h.clock.advance(40 * DAY);
  await h.runJobs();
  expect(await h.sql(`SELECT 1 FROM billing.orders WHERE user_id = $1 AND kind = 'RENEWAL'`, [subscriber])).toEqual([]);

  // A later redelivery finds nothing left to change.
  const late = withdrawn(member);
  await send(late);
  await processed([late.id]);
  expect(await couponRows(couponIds)).toEqual(after);
});

it('when a subscriber withdraws, then the card registered for auto-billing is deleted at PortOne by the billing jobs', async () => {
  const subscriber = U + 5;
  const customer_uid = await subscribe(subscriber);
  expect(h.sandbox.hasBillingKey(customer_uid)).toBe(true);

  // The service's clock runs ahead of real time from here: billing services of other test stacks on
  // this database (real clock, unscoped jobs) then never find this deletion due and never take it.
  h.clock.advance(40 * DAY);
  const gone = withdrawn(subscriber);
  await send(gone, gone);
  await processed([gone.id]);
  const requested = await h.sql<{ customer_uid: string; attempts: number; deleted_at: Date | null }>(
    `SELECT customer_uid, attempts, deleted_at FROM billing.billing_key_deletions WHERE user_id = $1`,
    [subscriber],
  );
  expect(requested).toEqual([{ customer_uid, attempts: 0, deleted_at: null }]);
  // Queued with the withdrawal; deleted by the next run of the jobs.
  expect(h.sandbox.hasBillingKey(customer_uid)).toBe(true);

  expect((await h.runJobs()).keysDeleted).toBe(1);
  expect(h.sandbox.hasBillingKey(customer_uid)).toBe(false);
  expect(
    await h.sql(
      `SELECT attempts, last_error, deleted_at IS NOT NULL AS deleted FROM billing.billing_key_deletions WHERE user_id = $1`,
      [subscriber],
    ),
  ).toEqual([{ attempts: 1, last_error: null, deleted: true }]);
  // Nothing is left to do on the next run.
  expect((await h.runJobs()).keysDeleted).toBe(0);
});
