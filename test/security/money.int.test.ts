// Regression tests for an attacker's review (items 2 and 4, money), through the gateway of a real
// test stack and the PortOne sandbox
// (`TEST_STACK_OFFSET=45 npx jest --selectProjects integration --runTestsByPath test/security/money.int.test.ts`):
// - 2: a cross-site top-level navigation (cookie sent, SameSite=Lax) to `GET /subscribe/basic-billings`
//   must not charge the member's stored card nor start a subscription; a cross-site `GET /api/user/logout`
//   must not end the session, while the app's own logout still does;
// - 4: an imp_uid recorded on another member's failed order must not keep its real owner's paid
//   payment from being completed (granted, never a 500 with the money taken).
import type { Pool } from 'pg';
import { startSecurityStack, type SecurityStack } from './support/stack';
import { call, type Reply } from './support/http';
import { APPROVED_CARD, createOrder, joinMember, payAtSandbox, type Member } from './support/members';

jest.setTimeout(120_000);

let secured: SecurityStack | undefined;
let baseUrl: string;
let sandboxUrl: string;
let pool: Pool;

beforeAll(async () => {
  secured = await startSecurityStack('money');
  ({ baseUrl, sandboxUrl, pool } = secured);
}, 300_000);

afterAll(async () => {
  await secured?.stop();
});

/** What a browser sends on a top-level navigation from another site: the cookie, no Origin. */
const crossSiteNavigation = (m: Member, extra: Record<string, string> = {}) => ({
  cookie: m.cookie,
  headers: {
    accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
    'sec-fetch-site': 'cross-site',
    'sec-fetch-mode': 'navigate',
    'sec-fetch-dest': 'document',
    ...extra,
  },
});

interface SandboxPayment {
  imp_uid: string;
  merchant_uid: string;
  customer_uid: string | null;
  status: string;
  amount: number;
}

async function sandboxPayments(): Promise<SandboxPayment[]> {
  const r = await call(sandboxUrl, 'GET', '/sandbox/state');
  const state = r.body.response as { payments: Record<string, SandboxPayment> };
  return Object.values(state.payments);
}

const ok = (what: string, r: Reply): Reply => {
  if (r.status !== 200) throw new Error(`${what}: ${r.status} ${r.text.slice(0, 300)}`);
  return r;
};

/** The member's card registered at PortOne as a billing key (the checkout with amount 0). */
async function storeCard(m: Member): Promise<{ customerUid: string; merchantUid: string }> {
  const ids = ok(
    'merchant uid',
    await call(baseUrl, 'GET', '/subscribe/generate-merchant-uid', {}, { cookie: m.cookie }),
  );
  const customerUid = String(ids.body.customer_uid);
  const merchantUid = String(ids.body.merchant_uid);
  const registered = await call(sandboxUrl, 'POST', '/checkout/pay', {
    params: { merchant_uid: merchantUid, customer_uid: customerUid, amount: 0, name: '정기 결제' },
    card_number: APPROVED_CARD,
  });
  expect(registered.body.success).toBe(true);
  return { customerUid, merchantUid };
}

/** Nothing charged to, granted to or started for the member. */
async function expectNothingCharged(m: Member, customerUid: string): Promise<void> {
  expect((await sandboxPayments()).filter((p) => p.customer_uid === customerUid)).toEqual([]);
  const used = ok('isUsed', await call(baseUrl, 'GET', '/api/used/isUsed', {}, { cookie: m.cookie }));
  expect(used.body.status).toBe('none');
  const info = ok(
    'subscription info',
    await call(baseUrl, 'POST', '/subscribe/info', { item_id: 6 }, { cookie: m.cookie }),
  );
  expect((info.body.data as { STATUS?: string } | null)?.STATUS).not.toBe('START');
  const paid = ok(
    'payment list',
    await call(baseUrl, 'POST', '/api/used/paymentLists', { pageNum: 0, pageSize: 10 }, { cookie: m.cookie }),
  );
  expect((paid.body.datas as { O_STATUS: string }[]).filter((o) => o.O_STATUS === 'SUCCESS')).toEqual([]);
}

