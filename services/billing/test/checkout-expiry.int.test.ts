// A checkout nobody paid does not wait forever: after CHECKOUT_TTL_MINUTES the scheduled job asks
// PortOne once more; a payment that went through (its completion never reached us) is granted, one
// that never did expires, leaves the member's payment history and stays for the administrator.
import { CHECKOUT_EXPIRED } from '../src/domain/status';
import { startHarness, type Harness } from './harness';

// Users 874000–874999 belong to this file.
const U = 874_000;
const TTL_MS = 30 * 60_000;
let h: Harness;
beforeAll(async () => {
  h = await startHarness(U);
});
afterAll(async () => {
  await h?.stop();
});

const createOrder = async (user: number) => {
  const created = await h.call('POST', '/api/pay/order/create', {
    user,
    body: { id: 1, pay_method: 'card', pg: 'sandbox' },
  });
  expect(created.status).toBe(200);
  return created.body as { merchant_uid: string; amount: number; name: string };
};

const history = async (user: number, admin = false) =>
  (
    await h.call('POST', '/api/used/paymentLists', {
      user: admin ? U + 999 : user,
      grade: admin ? 0 : 1,
      body: { userId: user, pageNum: 0, pageSize: 10 },
    })
  ).body as { total: number; datas: Array<{ MERCHANT_UID: string; STATUS: string }> };

test('when a checkout is closed unpaid, then it waits its time, then expires and leaves the member’s history', async () => {
  const user = U + 1;
  const order = await createOrder(user);
  expect((await history(user)).datas.map((d) => d.STATUS)).toEqual(['결제대기']);

  // Within the checkout's time nothing happens: the member may still be paying.
  h.clock.advance(TTL_MS - 60_000);
  expect((await h.runJobs()).checkoutsExpired).toBe(0);

  h.clock.advance(2 * 60_000);
  expect(await h.runJobs()).toMatchObject({ checkoutsExpired: 1, checkoutsPaid: 0 });
  const [row] = await h.sql<{ status: string; fail_reason: string }>(
    `SELECT o.status, p.fail_reason FROM billing.orders o JOIN billing.payments p USING (order_id) WHERE merchant_uid = $1`,
    [order.merchant_uid],
  );
  expect(row).toEqual({ status: 'FAIL', fail_reason: CHECKOUT_EXPIRED });
  expect(await history(user)).toEqual({ total: 0, datas: [] });
  // The administrator still sees what happened.
  expect((await history(user, true)).datas).toEqual([
    expect.objectContaining({ MERCHANT_UID: order.merchant_uid, STATUS: '결제실패' }),
  ]);
  // A second run finds nothing more to do.
  expect(await h.runJobs()).toMatchObject({ checkoutsExpired: 0, checkoutsPaid: 0 });
});

test('when a checkout was paid but its completion never came back, then the job grants the pass instead', async () => {
  const user = U + 2;
  const order = await createOrder(user);
  // Neither the browser's completion nor PortOne's webhook reaches us (both lost on the way).
  h.sandbox.setWebhookUrl('');
  try {
    const rsp = await h.checkout({ merchant_uid: order.merchant_uid, amount: order.amount, name: order.name });
    expect(rsp.success).toBe(true);
  } finally {
    h.sandbox.setWebhookUrl(`${h.url}/api/pay/webhook`);
  }
  expect((await h.call('GET', '/api/used/isUsed', { user })).body.status).toBe('none');

  h.clock.advance(TTL_MS + 60_000);
  expect(await h.runJobs()).toMatchObject({ checkoutsPaid: 1, checkoutsExpired: 0 });
  expect((await h.call('GET', '/api/used/isUsed', { user })).body.status).toBe('valid');
  expect((await history(user)).datas).toEqual([
    expect.objectContaining({ MERCHANT_UID: order.merchant_uid, STATUS: '결제완료' }),
  ]);
});
