/**
 * An administrator re-checks a stuck payment (POST /subscribe/payments/admin-success) from the
 * payment detail, through the gateway on the real stack: the member paid in the PortOne sandbox,
 * but the confirmation never reached us (no return to the site, the webhook held back), so the
 * order waits (STANDBY). The re-check asks PortOne, completes the order and grants the pass; an
 * order nobody paid is told as not found and stays waiting.
 *
 * Run: WEB_DIST=/tmp/x-dist TEST_STACK_OFFSET=150 npx jest --selectProjects e2e --runInBand \
 *   --runTestsByPath web/e2e/admin-payment-recheck.e2e.test.ts
 */
import { BILLING_MESSAGES as M } from '@syn/kit/rules';
import { topology } from '../../scripts/topology';
import { ADMIN_PAYMENT_TEXTS as T } from '../src/features/admin/payments/texts';
import { detailValue, eventually, seedAdminAccount, toast } from './support/admin';
import { useE2E, type Tab } from './support/browser';
import { verifiedMember } from './support/members';
import { signInInPage } from './support/signIn';

const e2e = useE2E();

const ADMIN = { email: 'recheck-e2e-admin@test.syndict.local', password: 'recheck-e2e-admin-pass1' };
const SANDBOX_URL = `http://127.0.0.1:${topology('test').sandboxPort}`;
/** The sandbox's always-approved card. */
const CARD_OK = '4242-4242-4242-4242';
/** The unpaid order's re-check answers 404 (payment not found), which the browser logs. */
const EXPECTED_HTTP_ERRORS = [/Failed to load resource: the server responded with a status of 404/];

async function sandbox(path: string, body: unknown): Promise<Record<string, unknown>> {
  const res = await fetch(`${SANDBOX_URL}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as Record<string, unknown>;
}

/** An order for a one-off pass, created by the signed-in member as the purchase page would. */
async function createOrder(member: Tab): Promise<{ merchant_uid: string; amount: number; name: string }> {
  const products = (await (await fetch(`${e2e().baseUrl}/api/pay/products`)).json()) as {
    orderItems: Array<{ ITEM_ID: number; TYPE: string; AMOUNT: number }>;
  };
  const pass = products.orderItems.find((p) => p.TYPE === 'PASS' && p.AMOUNT > 0);
  if (!pass) throw new Error('no one-off pass on sale');
  return member.page.evaluate(async (id) => {
    const res = await fetch('/api/pay/order/create', {
      method: 'POST',
      credentials: 'include',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id, pg: 'html5_inicis', pay_method: 'card' }),
    });
    if (!res.ok) throw new Error(`order create: ${res.status}`);
    return (await res.json()) as { merchant_uid: string; amount: number; name: string };
  }, pass.ITEM_ID);
}

beforeAll(() => seedAdminAccount(ADMIN));

test('when a paid order was never confirmed, then the administrator re-checks it and the order completes; an unpaid one stays waiting', async () => {
  const member = await e2e().open('desktop', '/');
  const credentials = await verifiedMember(e2e().baseUrl, 'recheck');
  await signInInPage(member, credentials.email, credentials.password);
  const paid = await createOrder(member);
  const unpaid = await createOrder(member);

  // Paid at PortOne, but the webhook is held back and the member never returns: the order is stuck.
  await sandbox('/sandbox/webhooks/hold', { hold: true });
  try {
    const pay = await sandbox('/checkout/pay', {
      params: { merchant_uid: paid.merchant_uid, amount: paid.amount, name: paid.name, pay_method: 'card' },
      card_number: CARD_OK,
    });
    expect(pay.success).toBe(true);

    const admin = await e2e().open('desktop', '/', { allowConsole: EXPECTED_HTTP_ERRORS });
    await signInInPage(admin, ADMIN.email, ADMIN.password);
    await admin.goto(`/mgrPayment/Detail?merchant_uid=${paid.merchant_uid}`);
    await admin.waitForHeading('결제 상세 정보');
    await expect(detailValue(admin, '주문 상태')).resolves.toBe('주문대기');
    await admin.page.getByText(T.recheckNote).waitFor();
    await expect(admin.accessibilityViolations()).resolves.toEqual([]);
    await admin.screenshot('mgrPayment_Detail_stuck');

    await admin.page.getByRole('button', { name: T.recheck }).click();
    await toast(admin, T.recheckPaid);
    await eventually(() => detailValue(admin, '주문 상태'), '주문완료');
    await expect(detailValue(admin, '결제 상태')).resolves.toBe('결제완료');
    await admin.page.getByRole('button', { name: T.recheck }).waitFor({ state: 'detached' });

    // The member's pass is granted: their usage says so.
    const used = await member.page.evaluate(async () => {
      const res = await fetch('/api/used/isUsed', { credentials: 'include' });
      return (await res.json()) as { status: string };
    });
    expect(used.status).toBe('valid');

    // Nobody paid this one: PortOne knows no payment, so it stays waiting.
    await admin.goto(`/mgrPayment/Detail?merchant_uid=${unpaid.merchant_uid}`);
    await admin.waitForHeading('결제 상세 정보');
    await admin.page.getByRole('button', { name: T.recheck }).click();
    await toast(admin, M.paymentNotFound);
    await expect(detailValue(admin, '주문 상태')).resolves.toBe('주문대기');
    admin.expectNoErrors();
    member.expectNoErrors();
  } finally {
    // Delivered late, the held webhook finds the order already complete (applied once).
    await sandbox('/sandbox/webhooks/hold', { hold: false });
    await sandbox('/sandbox/webhooks/flush', {});
  }
});
