import { PortOneClient } from '../src/adapters/portone';
import { reconcile } from '../src/jobs/reconcile';
import { buyPass, startHarness, type Harness } from './harness';

const U = 850_000;
let h: Harness;
beforeAll(async () => {
  h = await startHarness(U);
});
afterAll(async () => {
  await h?.stop();
});

it('when our records and the provider disagree, then reconciliation lists each difference and nothing else', async () => {
  const from = new Date(Date.now() - 60_000);
  const clean = await buyPass(h, U + 1, 1);
  const drift = await buyPass(h, U + 2, 1);
  await h.sql(
    `UPDATE billing.payments SET amount = 3000 WHERE order_id = (SELECT order_id FROM billing.orders WHERE merchant_uid = $1)`,
    [drift.merchantUid],
  );
  const stray = h.sandbox.forcePayment({ merchant_uid: `stray_${Date.now()}`, amount: 3800 });
  await h.sandbox.idle();
  const provider = new PortOneClient({ baseUrl: h.sandbox.url, apiKey: 'k', apiSecret: 's' });
  const diffs = await reconcile({
    pool: h.svc.deps.pool!,
    schema: 'billing',
    provider,
    from,
    to: new Date(Date.now() + 60_000),
  });
  const mine = diffs.filter((d) => [clean.merchantUid, drift.merchantUid, stray.merchant_uid].includes(d.merchantUid));
  expect(mine).toEqual([
    { kind: 'amount', merchantUid: drift.merchantUid, impUid: drift.rsp.imp_uid, ours: '3000', provider: '3800' },
    { kind: 'missing_here', merchantUid: stray.merchant_uid, impUid: stray.imp_uid, ours: '-', provider: 'paid 3800' },
  ]);
});
