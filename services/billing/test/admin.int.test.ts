import { BILLING_MESSAGES as M } from '@syn/kit/rules';
import { buyPass, CARDS, startHarness, type Harness } from './harness';

// Users 830000–830999 belong to this file; 830000 is the administrator.
const U = 830_000;
const ADMIN = { user: U, grade: 0 };
let h: Harness;
beforeAll(async () => {
  h = await startHarness(U);
});
afterAll(async () => {
  await h?.stop();
});

async function subscribe(user: number) {
  const gen = await h.call('GET', '/subscribe/generate-merchant-uid', { user });
  const { merchant_uid, customer_uid } = gen.body as { merchant_uid: string; customer_uid: string };
  await h.checkout({ merchant_uid, customer_uid, amount: 0 }, CARDS.ok);
  await h.call('POST', '/subscribe/basic-billings', { user, body: { merchant_uid, customer_uid } });
  return { merchant_uid, customer_uid };
}

/** A refund made at PortOne's console, not through us (the sandbox's own REST API). */
async function cancelAtProvider(body: { imp_uid: unknown; amount?: number; reason: string }): Promise<void> {
  const token = (await (
    await fetch(`${h.sandbox.url}/users/getToken`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ imp_key: 'k', imp_secret: 's' }),
    })
  ).json()) as { response: { access_token: string } };
  await fetch(`${h.sandbox.url}/payments/cancel`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: token.response.access_token },
    body: JSON.stringify(body),
  });
}

