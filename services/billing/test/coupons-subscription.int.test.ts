// Coupons used by a member who already has a pass, against real PostgreSQL, the PortOne sandbox
// and the billing jobs: a subscriber's coupon days queue after the paid month and push the next
// renewal back by exactly those days (no charge before, the paid month starts after them), coupons
// stack, a cancelled subscription keeps them, a refunded one lets them start at once, and a one-off
// pass holder's coupon waits too. An
// administrator's grant to a subscriber defers the renewal the same way.
import { COUPON_MESSAGES as M } from '@syn/kit/rules';
import { addMonths } from '../src/domain/catalogue';
import { ymd } from '../src/domain/format';
import {
  buyPass,
  CARDS,
  DAY,
  startCouponHarness,
  stopCouponHarness,
  subscribe as subscribeWith,
  type Harness,
} from './harness';

// Users 876000–876999 belong to this file; 876000 is the administrator.
const U = 876_000;
const ADMIN = { user: U, grade: 0 };
const run = Date.now().toString(36);
const MINUTE = 60_000;
let h: Harness;
const groups: number[] = [];

beforeAll(async () => {
  h = await startCouponHarness(U);
});
afterAll(() => stopCouponHarness(h, groups));
afterEach(() => {
  h.clock.set(new Date());
});

const admin = (path: string, body: Record<string, unknown>) => h.call('POST', path, { ...ADMIN, body });

/** A group of one coupon of catalogue item `couponType` (1 = 1 month, 4 = 1 week), assigned to `user`. */
async function couponFor(user: number, couponType: number, name: string): Promise<number> {
  const g = await admin('/api/sys/insertCouponGroupItem', {
    userId: U,
    couponType,
    couponName: `${name} ${run}`,
    note: '구독자 쿠폰 테스트',
    createCount: 1,
  });
  expect(g.status).toBe(200);
  const groupId = g.body.groupId as number;
  groups.push(groupId);
  const list = await admin('/api/sys/selectCouponItems', { couponGroupId: groupId, pageSize: 10, pageNum: 0 });
  const coupon = (list.body.datas as { ID: number }[])[0]!;
  const assigned = await admin('/api/sys/updateCouponItem', { couponId: coupon.ID, userId: user, status: 'USING' });
  expect(assigned.status).toBe(200);
  return coupon.ID;
}

async function useCoupon(user: number, couponId: number) {
  const r = await h.call('POST', '/api/coupon/use', { user, body: { userId: user, couponId } });
  expect(r.status).toBe(200);
  return r.body as {
    status: string;
    message: string;
    used: { STATUS: string; START_DATE: string; END_DATE: string };
  };
}

/** generate-merchant-uid → IMP.request_pay with customer_uid (billing key) → /subscribe/basic-billings. */
async function subscribe(user: number, card = CARDS.ok) {
  const { customerUid, billed } = await subscribeWith(h, user, card);
  expect(billed.status).toBe(200);
  const sub = await subscriptionOf(user);
  return { customerUid, paidEnd: sub.next_charge_at!, subPassId: sub.pass_id };
}

type PassRow = { pass_id: number; item_id: number; status: string; start_date: Date; end_date: Date };
const passesOf = (user: number) =>
  h.sql<PassRow>(
    `SELECT pass_id, item_id, status, start_date, end_date FROM billing.passes WHERE user_id = $1 ORDER BY start_date, pass_id`,
    [user],
  );
const subscriptionOf = async (user: number) =>
  (
    await h.sql<{ status: string; pass_id: number; next_charge_at: Date | null }>(
      `SELECT status, pass_id, next_charge_at FROM billing.subscriptions WHERE user_id = $1 ORDER BY subscription_id DESC`,
      [user],
    )
  )[0]!;
/** What the member was charged: every paid order's amount, in order. */
const charges = async (user: number) =>
  (
    await h.sql<{ kind: string; amount: number; status: string }>(
      `SELECT o.kind, o.amount, o.status FROM billing.orders o JOIN billing.payments p ON p.order_id = o.order_id
        WHERE o.user_id = $1 AND p.status = 'paid' ORDER BY o.order_id`,
      [user],
    )
  ).map((r) => `${r.kind}:${r.amount}`);
