// Auto-renewal switched off and on by the member (POST /api/used/onOff) and the move to the free
// grade when the paid days end (POST /subscribe/payments/downgrade), against real PostgreSQL, the
// PortOne sandbox and the billing jobs: off keeps the paid month and charges nothing more; on again
// (while that month runs) charges the stored card once the member's days are used up, queued coupon
// days included; a refunded month cannot be switched back on.
import { autoRenewOnMessage, BILLING_MESSAGES as M, downgradeMessage } from '@syn/kit/rules';
import { addMonths } from '../src/domain/catalogue';
import { ymd } from '../src/domain/format';
import { DAY, startHarness, subscribe as subscribeWith, type Harness } from './harness';

// Users 875000–875999 belong to this file; 875000 is the administrator.
const U = 875_000;
const ADMIN = { user: U, grade: 0 };
const MINUTE = 60_000;
let h: Harness;

beforeAll(async () => {
  h = await startHarness(U);
});
afterAll(async () => {
  await h?.stop();
});
afterEach(() => {
  h.clock.set(new Date());
});

/** A started subscription and when its paid month ends. */
async function subscribe(user: number) {
  const { merchantUid, customerUid, billed } = await subscribeWith(h, user);
  expect(billed.status).toBe(200);
  return { merchantUid, customerUid, paidEnd: (await subscriptionOf(user)).next_charge_at! };
}

const subscriptionOf = async (user: number) =>
  (
    await h.sql<{ status: string; next_charge_at: Date | null; cancel_reason: string | null }>(
      `SELECT status, next_charge_at, cancel_reason FROM billing.subscriptions WHERE user_id = $1
        ORDER BY subscription_id DESC`,
      [user],
    )
  )[0]!;
/** What the member was charged: every paid order, in order. */
const charges = async (user: number) =>
  (
    await h.sql<{ kind: string; amount: number }>(
      `SELECT o.kind, o.amount FROM billing.orders o JOIN billing.payments p ON p.order_id = o.order_id
        WHERE o.user_id = $1 AND p.status = 'paid' ORDER BY o.order_id`,
      [user],
    )
  ).map((r) => `${r.kind}:${r.amount}`);
const onOff = (user: number, value: unknown) => h.call('POST', '/api/used/onOff', { user, body: { onOff: value } });
const at = (d: Date) => h.clock.set(d);