describe('item 2: no GET charges, grants or ends a session for another site', () => {
  test('a cross-site navigation to GET /subscribe/basic-billings charges no stored card and starts no subscription', async () => {
    const victim = await joinMember(baseUrl, '피해자', 'money-victim');
    const { customerUid } = await storeCard(victim);

    // A merchant_uid of the attacker's choosing, and the victim's own ready record (initializeDatabase).
    const attack = await call(
      baseUrl,
      'GET',
      '/subscribe/basic-billings',
      { merchant_uid: `sub_attack_${Date.now().toString(36)}`, imp_success: 'true' },
      crossSiteNavigation(victim),
    );
    expect(attack.status).not.toBe(200);
    expect(attack.status).toBeLessThan(500);
    await expectNothingCharged(victim, customerUid);

    const ready = ok(
      'merchant uid',
      await call(baseUrl, 'GET', '/subscribe/generate-merchant-uid', {}, { cookie: victim.cookie }),
    );
    const readyUid = String(ready.body.merchant_uid);
    ok(
      'ready record',
      await call(
        baseUrl,
        'POST',
        '/subscribe/payments/initializeDatabase',
        { paymentData: { merchant_uid: readyUid }, item: { ITEM_ID: 6 } },
        { cookie: victim.cookie },
      ),
    );
    const onReady = await call(
      baseUrl,
      'GET',
      '/subscribe/basic-billings',
      { merchant_uid: readyUid, customer_uid: customerUid, imp_success: 'true' },
      crossSiteNavigation(victim),
    );
    expect(onReady.status).not.toBe(200);
    expect(onReady.status).toBeLessThan(500);
    await expectNothingCharged(victim, customerUid);
  });

  test('the mobile redirect GET still completes a subscription the member started with POST (idempotent)', async () => {
    const m = await joinMember(baseUrl, '구독자', 'money-subscriber');
    const { customerUid, merchantUid } = await storeCard(m);
    const started = await call(
      baseUrl,
      'POST',
      '/subscribe/basic-billings',
      { merchant_uid: merchantUid, customer_uid: customerUid },
      { cookie: m.cookie },
    );
    expect(started.status).toBe(200);
    const redirect = await call(
      baseUrl,
      'GET',
      '/subscribe/basic-billings',
      { merchant_uid: merchantUid, customer_uid: customerUid, imp_success: 'true' },
      crossSiteNavigation(m),
    );
    expect(redirect.status).toBe(200);
    expect(redirect.body).toMatchObject({ code: 'success', status: 'success', merchant_uid: merchantUid });
    // Charged once, by the POST.
    expect((await sandboxPayments()).filter((p) => p.customer_uid === customerUid)).toHaveLength(1);
  });

  test('GET /api/user/logout from another site leaves the session alone; the app’s own logout ends it', async () => {
    const m = await joinMember(baseUrl, '로그아웃', 'money-logout');
    // A member-only call (isUsed answers visitors too).
    const alive = async () =>
      (await call(baseUrl, 'POST', '/api/user/validate', { userId: m.id }, { cookie: m.cookie })).status === 200;

    const refusals: Reply[] = [
      // A link or redirect from another site (no Origin on a top-level GET, Referer stripped).
      await call(baseUrl, 'GET', '/api/user/logout', {}, crossSiteNavigation(m)),
      // An <img> or fetch from another page.
      await call(
        baseUrl,
        'GET',
        '/api/user/logout',
        {},
        { cookie: m.cookie, headers: { origin: 'https://evil.example' } },
      ),
      await call(
        baseUrl,
        'GET',
        '/api/user/logout',
        {},
        { cookie: m.cookie, headers: { referer: 'https://evil.example/page' } },
      ),
    ];
    // Express answers HEAD with the GET handler.
    const head = await fetch(`${baseUrl}/api/user/logout`, {
      method: 'HEAD',
      headers: { cookie: m.cookie, ...crossSiteNavigation(m).headers },
    });
    expect([...refusals.map((r) => r.status), head.status]).toEqual([403, 403, 403, 403]);
    expect(refusals[0]!.body).toEqual({ error: true, message: '다른 사이트에서 보낸 요청은 처리할 수 없습니다.' });
    expect(await alive()).toBe(true);

    // The web app's own call: same-origin fetch.
    const own = await call(
      baseUrl,
      'GET',
      '/api/user/logout',
      {},
      { cookie: m.cookie, headers: { 'sec-fetch-site': 'same-origin', referer: `${baseUrl}/userInfo` } },
    );
    expect(own.status).toBe(200);
    expect(await alive()).toBe(false);
  });
});

