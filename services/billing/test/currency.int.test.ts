// Payment currency: orders are won; the international wallet (PayPal) is charged in US dollars,
// the won amount / 1000 rounded up (spec §9). Verification compares currency and amount.
import { BILLING_MESSAGES as M } from '@syn/kit/rules';
import { startHarness, type Harness } from './harness';

// Users 872000–872999 belong to this file.
const U = 872_000;
let h: Harness;
beforeAll(async () => {
  h = await startHarness(U);
});
afterAll(async () => {
  await h?.stop();
});

async function createOrder(user: number, pg?: string) {
  const created = await h.call('POST', '/api/pay/order/create', {
    user,
    body: { id: 1, ...(pg ? { pg, pay_method: 'card' } : {}) },
  });
  expect(created.status).toBe(200);
  return { merchantUid: created.body.merchant_uid as string, amount: created.body.amount as number };
}

async function paymentRow(merchantUid: string) {
  const [row] = await h.sql<{ status: string; amount: number; currency: string | null; fail_reason: string | null }>(
    `SELECT o.status, p.amount, p.currency, p.fail_reason FROM billing.orders o JOIN billing.payments p USING (order_id)
      WHERE merchant_uid = $1`,
    [merchantUid],
  );
  return row;
}

const complete = (user: number, impUid: unknown, merchantUid: string) =>
  h.call('POST', '/api/pay/order/complete', { user, body: { imp_uid: impUid, merchant_uid: merchantUid } });

describe('payment currency', () => {
  it('when a PayPal order is paid 4 USD for 3,800 won, then it is granted, recorded in USD and counted in won', async () => {
    const user = U + 1;
    const { merchantUid, amount } = await createOrder(user, 'paypal');
    expect(amount).toBe(3800);
    const rsp = await h.checkout({
      merchant_uid: merchantUid,
      amount: 4,
      name: '1개월 이용권',
      pg: 'paypal',
      currency: 'USD',
    });
    expect(rsp.success).toBe(true); // the sandbox accepted it: the prepared amount was 4 (dollars)
    const r = await complete(user, rsp.imp_uid, merchantUid);
    expect(r.status).toBe(200);
    expect(r.body.status).toBe('success');
    expect(await paymentRow(merchantUid)).toEqual({ status: 'SUCCESS', amount: 4, currency: 'USD', fail_reason: null });
    const paid = (await h.events(user)).find((e) => e.event.case === 'paymentCompleted')!;
    expect(paid.event.case === 'paymentCompleted' && paid.event.value.amount).toBe(3800);

    // A refund returns the dollars to the provider and is counted as the order's won.
    const cancelled = await h.call('POST', '/api/pay/order/cancel', { user, body: { merchant_uid: merchantUid } });
    expect(cancelled.status).toBe(200);
    expect(h.sandbox.payment(rsp.imp_uid as string)).toMatchObject({ status: 'cancelled', cancel_amount: 4 });
    const refunded = (await h.events(user)).find((e) => e.event.case === 'paymentRefunded')!;
    expect(refunded.event.case === 'paymentRefunded' && refunded.event.value.amount).toBe(3800);
  });

  it('when a card (won) order is paid the same number in USD, then nothing is granted and the payment is cancelled', async () => {
    const user = U + 2;
    const { merchantUid, amount } = await createOrder(user);
    // The amount matches what was prepared, so only the currency tells this payment apart.
    const rsp = await h.checkout({ merchant_uid: merchantUid, amount, name: '1개월 이용권', currency: 'USD' });
    expect(h.sandbox.payment(rsp.imp_uid as string)).toMatchObject({ amount, currency: 'USD', status: 'paid' });
    const r = await complete(user, rsp.imp_uid, merchantUid);
    expect(r.status).toBe(400);
    expect(r.body.message).toBe(M.amountMismatch);
    expect((await h.call('GET', '/api/used/isUsed', { user })).body.status).toBe('none');
    expect(await h.events(user)).toHaveLength(0);
    expect(h.sandbox.payment(rsp.imp_uid as string)).toMatchObject({ status: 'cancelled', cancel_amount: amount });
    expect(await paymentRow(merchantUid)).toMatchObject({
      status: 'FAIL',
      currency: 'USD',
      fail_reason: '결제 통화 불일치: 주문 3800원, 결제 3800 USD',
    });
  });

  it('when a PayPal order is paid its dollar figure in won, then it is refused', async () => {
    const user = U + 3;
    const { merchantUid } = await createOrder(user, 'paypal');
    const rsp = await h.checkout({ merchant_uid: merchantUid, amount: 4, name: '1개월 이용권', pg: 'paypal' });
    expect(h.sandbox.payment(rsp.imp_uid as string)?.currency).toBe('KRW');
    const r = await complete(user, rsp.imp_uid, merchantUid);
    expect(r.status).toBe(400);
    expect(await h.sql(`SELECT 1 FROM billing.passes WHERE user_id = $1`, [user])).toHaveLength(0);
    expect(h.sandbox.payment(rsp.imp_uid as string)?.status).toBe('cancelled');
    expect((await paymentRow(merchantUid))?.fail_reason).toBe('결제 통화 불일치: 주문 4 USD, 결제 4원');
  });

  it('when only the webhook reports a payment in another currency, then it is refused the same way', async () => {
    const user = U + 4;
    const { merchantUid, amount } = await createOrder(user);
    const forged = h.sandbox.forcePayment({ merchant_uid: merchantUid, amount, currency: 'JPY' });
    await h.sandbox.idle(); // the sandbox's webhook has reached the service
    expect(h.sandbox.delivered().some((w) => w.imp_uid === forged.imp_uid)).toBe(true);
    expect(await h.sql(`SELECT 1 FROM billing.passes WHERE user_id = $1`, [user])).toHaveLength(0);
    expect(h.sandbox.payment(forged.imp_uid)?.status).toBe('cancelled');
    expect(await paymentRow(merchantUid)).toMatchObject({ status: 'FAIL', currency: 'JPY' });
  });

  it('when a card checkout names KRW explicitly, then it is granted as usual', async () => {
    const user = U + 5;
    const { merchantUid, amount } = await createOrder(user);
    const rsp = await h.checkout({ merchant_uid: merchantUid, amount, name: '1개월 이용권', currency: 'krw' });
    const r = await complete(user, rsp.imp_uid, merchantUid);
    expect(r.status).toBe(200);
    expect(r.body.status).toBe('success');
    expect(await paymentRow(merchantUid)).toMatchObject({ status: 'SUCCESS', amount, currency: 'KRW' });
  });
});