/** Renewal attempts made for the member, paid or declined (a charge tried is an order). */
const attempts = async (user: number) =>
  (await h.sql(`SELECT 1 FROM billing.orders WHERE user_id = $1 AND kind = 'RENEWAL'`, [user])).length;
const isUsed = async (user: number) =>
  (await h.call('GET', `/api/used/isUsed?id=${user}`, { user })).body.status as string;
const at = (d: Date) => h.clock.set(d);

describe('a coupon used while a pass is running', () => {
  it('when a subscriber uses a 1-week coupon, then its days follow the paid month and the renewal charges only after them', async () => {
    const user = U + 1;
    const { paidEnd, subPassId, customerUid } = await subscribe(user);
    const couponEnd = new Date(paidEnd.getTime() + 7 * DAY);

    const used = await useCoupon(user, await couponFor(user, 4, '구독 1주'));
    expect(used.used).toEqual(
      expect.objectContaining({ STATUS: 'STANDBY', START_DATE: ymd(paidEnd), END_DATE: ymd(couponEnd) }),
    );
    expect(used.message).toBe(
      `쿠폰이 사용되었습니다. 쿠폰 이용 기간(${ymd(paidEnd)} ~ ${ymd(couponEnd)})이 현재 이용 기간 뒤에 추가되었습니다. ` +
        `그 기간만큼 정기 결제가 미뤄져 다음 정기 결제일은 ${ymd(couponEnd)}입니다.`,
    );
    expect(used.message).not.toContain('결제해 주세요');
    expect((await subscriptionOf(user)).next_charge_at).toEqual(couponEnd);
    const info = await h.call('POST', '/subscribe/info', { user, body: { customer_uid: customerUid } });
    expect(info.body.data).toMatchObject({ STATUS: 'START', NEXT_PAY_DATE: ymd(couponEnd) });
    // What the withdrawal page says is lost: the paid month and the coupon week behind it.
    const remain = (await h.call('GET', '/api/used/isUsedRemain', { user })).body;
    expect(remain).toMatchObject({ status: 'valid', serviceEndDate: ymd(couponEnd), autoRenew: true });
    expect(remain.remainDays).toBe(Math.ceil((couponEnd.getTime() - h.clock.now().getTime()) / DAY));

    // The paid month is over: the coupon carries the member, nothing is charged.
    at(new Date(paidEnd.getTime() + MINUTE));
    await h.runJobs();
    expect(await charges(user)).toEqual(['SUBSCRIBE:3000']);
    expect(await isUsed(user)).toBe('valid');
    expect((await passesOf(user)).map((p) => [p.pass_id === subPassId, p.item_id, p.status])).toEqual([
      [true, 6, 'EXPIRED'],
      [false, 4, 'START'],
    ]);

    // A minute before the coupon ends: still nothing charged.
    at(new Date(couponEnd.getTime() - MINUTE));
    await h.runJobs();
    expect(await charges(user)).toEqual(['SUBSCRIBE:3000']);
    expect(await attempts(user)).toBe(0);

    // The coupon's last day is over: the renewal charges one month, which starts where the coupon ended.
    at(new Date(couponEnd.getTime() + MINUTE));
    await h.runJobs();
    expect(await charges(user)).toEqual(['SUBSCRIBE:3000', 'RENEWAL:3000']);
    const passes = await passesOf(user);
    expect(passes.map((p) => [p.item_id, p.status])).toEqual([
      [6, 'EXPIRED'],
      [4, 'EXPIRED'],
      [6, 'START'],
    ]);
    const renewed = passes[2]!;
    expect(renewed.start_date).toEqual(couponEnd);
    expect(renewed.end_date).toEqual(addMonths(couponEnd, 1));
    const sub = await subscriptionOf(user);
    expect(sub).toMatchObject({ status: 'START', pass_id: renewed.pass_id, next_charge_at: addMonths(couponEnd, 1) });
    expect(await isUsed(user)).toBe('valid');
  });

  it('when a subscriber uses two coupons, then they stack after the paid month and the renewal waits for both', async () => {
    const user = U + 2;
    const { paidEnd } = await subscribe(user);
    const weekEnd = new Date(paidEnd.getTime() + 7 * DAY);
    const monthEnd = addMonths(weekEnd, 1);

    const first = await useCoupon(user, await couponFor(user, 4, '누적 1주'));
    expect(first.used).toMatchObject({ START_DATE: ymd(paidEnd), END_DATE: ymd(weekEnd) });
    const second = await useCoupon(user, await couponFor(user, 1, '누적 1개월'));
    expect(second.used).toMatchObject({ STATUS: 'STANDBY', START_DATE: ymd(weekEnd), END_DATE: ymd(monthEnd) });
    expect(second.message).toContain(`다음 정기 결제일은 ${ymd(monthEnd)}입니다.`);
    expect((await subscriptionOf(user)).next_charge_at).toEqual(monthEnd);

    at(new Date(weekEnd.getTime() + MINUTE));
    await h.runJobs();
    expect((await passesOf(user)).map((p) => [p.item_id, p.status])).toEqual([
      [6, 'EXPIRED'],
      [4, 'EXPIRED'],
      [1, 'START'],
    ]);
    at(new Date(monthEnd.getTime() - MINUTE));
    await h.runJobs();
    expect(await charges(user)).toEqual(['SUBSCRIBE:3000']);
    expect(await attempts(user)).toBe(0);

    at(new Date(monthEnd.getTime() + MINUTE));
    await h.runJobs();
    const renewed = (await passesOf(user)).at(-1)!;
    expect([renewed.item_id, renewed.status, renewed.start_date]).toEqual([6, 'START', monthEnd]);
    expect(await charges(user)).toEqual(['SUBSCRIBE:3000', 'RENEWAL:3000']);
  });

  it('when the subscription is cancelled after a coupon, then the coupon days are still the member’s and nothing more is charged', async () => {
    const user = U + 3;
    const { paidEnd, customerUid } = await subscribe(user);
    const couponEnd = new Date(paidEnd.getTime() + 7 * DAY);
    await useCoupon(user, await couponFor(user, 4, '해지 1주'));

    const cancelled = await h.call('POST', '/subscribe/user-cancel-subscribe', {
      user,
      body: { customer_uid: customerUid, reason: '' },
    });
    expect(cancelled.status).toBe(200);
    // The service runs to the coupon's end, and the cancel answer says so.
    expect(cancelled.body.data).toMatchObject({ END_DATE: ymd(couponEnd) });
    expect((cancelled.body.data as { remainDays: number }).remainDays).toBeGreaterThanOrEqual(28 + 7);

    at(new Date(paidEnd.getTime() + MINUTE));
    await h.runJobs();
    expect(await isUsed(user)).toBe('valid');
    expect((await passesOf(user)).map((p) => [p.item_id, p.status])).toEqual([
      [6, 'EXPIRED'],
      [4, 'START'],
    ]);

    at(new Date(couponEnd.getTime() + MINUTE));
    await h.runJobs();
    expect(await attempts(user)).toBe(0);
    expect(await isUsed(user)).toBe('none');
    expect((await passesOf(user)).map((p) => p.status)).toEqual(['EXPIRED', 'EXPIRED']);
    expect(await charges(user)).toEqual(['SUBSCRIBE:3000']);
    expect((await subscriptionOf(user)).status).toBe('CANCEL');
  });

  it('when the subscription payment is refunded while a coupon waits, then the coupon days start at once instead of after the refunded month', async () => {
    const user = U + 8;
    await subscribe(user);
    await useCoupon(user, await couponFor(user, 4, '환불 1주'));
    const [order] = await h.sql<{ merchant_uid: string }>(
      `SELECT merchant_uid FROM billing.orders WHERE user_id = $1 AND kind = 'SUBSCRIBE'`,
      [user],
    );

    at(new Date(h.clock.now().getTime() + DAY));
    const refunded = await h.call('POST', '/subscribe/user-cancel-payments', {
      user,
      body: { merchant_uid: order!.merchant_uid },
    });
    expect(refunded.status).toBe(200);
    const now = h.clock.now();
    const weekEnd = new Date(now.getTime() + 7 * DAY);
    // No gap: the refunded month is gone and the coupon week runs from the refund.
    const passes = await passesOf(user);
    expect(passes.map((p) => [p.item_id, p.status])).toEqual([
      [6, 'CANCEL'],
      [4, 'START'],
    ]);
    expect([passes[1]!.start_date, passes[1]!.end_date]).toEqual([now, weekEnd]);
    expect(await isUsed(user)).toBe('valid');
    const remain = (await h.call('GET', '/api/used/isUsedRemain', { user })).body;
    expect(remain).toMatchObject({ remainDays: 7, serviceEndDate: ymd(weekEnd), autoRenew: false });

    at(new Date(weekEnd.getTime() + MINUTE));
    await h.runJobs();
    expect(await isUsed(user)).toBe('none');
    expect([await attempts(user), await charges(user)]).toEqual([0, []]);
  });

  it('when a renewal after the coupon days is declined once, then the retried month still starts where the coupon ended', async () => {
    const user = U + 4;
    const { paidEnd } = await subscribe(user, CARDS.declineOnce);
    const couponEnd = new Date(paidEnd.getTime() + 7 * DAY);
    await useCoupon(user, await couponFor(user, 4, '재시도 1주'));

    at(new Date(couponEnd.getTime() + MINUTE));
    await h.runJobs();
    expect([await attempts(user), await charges(user)]).toEqual([1, ['SUBSCRIBE:3000']]);
    // The retry comes after the back-off (60 minutes in the harness).
    at(new Date(couponEnd.getTime() + 61 * MINUTE));
    await h.runJobs();
    const renewed = (await passesOf(user)).at(-1)!;
    expect([renewed.item_id, renewed.status, renewed.start_date, renewed.end_date]).toEqual([
      6,
      'START',
      couponEnd,
      addMonths(couponEnd, 1),
    ]);
    expect(await charges(user)).toEqual(['SUBSCRIBE:3000', 'RENEWAL:3000']);
  });

  it('when a member with a one-off pass uses a coupon, then it waits after that pass instead of being refused', async () => {
    const user = U + 5;
    await buyPass(h, user, 1);
    const [bought] = await passesOf(user);
    const couponEnd = new Date(bought!.end_date.getTime() + 7 * DAY);
    const used = await useCoupon(user, await couponFor(user, 4, '이용권 1주'));
    expect(used.used).toEqual(
      expect.objectContaining({ STATUS: 'STANDBY', START_DATE: ymd(bought!.end_date), END_DATE: ymd(couponEnd) }),
    );
    expect(used.message).toBe(
      `쿠폰이 사용되었습니다. 쿠폰 이용권은 현재 이용 기간이 끝난 뒤 ${ymd(bought!.end_date)}부터 ${ymd(couponEnd)}까지 이용하실 수 있습니다.`,
    );
    at(new Date(bought!.end_date.getTime() + MINUTE));
    await h.runJobs();
    expect((await passesOf(user)).map((p) => [p.item_id, p.status])).toEqual([
      [1, 'EXPIRED'],
      [4, 'START'],
    ]);
  });

  it("when an administrator grants a subscriber a week, then the next charge waits for it too (as referral rewards' and legacy merges' passes do)", async () => {
    const user = U + 7;
    const { paidEnd } = await subscribe(user);
    const grantEnd = new Date(paidEnd.getTime() + 7 * DAY);

    const granted = await admin('/api/sys/insertUserOrderItem', { userId: user, orderType: 4 });
    expect(granted.status).toBe(200);
    expect(granted.body).toMatchObject({ status: 'STANDBY' });
    expect((await subscriptionOf(user)).next_charge_at).toEqual(grantEnd);

    // The paid month is over and the granted week carries the member: nothing is charged within it.
    at(new Date(grantEnd.getTime() - MINUTE));
    await h.runJobs();
    expect([await attempts(user), await charges(user)]).toEqual([0, ['SUBSCRIBE:3000']]);
    // After it, one renewal whose month starts where the week ended.
    at(new Date(grantEnd.getTime() + MINUTE));
    await h.runJobs();
    const renewed = (await passesOf(user)).at(-1)!;
    expect([renewed.item_id, renewed.start_date, renewed.end_date]).toEqual([6, grantEnd, addMonths(grantEnd, 1)]);
    expect(await charges(user)).toEqual(['SUBSCRIBE:3000', 'RENEWAL:3000']);
  });

  it('when a member without a pass uses a coupon, then it starts now with the plain message', async () => {
    const user = U + 6;
    const used = await useCoupon(user, await couponFor(user, 4, '즉시 1주'));
    expect(used).toMatchObject({ message: M.couponUsed, used: { STATUS: 'START' } });
  });
});