describe('item 4: a payment id recorded on another order', () => {
  // PortOne's notification would complete the victim's payment before the attacker could squat its
  // imp_uid; held, the victim's own complete is the first to record it, as when the webhook is late.
  beforeAll(async () => {
    ok('hold webhooks', await call(sandboxUrl, 'POST', '/sandbox/webhooks/hold', { hold: true }));
  });
  afterAll(async () => {
    await call(sandboxUrl, 'POST', '/sandbox/webhooks/hold', { hold: false });
    await call(sandboxUrl, 'POST', '/sandbox/webhooks/flush');
  });

  /** A one-off order paid at the sandbox, not yet completed with the service. */
  async function paidNotCompleted(m: Member): Promise<{ merchantUid: string; impUid: string }> {
    const { merchantUid, paid } = await payAtSandbox(baseUrl, sandboxUrl, m, APPROVED_CARD);
    expect(paid.body.success).toBe(true);
    return { merchantUid, impUid: String(paid.body.imp_uid) };
  }

  async function attackerOrder(attacker: Member): Promise<string> {
    return String((await createOrder(baseUrl, attacker, 2)).body.merchant_uid);
  }

  async function expectGranted(victim: Member, payment: { merchantUid: string; impUid: string }): Promise<void> {
    const complete = await call(
      baseUrl,
      'POST',
      '/api/pay/order/complete',
      { imp_uid: payment.impUid, merchant_uid: payment.merchantUid },
      { cookie: victim.cookie },
    );
    expect({ status: complete.status, body: complete.body }).toMatchObject({
      status: 200,
      body: { status: 'success', merchant_uid: payment.merchantUid },
    });
    const used = ok('isUsed', await call(baseUrl, 'GET', '/api/used/isUsed', {}, { cookie: victim.cookie }));
    expect(used.body.status).toBe('valid');
    const { rows } = await pool.query<{ merchant_uid: string }>(
      `SELECT o.merchant_uid FROM billing.payments p JOIN billing.orders o USING (order_id) WHERE p.imp_uid = $1`,
      [payment.impUid],
    );
    expect(rows.map((r) => r.merchant_uid)).toEqual([payment.merchantUid]);
  }

  test('when an attacker reports the victim’s imp_uid on his own failed order, then the victim’s complete still grants the pass', async () => {
    const [victim, attacker] = [
      await joinMember(baseUrl, '결제피해', 'money-squat-victim'),
      await joinMember(baseUrl, '결제공격', 'money-squat-attacker'),
    ];
    const payment = await paidNotCompleted(victim);
    const own = await attackerOrder(attacker);
    const fail = await call(
      baseUrl,
      'POST',
      '/api/pay/order/fail',
      { imp_uid: payment.impUid, merchant_uid: own, error_msg: '카드 거절' },
      { cookie: attacker.cookie },
    );
    expect(fail.status).toBe(200);
    expect(fail.body.status).toBe('fail');
    await expectGranted(victim, payment);
  });

  test('when an imp_uid was squatted before this fix (a row already holds it), then the real owner’s complete still grants the pass', async () => {
    const [victim, attacker] = [
      await joinMember(baseUrl, '결제피해', 'money-legacy-victim'),
      await joinMember(baseUrl, '결제공격', 'money-legacy-attacker'),
    ];
    const payment = await paidNotCompleted(victim);
    const own = await attackerOrder(attacker);
    // What an unverified fail stored before the fix.
    await pool.query(
      `INSERT INTO billing.payments (order_id, imp_uid, status, amount, currency, fail_reason, updated_at)
       SELECT order_id, $1, 'failed', amount, 'KRW', '카드 거절', now() FROM billing.orders WHERE merchant_uid = $2`,
      [payment.impUid, own],
    );
    await expectGranted(victim, payment);
  });
});