describe('administrator billing', () => {
  it('when a member (grade 1) calls an admin path, then it is refused even without the gateway', async () => {
    for (const path of [
      '/api/sys/selectPaymentItems',
      '/api/sys/order/cancel',
      '/api/used/isUsedByManager',
      '/subscribe/payments/admin-cancel',
    ]) {
      const r = await h.call('POST', path, { user: U + 1, grade: 1, body: {} });
      expect([path, r.status, r.body.message]).toEqual([path, 403, '관리자 권한이 필요합니다.']);
    }
  });

  it('when an admin refunds a one-off payment, then the provider refunds it with a checksum, the pass is cancelled and a second refund is refused', async () => {
    const user = U + 2;
    const { merchantUid, rsp } = await buyPass(h, user, 1);
    const r = await h.call('POST', '/api/sys/order/cancel', {
      ...ADMIN,
      body: { data: { merchant_uid: merchantUid, reason: '' } },
    });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ status: 'success', message: '환불이 완료되었습니다.' });
    expect(h.sandbox.payment(rsp.imp_uid as string)).toMatchObject({ status: 'cancelled', cancel_amount: 3800 });
    expect((await h.call('GET', '/api/used/isUsed', { user })).body.status).toBe('none');
    const events = await h.events(user);
    expect(events.map((e) => e.event.case).slice(-2)).toEqual(['passChanged', 'paymentRefunded']);

    const again = await h.call('POST', '/api/sys/order/cancel', {
      ...ADMIN,
      body: { data: { merchant_uid: merchantUid } },
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('이미 환불된 결제입니다.');

    const list = await h.call('POST', '/api/sys/selectPaymentItems', {
      ...ADMIN,
      body: { userCol: 'MERCHANT_UID', searchName: merchantUid, pageNum: 0, pageSize: 10 },
    });
    expect(list.body.totalCount).toBe(1);
    expect((list.body.datas as unknown[])[0]).toMatchObject({
      MERCHANT_UID: merchantUid,
      P_STATUS: '결제취소',
      O_STATUS: 'CANCEL',
      U_STATUS: 'CANCEL',
      REFUND: '환불완료',
      USEREMAIL: `member${user}@test.syndict.local`,
      USERNAME: `회원${user}`,
    });
  });

  it('when five refunds of one payment race, then exactly one refunds and the rest say it is already refunded', async () => {
    const user = U + 3;
    const { merchantUid, rsp } = await buyPass(h, user, 2);
    const all = await Promise.all(
      Array.from({ length: 5 }, () =>
        h.call('POST', '/api/sys/order/cancel', { ...ADMIN, body: { merchant_uid: merchantUid } }),
      ),
    );
    expect(all.filter((r) => r.status === 200)).toHaveLength(1);
    expect(all.filter((r) => r.status === 409 && r.body.message === M.alreadyRefunded)).toHaveLength(4);
    expect(h.sandbox.payment(rsp.imp_uid as string)!.cancel_history).toHaveLength(1);
    expect((await h.events(user)).filter((e) => e.event.case === 'paymentRefunded')).toHaveLength(1);
  });

  it('when the provider already refunded a payment our records missed, then no second refund happens and we catch up', async () => {
    const user = U + 4;
    const { merchantUid, rsp } = await buyPass(h, user, 1);
    // Refund at the provider behind our back (its console), webhook lost.
    h.sandbox.holdWebhooks(true);
    await cancelAtProvider({ imp_uid: rsp.imp_uid, reason: 'console' });
    h.sandbox.holdWebhooks(false);
    const r = await h.call('POST', '/api/sys/order/cancel', { ...ADMIN, body: { merchant_uid: merchantUid } });
    expect(r.status).toBe(409);
    expect(r.body.message).toBe(M.alreadyRefunded);
    expect(h.sandbox.payment(rsp.imp_uid as string)!.cancel_history).toHaveLength(1);
    const [row] = await h.sql<{ refunded_amount: number }>(
      `SELECT refunded_amount FROM billing.payments JOIN billing.orders USING (order_id) WHERE merchant_uid = $1`,
      [merchantUid],
    );
    expect(row!.refunded_amount).toBe(3800);
    await h.sandbox.flushWebhooks();
  });

  it('when part of a payment was refunded at the provider behind our back, then the checksum makes the provider refuse our full refund', async () => {
    const user = U + 10;
    const { merchantUid, rsp } = await buyPass(h, user, 1);
    h.sandbox.holdWebhooks(true);
    await cancelAtProvider({ imp_uid: rsp.imp_uid, amount: 1000, reason: 'partial' });
    const r = await h.call('POST', '/api/sys/order/cancel', { ...ADMIN, body: { merchant_uid: merchantUid } });
    expect(r.status).toBe(502);
    expect(r.body.message).toBe('오류로 인해 처리할 수 없습니다.');
    expect(h.sandbox.payment(rsp.imp_uid as string)).toMatchObject({ cancel_amount: 1000, status: 'paid' });
    h.sandbox.holdWebhooks(false);
    await h.sandbox.flushWebhooks();
  });

  it('when an admin refunds an unknown payment, then it is not found', async () => {
    const r = await h.call('POST', '/api/sys/order/cancel', { ...ADMIN, body: { merchant_uid: 'ord_nope' } });
    expect(r.status).toBe(404);
    expect(r.body.message).toBe('결제 정보를 찾을 수 없습니다.');
  });

  it('when an admin cancels a subscription, then it is refunded, auto-billing stops and no renewal happens', async () => {
    const user = U + 5;
    const { merchant_uid, customer_uid } = await subscribe(user);
    const r = await h.call('POST', '/api/sys/subscribe/admin-cancel', {
      ...ADMIN,
      body: { merchant_uid, customer_uid, reason: '관리자 해지' },
    });
    expect(r.body).toMatchObject({ status: 'success', message: '구독 해지 및 환불이 완료되었습니다.' });
    const info = await h.call('POST', '/subscribe/info', { user, body: { customer_uid } });
    expect(info.body).toMatchObject({ data: { STATUS: 'CANCEL', PASS_STATUS: 'CANCEL' } });
    h.clock.advance(40 * 86_400_000);
    await h.runJobs();
    h.clock.set(new Date());
    expect(await h.sql(`SELECT 1 FROM billing.orders WHERE user_id = $1 AND kind = 'RENEWAL'`, [user])).toHaveLength(0);
    const again = await h.call('POST', '/subscribe/payments/admin-cancel', { ...ADMIN, body: { merchant_uid } });
    expect(again.body.message).toBe('이미 환불된 결제입니다.');
  });

  it('when an admin registers an order, then type 0 is refused and a real product starts a pass shown in the member orders banner', async () => {
    const user = U + 6;
    const bad = await h.call('POST', '/api/sys/insertUserOrderItem', {
      ...ADMIN,
      body: { userId: user, orderType: 0 },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('등록할 상품을 선택해 주세요.');
    const ok = await h.call('POST', '/api/sys/insertUserOrderItem', { ...ADMIN, body: { userId: user, orderType: 4 } });
    expect(ok.body).toMatchObject({ status: 'START' });
    const orders = await h.call('POST', '/api/sys/selectUserOrderItems', {
      ...ADMIN,
      body: { userId: user, pageNum: 0, pageSize: 10 },
    });
    expect(orders.body.total).toBe(1);
    expect((orders.body.datas as unknown[])[0]).toMatchObject({
      ORDER_ID: expect.any(Number),
      NAME: '1주 무료 이용권',
      STATUS: 'START',
      LOCK_DATE: null,
    });
    expect(orders.body.used).toMatchObject({ product: { ITEM_ID: 4, NAME: '1주 무료 이용권' }, USER_ID: user });
    const banner = await h.call('POST', '/api/used/isUsedByManager', { ...ADMIN, body: { userId: user } });
    expect(banner.body).toMatchObject({ status: 'valid', used: { product: { ITEM_ID: 4 } } });
    // A second grant queues after the first (STANDBY), never overlapping.
    const queued = await h.call('POST', '/api/sys/insertUserOrderItem', {
      ...ADMIN,
      body: { userId: user, orderType: 1 },
    });
    expect(queued.body).toMatchObject({ status: 'STANDBY' });
  });

  it('when an admin searches payments by member email, then the account directory resolves the ids', async () => {
    const user = U + 7;
    await buyPass(h, user, 1);
    const r = await h.call('POST', '/api/sys/selectPaymentItems', {
      ...ADMIN,
      body: { userCol: 'USEREMAIL', searchName: `member${user}@`, pageNum: 0, pageSize: 10 },
    });
    expect(r.body.totalCount).toBe(1);
    expect((r.body.datas as { USEREMAIL: string; CREATE_DATE: string }[])[0]).toMatchObject({
      USEREMAIL: `member${user}@test.syndict.local`,
      CREATE_DATE: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
  });

  it('when a member cancels their own payment within the window, then it is refunded', async () => {
    const user = U + 8;
    const { merchantUid } = await buyPass(h, user, 1);
    const r = await h.call('POST', '/api/pay/order/cancel', { user, body: { merchant_uid: merchantUid } });
    expect(r.body).toMatchObject({
      status: 'success',
      item: { MERCHANT_UID: merchantUid, REFUND: '환불완료', O_STATUS: 'CANCEL' },
    });
    const other = await buyPass(h, U + 9, 1);
    const theft = await h.call('POST', '/api/pay/order/cancel', { user, body: { merchant_uid: other.merchantUid } });
    expect(theft.status).toBe(404);
  });
});