describe('auto-renewal off and on', () => {
  it('when a subscriber turns it off, then the paid month stays and nothing more is charged', async () => {
    const user = U + 1;
    const { paidEnd } = await subscribe(user);
    const off = await onOff(user, 'OFF');
    expect(off.status).toBe(200);
    expect(off.body).toEqual({
      status: 'success',
      autoRenew: false,
      message: M.subscriptionCancelled,
      nextPayDate: null,
      endDate: ymd(paidEnd),
    });
    expect(await subscriptionOf(user)).toMatchObject({
      status: 'CANCEL',
      next_charge_at: null,
      cancel_reason: M.autoRenewOffReason,
    });
    at(new Date(paidEnd.getTime() + MINUTE));
    await h.runJobs();
    expect(await charges(user)).toEqual(['SUBSCRIBE:3000']);
    expect((await h.call('GET', '/api/used/isUsed', { user })).body.status).toBe('none');
  });

  it('when it is turned on again within the paid month, then the card is charged when that month ends', async () => {
    const user = U + 2;
    const { paidEnd } = await subscribe(user);
    expect((await onOff(user, false)).status).toBe(200);
    at(new Date(h.clock.now().getTime() + 3 * DAY));

    const on = await onOff(user, 'on');
    expect(on.status).toBe(200);
    expect(on.body).toEqual({
      status: 'success',
      autoRenew: true,
      message: autoRenewOnMessage(ymd(paidEnd)!),
      nextPayDate: ymd(paidEnd),
      endDate: ymd(paidEnd),
    });
    expect(await subscriptionOf(user)).toMatchObject({ status: 'START', next_charge_at: paidEnd, cancel_reason: null });
    expect((await h.call('GET', '/api/used/isUsedRemain', { user })).body).toMatchObject({ autoRenew: true });
    // Once on is enough.
    const again = await onOff(user, 'ON');
    expect([again.status, again.body.message]).toEqual([409, M.autoRenewAlreadyOn]);

    at(new Date(paidEnd.getTime() + MINUTE));
    await h.runJobs();
    expect(await charges(user)).toEqual(['SUBSCRIBE:3000', 'RENEWAL:3000']);
    // The renewed month follows the paid one (the subscription's pass is extended).
    const [renewed] = await h.sql<{ end_date: Date; status: string }>(
      `SELECT end_date, status FROM billing.passes WHERE user_id = $1 ORDER BY pass_id DESC LIMIT 1`,
      [user],
    );
    expect(renewed).toEqual({ end_date: addMonths(paidEnd, 1), status: 'START' });
  });

  it('when it is turned on again with coupon days queued behind the month, then the charge waits for them', async () => {
    const user = U + 3;
    const { paidEnd } = await subscribe(user);
    expect((await onOff(user, 'OFF')).status).toBe(200);
    // A week granted after the paid month (as a coupon used while subscribed is queued).
    const granted = await h.call('POST', '/api/sys/insertUserOrderItem', {
      ...ADMIN,
      body: { userId: user, orderType: 4 },
    });
    expect(granted.status).toBe(200);
    const weekEnd = new Date(paidEnd.getTime() + 7 * DAY);

    const on = await onOff(user, 'ON');
    expect(on.body).toMatchObject({ autoRenew: true, nextPayDate: ymd(weekEnd) });
    expect((await subscriptionOf(user)).next_charge_at).toEqual(weekEnd);
    at(new Date(weekEnd.getTime() - MINUTE));
    await h.runJobs();
    expect(await charges(user)).toEqual(['SUBSCRIBE:3000']);
    at(new Date(weekEnd.getTime() + MINUTE));
    await h.runJobs();
    expect(await charges(user)).toEqual(['SUBSCRIBE:3000', 'RENEWAL:3000']);
  });

  it('when the month was refunded, or there is no subscription, then it cannot be turned on', async () => {
    const user = U + 4;
    const { merchantUid } = await subscribe(user);
    const refunded = await h.call('POST', '/subscribe/user-cancel-payments', {
      user,
      body: { merchant_uid: merchantUid },
    });
    expect(refunded.status).toBe(200);
    const on = await onOff(user, 'ON');
    expect([on.status, on.body.message]).toEqual([409, M.autoRenewUnavailable]);
    expect((await subscriptionOf(user)).status).toBe('CANCEL');

    const nobody = await onOff(U + 5, 'ON');
    expect([nobody.status, nobody.body.message]).toEqual([404, M.subscriptionNotFound]);
    expect((await onOff(U + 5, 'OFF')).status).toBe(404);
  });

  it('when the value is neither ON nor OFF, then a Korean message says what to send and nothing changes', async () => {
    const user = U + 6;
    await subscribe(user);
    for (const value of ['MAYBE', 1, null, undefined]) {
      const r = await onOff(user, value);
      expect([r.status, r.body.message]).toEqual([400, M.onOffInvalid]);
    }
    expect((await subscriptionOf(user)).status).toBe('START');
  });
});

describe('downgrade to the free grade', () => {
  it('when a subscriber downgrades, then the renewal stops, the paid days stay and the answer says when the free grade starts', async () => {
    const user = U + 7;
    const { paidEnd } = await subscribe(user);
    const r = await h.call('POST', '/subscribe/payments/downgrade', { user, body: {} });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      code: 'success',
      message: downgradeMessage(ymd(paidEnd)),
      data: { END_DATE: ymd(paidEnd) },
    });
    expect(await subscriptionOf(user)).toMatchObject({ status: 'CANCEL', cancel_reason: M.downgradeReason });
    expect((await h.call('GET', '/api/used/isUsed', { user })).body.status).toBe('valid');
    at(new Date(paidEnd.getTime() + MINUTE));
    await h.runJobs();
    expect(await charges(user)).toEqual(['SUBSCRIBE:3000']);
  });

  it("when a member names someone else's subscription, then it is not found and stays; an administrator may", async () => {
    const victim = U + 8;
    const { customerUid } = await subscribe(victim);
    const r = await h.call('POST', '/subscribe/payments/downgrade', {
      user: U + 9,
      body: { customer_uid: customerUid },
    });
    expect(r.status).toBe(404);
    expect((await subscriptionOf(victim)).status).toBe('START');
    const byAdmin = await h.call('POST', '/subscribe/payments/downgrade', {
      ...ADMIN,
      body: { customer_uid: customerUid, reason: '고객 요청' },
    });
    expect(byAdmin.status).toBe(200);
    expect(await subscriptionOf(victim)).toMatchObject({ status: 'CANCEL', cancel_reason: '고객 요청' });
  });
});
