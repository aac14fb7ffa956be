import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startSandbox, type Sandbox } from '../sandbox';

type V1<T = Record<string, unknown>> = { code: number; message: string | null; response: T };

async function api<T = Record<string, unknown>>(
  sb: Sandbox,
  method: string,
  p: string,
  token?: string,
  body?: unknown,
): Promise<{ status: number; body: V1<T> }> {
  const res = await fetch(sb.url + p, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as V1<T> };
}
const tokenOf = async (sb: Sandbox) =>
  (await api<{ access_token: string }>(sb, 'POST', '/users/getToken', undefined, { imp_key: 'k', imp_secret: 's' }))
    .body.response.access_token;
const pay = async (sb: Sandbox, params: Record<string, unknown>, card = '4242424242424242') =>
  (await (
    await fetch(`${sb.url}/checkout/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ params, card_number: card }),
    })
  ).json()) as Record<string, unknown>;

describe('PortOne sandbox', () => {
  let sb: Sandbox;
  let token: string;
  const hooks: Record<string, unknown>[] = [];
  const receiver = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      hooks.push(JSON.parse(raw) as Record<string, unknown>);
      res.end('ok');
    });
  });

  beforeAll(async () => {
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    sb = await startSandbox({
      port: 0,
      webhookUrl: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`,
    });
    token = await tokenOf(sb);
  });
  afterAll(async () => {
    await sb?.close();
    receiver.close();
  });

  it('serves the IMP browser script and a checkout page listing the test cards', async () => {
    const js = await fetch(`${sb.url}/v1/iamport.js`);
    expect(js.headers.get('content-type')).toContain('javascript');
    const text = await js.text();
    expect(text).toContain('window.IMP');
    expect(text).toContain('request_pay');
    const page = await (
      await fetch(
        `${sb.url}/checkout?params=${encodeURIComponent(JSON.stringify({ merchant_uid: 'm1', amount: 3000, name: '<b>x</b>' }))}`,
      )
    ).text();
    expect(page).toContain('4242-****-****-4242');
    expect(page).not.toContain('<b>x</b>');
  });

  it('refuses the REST API without a token', async () => {
    expect((await api(sb, 'GET', '/payments/imps_x')).status).toBe(401);
  });

  it('pays, is found by imp_uid and merchant_uid, and sends a webhook', async () => {
    const rsp = await pay(sb, { merchant_uid: 'sb_pay_1', amount: 3800, name: '1개월' });
    expect(rsp).toMatchObject({ success: true, merchant_uid: 'sb_pay_1', paid_amount: 3800 });
    const byImp = await api(sb, 'GET', `/payments/${rsp.imp_uid as string}`, token);
    expect(byImp.body).toMatchObject({ code: 0, response: { status: 'paid', amount: 3800, merchant_uid: 'sb_pay_1' } });
    const byMerchant = await api(sb, 'GET', '/payments/find/sb_pay_1', token);
    expect(byMerchant.body.response.imp_uid).toBe(rsp.imp_uid);
    await sb.idle();
    expect(hooks).toContainEqual({ imp_uid: rsp.imp_uid, merchant_uid: 'sb_pay_1', status: 'paid' });
    const dup = await pay(sb, { merchant_uid: 'sb_pay_1', amount: 3800 });
    expect(dup.success).toBe(false);
  });

  it('declines the decline card and fails a checkout whose amount differs from the prepared one', async () => {
    expect(await pay(sb, { merchant_uid: 'sb_dec', amount: 3800 }, '4000-0000-0000-0002')).toMatchObject({
      success: false,
      status: 'failed',
    });
    await api(sb, 'POST', '/payments/prepare', token, { merchant_uid: 'sb_prep', amount: 3800 });
    expect(await pay(sb, { merchant_uid: 'sb_prep', amount: 100 })).toMatchObject({ success: false });
  });

  it('cancels only with the right checksum, once', async () => {
    const rsp = await pay(sb, { merchant_uid: 'sb_cancel', amount: 7500 });
    const wrong = await api(sb, 'POST', '/payments/cancel', token, {
      imp_uid: rsp.imp_uid,
      checksum: 100,
      reason: 'x',
    });
    expect(wrong.body.code).not.toBe(0);
    const ok = await api(sb, 'POST', '/payments/cancel', token, { imp_uid: rsp.imp_uid, checksum: 7500, reason: 'x' });
    expect(ok.body.response).toMatchObject({ status: 'cancelled', cancel_amount: 7500 });
    const twice = await api(sb, 'POST', '/payments/cancel', token, {
      imp_uid: rsp.imp_uid,
      checksum: 7500,
      reason: 'x',
    });
    expect(twice.body.code).not.toBe(0);
  });

  it('issues billing keys, charges again, runs and revokes schedules, and declines renewals for the renewal-decline card', async () => {
    const key = await api(sb, 'POST', '/subscribe/customers/syn_6_1', token, { card_number: '4000-0000-0000-0341' });
    expect(key.body.response).toMatchObject({ customer_uid: 'syn_6_1', card_number: '4000-****-****-0341' });
    const first = await api(sb, 'POST', '/subscribe/payments/again', token, {
      customer_uid: 'syn_6_1',
      merchant_uid: 'sb_ag_1',
      amount: 3000,
    });
    expect(first.body.response.status).toBe('paid');
    const second = await api(sb, 'POST', '/subscribe/payments/again', token, {
      customer_uid: 'syn_6_1',
      merchant_uid: 'sb_ag_2',
      amount: 3000,
    });
    expect(second.body).toMatchObject({ code: 0, response: { status: 'failed' } });

    await api(sb, 'POST', '/subscribe/customers/syn_6_2', token, { card_number: '4242424242424242' });
    const at = Math.floor(Date.now() / 1000) + 3600;
    await api(sb, 'POST', '/subscribe/payments/schedule', token, {
      customer_uid: 'syn_6_2',
      schedules: [
        { merchant_uid: 'sb_sch_1', schedule_at: at, amount: 3000 },
        { merchant_uid: 'sb_sch_2', schedule_at: at + 10, amount: 3000 },
      ],
    });
    await api(sb, 'POST', '/subscribe/payments/unschedule', token, {
      customer_uid: 'syn_6_2',
      merchant_uid: ['sb_sch_2'],
    });
    expect(await sb.runSchedules(new Date())).toHaveLength(0);
    const ran = await sb.runSchedules(new Date((at + 60) * 1000));
    expect(ran.map((p) => [p.merchant_uid, p.status])).toEqual([['sb_sch_1', 'paid']]);
    expect((await api(sb, 'GET', '/subscribe/payments/schedule/sb_sch_2', token)).body.response.schedule_status).toBe(
      'revoked',
    );
    expect((await api(sb, 'DELETE', '/subscribe/customers/syn_6_2', token)).body.code).toBe(0);
    expect((await api(sb, 'GET', '/subscribe/customers/syn_6_2', token)).status).toBe(404);
  });

  it('lists payments for reconciliation', async () => {
    const r = await api<{ total: number; list: unknown[] }>(sb, 'GET', '/payments/status/all?limit=100', token);
    expect(r.body.response.total).toBeGreaterThanOrEqual(5);
  });
});

describe('PortOne sandbox state and credentials', () => {
  it('keeps payments and billing keys in its state file across restarts', async () => {
    const stateFile = path.join(mkdtempSync(path.join(tmpdir(), 'portone-')), 'state.json');
    const a = await startSandbox({ port: 0, stateFile });
    const rsp = await pay(a, { merchant_uid: 'persist_1', amount: 3000 });
    await a.close();
    const b = await startSandbox({ port: 0, stateFile });
    try {
      const t = await tokenOf(b);
      expect((await api(b, 'GET', `/payments/${rsp.imp_uid as string}`, t)).body.response.status).toBe('paid');
    } finally {
      await b.close();
    }
  });

  it('accepts only the configured key and secret when given', async () => {
    const sb = await startSandbox({ port: 0, credentials: { key: 'k1', secret: 's1' } });
    try {
      expect((await api(sb, 'POST', '/users/getToken', undefined, { imp_key: 'k1', imp_secret: 'bad' })).status).toBe(
        401,
      );
      expect((await api(sb, 'POST', '/users/getToken', undefined, { imp_key: 'k1', imp_secret: 's1' })).body.code).toBe(
        0,
      );
    } finally {
      await sb.close();
    }
  });
});
