import { EVENT_TYPES, PassStatus } from '@syn/proto';
import { BILLING_MESSAGES as M } from '@syn/kit/rules';
import { buyPass, CARDS, startHarness, type Harness } from './harness';

// Users 810000–810999 belong to this file.
const U = 810_000;
let h: Harness;
beforeAll(async () => {
  h = await startHarness(U);
});
afterAll(async () => {
  await h?.stop();
});

describe('one-off payment', () => {
  it('lists only the monthly subscription (item 6, 3,000 won) in the purchase catalogue', async () => {
    const r = await h.call('POST', '/api/dic/order/selectOrderItems', {});
    expect(r.status).toBe(200);
    expect(r.body.orderItems).toEqual([
      { ITEM_ID: 6, NAME: expect.any(String), PRICE: 3000, PROPERTY_ID: 1, TYPE: 'SUBSCRIBE', AMOUNT: 3000 },
    ]);
  });

  it('when a member pays the 3-month pass, then the provider amount is verified, one pass starts and events are in the outbox', async () => {
    const user = U + 1;
    const { created, merchantUid, completed } = await buyPass(h, user, 2);
    expect(created.body.amount).toBe(7500);
    expect(completed.status).toBe(200);
    expect(completed.body.status).toBe('success');

    const used = await h.call('POST', '/api/pay/order/usedSuccess', { user, body: { merchant_uid: merchantUid } });
    expect(used.body).toMatchObject({ status: 'success', redirect: '/order', used: { STATUS: 'START' } });

    const isUsed = await h.call('GET', `/api/used/isUsed?id=${user}`, { user });
    expect(isUsed.body.status).toBe('valid');
    expect(isUsed.body.used).toMatchObject({ ITEM_ID: 2, USER_ID: user, STATUS: 'START', MERCHANT_UID: merchantUid });
    expect((isUsed.body.used as { START_DATE: string }).START_DATE).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    const events = await h.events(user);
    expect(events.map((e) => e.type)).toEqual([EVENT_TYPES.paymentCompleted, EVENT_TYPES.passChanged]);
    const [paid, pass] = events;
    expect(paid!.event.case === 'paymentCompleted' && paid!.event.value).toMatchObject({
      userId: user,
      merchantUid,
      itemId: 2,
      amount: 7500,
    });
    expect(pass!.event.case === 'passChanged' && pass!.event.value.status).toBe(PassStatus.START);

    const history = await h.call('POST', '/api/used/paymentLists', { user, body: { pageNum: 0, pageSize: 10 } });
    expect(history.body.total).toBe(1);
    expect((history.body.datas as unknown[])[0]).toMatchObject({
      MERCHANT_UID: merchantUid,
      STATUS: '결제완료',
      ITEM_ID: 2,
      PG: 'sandbox',
      PAY_METHOD: 'card',
      REFUND: null,
    });
  });

  it('when the card is declined, then the order fails with the message and nothing is granted', async () => {
    const user = U + 2;
    const { merchantUid, rsp, completed } = await buyPass(h, user, 1, CARDS.declined);
    expect(rsp.success).toBe(false);
    expect(completed.status).toBe(400);
    expect(completed.body).toMatchObject({ error: true, code: 'fail' });
    const fail = await h.call('POST', '/api/pay/order/fail', {
      user,
      body: { imp_uid: rsp.imp_uid, merchant_uid: merchantUid, error_msg: rsp.error_msg },
    });
    expect(fail.body).toMatchObject({ status: 'fail', message: rsp.error_msg });
    const [order] = await h.sql<{ status: string; fail_reason: string }>(
      `SELECT o.status, p.fail_reason FROM billing.orders o JOIN billing.payments p USING (order_id) WHERE merchant_uid = $1`,
      [merchantUid],
    );
    expect(order).toEqual({ status: 'FAIL', fail_reason: expect.stringContaining('거절') });
    expect((await h.call('GET', '/api/used/isUsed', { user })).body.status).toBe('none');
    expect(await h.events(user)).toHaveLength(0);
  });

  it('when the checkout amount differs from the prepared one, then the provider refuses it', async () => {
    const user = U + 3;
    const created = await h.call('POST', '/api/pay/order/create', { user, body: { id: 1 } });
    const rsp = await h.checkout({ merchant_uid: created.body.merchant_uid, amount: 100, name: 'x' });
    expect(rsp.success).toBe(false);
  });

  it('when the provider shows a tampered amount, then nothing is granted, it is logged and the money goes back', async () => {
    const user = U + 4;
    const created = await h.call('POST', '/api/pay/order/create', { user, body: { id: 1 } });
    const merchantUid = created.body.merchant_uid as string;
    const forged = h.sandbox.forcePayment({ merchant_uid: merchantUid, amount: 100 });
    const r = await h.call('POST', '/api/pay/order/complete', {
      user,
      body: { imp_uid: forged.imp_uid, merchant_uid: merchantUid },
    });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe(M.amountMismatch);
    expect((await h.call('GET', '/api/used/isUsed', { user })).body.status).toBe('none');
    expect(await h.events(user)).toHaveLength(0);
    expect(h.sandbox.payment(forged.imp_uid)?.status).toBe('cancelled');
    const [row] = await h.sql<{ status: string; fail_reason: string }>(
      `SELECT o.status, p.fail_reason FROM billing.orders o JOIN billing.payments p USING (order_id) WHERE merchant_uid = $1`,
      [merchantUid],
    );
    expect(row).toEqual({ status: 'FAIL', fail_reason: expect.stringContaining('불일치') });
  });

  it('when the client sends another amount at order creation, then it is refused', async () => {
    const r = await h.call('POST', '/api/pay/order/create', { user: U + 5, body: { id: 1, amount: 10 } });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe(M.amountMismatch);
  });

  it('when the same payment is completed twice in a row, then one pass is granted', async () => {
    const user = U + 6;
    const { merchantUid, rsp } = await buyPass(h, user, 1);
    const again = await h.call('POST', '/api/pay/order/complete', {
      user,
      body: { imp_uid: rsp.imp_uid, merchant_uid: merchantUid },
    });
    expect(again.body.status).toBe('success');
    expect(await h.sql(`SELECT 1 FROM billing.passes WHERE user_id = $1`, [user])).toHaveLength(1);
    expect((await h.events(user)).filter((e) => e.event.case === 'paymentCompleted')).toHaveLength(1);
  });

  it('when the same payment is completed ten times at once (and its webhook), then one pass is granted', async () => {
    const user = U + 7;
    const created = await h.call('POST', '/api/pay/order/create', { user, body: { id: 1 } });
    const merchantUid = created.body.merchant_uid as string;
    h.sandbox.holdWebhooks(true);
    const rsp = await h.checkout({ merchant_uid: merchantUid, amount: 3800 });
    h.sandbox.holdWebhooks(false);
    const [results] = await Promise.all([
      Promise.all(
        Array.from({ length: 10 }, () =>
          h.call('POST', '/api/pay/order/complete', {
            user,
            body: { imp_uid: rsp.imp_uid, merchant_uid: merchantUid },
          }),
        ),
      ),
      h.sandbox.flushWebhooks(),
    ]);
    for (const r of results) expect(r.body.status).toBe('success');
    expect(await h.sql(`SELECT 1 FROM billing.passes WHERE user_id = $1`, [user])).toHaveLength(1);
    expect((await h.events(user)).filter((e) => e.event.case === 'passChanged')).toHaveLength(1);
  });

  it('when the webhook arrives before the browser callback, then the webhook grants and the callback finds it done', async () => {
    const user = U + 8;
    const created = await h.call('POST', '/api/pay/order/create', { user, body: { id: 1 } });
    const merchantUid = created.body.merchant_uid as string;
    const rsp = await h.checkout({ merchant_uid: merchantUid, amount: 3800 });
    await h.sandbox.idle();
    expect(h.sandbox.delivered().some((w) => w.merchant_uid === merchantUid && w.status === 'paid')).toBe(true);
    const [order] = await h.sql<{ status: string }>(`SELECT status FROM billing.orders WHERE merchant_uid = $1`, [
      merchantUid,
    ]);
    expect(order!.status).toBe('SUCCESS');
    const r = await h.call('POST', '/api/pay/order/complete', {
      user,
      body: { imp_uid: rsp.imp_uid, merchant_uid: merchantUid },
    });
    expect(r.body.status).toBe('success');
    expect(await h.sql(`SELECT 1 FROM billing.passes WHERE user_id = $1`, [user])).toHaveLength(1);
  });

  it('when the webhook arrives after the browser callback, then it changes nothing', async () => {
    const user = U + 9;
    h.sandbox.holdWebhooks(true);
    const { completed } = await buyPass(h, user, 1);
    h.sandbox.holdWebhooks(false);
    expect(completed.body.status).toBe('success');
    const before = (await h.events(user)).length;
    const sent = await h.sandbox.flushWebhooks();
    expect(sent.length).toBeGreaterThan(0);
    expect(await h.sql(`SELECT 1 FROM billing.passes WHERE user_id = $1`, [user])).toHaveLength(1);
    expect(await h.events(user)).toHaveLength(before);
  });

  it('when a forged webhook names a payment the provider does not know, then it is ignored', async () => {
    const r = await h.call('POST', '/api/pay/webhook', {
      body: { imp_uid: 'imps_forged', merchant_uid: 'ord_x', status: 'paid' },
    });
    expect(r.body).toMatchObject({ status: 'ok', outcome: 'ignored' });
  });

  it('when a member with a pass in use tries to buy, then it is refused with the spec message', async () => {
    const user = U + 10;
    await buyPass(h, user, 1);
    const r = await h.call('POST', '/api/pay/order/create', { user, body: { id: 1 } });
    expect(r.status).toBe(409);
    expect(r.body).toEqual({
      error: true,
      message: '현재 이용중인 이용권이 있습니다. 이용 기간이 끝난 후 결제해 주세요.',
    });
  });

  it('when the mobile redirect query is passed to complete, then the same flow grants (and imp_success=false records a failure)', async () => {
    const user = U + 11;
    const created = await h.call('POST', '/api/pay/order/create', { user, body: { id: 1 } });
    const merchantUid = created.body.merchant_uid as string;
    const rsp = await h.checkout({ merchant_uid: merchantUid, amount: 3800 });
    const ok = await h.call(
      'GET',
      `/api/pay/order/complete?imp_uid=${rsp.imp_uid as string}&merchant_uid=${merchantUid}&imp_success=true`,
      { user },
    );
    expect(ok.body.status).toBe('success');

    const user2 = U + 12;
    const c2 = await h.call('POST', '/api/pay/order/create', { user: user2, body: { id: 1 } });
    const bad = await h.call(
      'GET',
      `/api/pay/order/complete?merchant_uid=${c2.body.merchant_uid as string}&imp_success=false&error_msg=${encodeURIComponent('사용자가 결제를 취소하셨습니다')}`,
      { user: user2 },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('사용자가 결제를 취소하셨습니다');
  });

  it("when another member completes someone else's order, then it is not found", async () => {
    const { merchantUid, rsp } = await buyPass(h, U + 13, 1);
    const r = await h.call('POST', '/api/pay/order/complete', {
      user: U + 14,
      body: { imp_uid: rsp.imp_uid, merchant_uid: merchantUid },
    });
    expect(r.status).toBe(404);
    expect(r.body.message).toBe(M.paymentNotFound);
  });

  it('when an anonymous caller creates an order, then login is required', async () => {
    const r = await h.call('POST', '/api/pay/order/create', { body: { id: 1 } });
    expect(r.status).toBe(401);
  });

  it('when a pass ends, then the expiry job marks it EXPIRED and publishes it', async () => {
    const user = U + 15;
    await buyPass(h, user, 1);
    h.clock.advance(32 * 86_400_000);
    const report = await h.runJobs();
    expect(report.expired).toBeGreaterThanOrEqual(1);
    expect((await h.call('GET', '/api/used/isUsed', { user })).body.status).toBe('none');
    const list = await h.call('POST', '/api/used/usedList', { user, body: { pageNum: 0, pageSize: 10 } });
    expect((list.body.datas as { STATUS: string }[])[0]!.STATUS).toBe('EXPIRED');
    const last = (await h.events(user)).at(-1)!;
    expect(last.event.case === 'passChanged' && last.event.value.status).toBe(PassStatus.EXPIRED);
    h.clock.advance(-32 * 86_400_000);
  });
});
