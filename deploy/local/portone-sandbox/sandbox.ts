// A PortOne (I'mport) v1 sandbox for local runs and tests: the REST subset the billing
// service uses, with state (payments, billing keys, schedules, cancellations), a
// checkout page and browser script with the v1 callback contract, and webhooks.
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync, existsSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import express, { type Request, type Response, type NextFunction } from 'express';
import { approves, behaviourOf, DECLINE_MESSAGE, maskCard, normaliseCard } from './cards';
import { checkoutPage, IMP_SCRIPT } from './browser';

export type PaymentStatus = 'ready' | 'paid' | 'failed' | 'cancelled';

export interface SandboxPayment {
  imp_uid: string;
  merchant_uid: string;
  amount: number;
  cancel_amount: number;
  /** ISO 4217; request_pay's `currency` (default KRW), e.g. USD for a PayPal checkout. */
  currency: string;
  status: PaymentStatus;
  pay_method: string;
  pg_provider: string;
  name: string;
  buyer_email: string | null;
  buyer_name: string | null;
  customer_uid: string | null;
  card_number: string | null;
  card_name: string | null;
  fail_reason: string | null;
  cancel_reason: string | null;
  started_at: number;
  paid_at: number;
  failed_at: number;
  cancelled_at: number;
  cancel_history: { amount: number; reason: string; cancelled_at: number }[];
}

interface BillingKeyRecord {
  customer_uid: string;
  /** Kept in the sandbox only, so renewals follow the card's documented behaviour. */
  card: string;
  card_name: string;
  inserted: number;
  charges: number;
}

interface ScheduleRecord {
  customer_uid: string;
  merchant_uid: string;
  schedule_at: number;
  amount: number;
  name: string;
  schedule_status: 'scheduled' | 'executed' | 'revoked';
  imp_uid: string | null;
}

interface State {
  payments: Record<string, SandboxPayment>;
  /** merchant_uid → latest imp_uid. */
  byMerchant: Record<string, string>;
  prepared: Record<string, number>;
  billingKeys: Record<string, BillingKeyRecord>;
  schedules: ScheduleRecord[];
}

export interface Webhook {
  imp_uid: string;
  merchant_uid: string;
  status: PaymentStatus;
}

export interface SandboxOptions {
  port: number;
  /** Where webhooks go; empty for none (set later with setWebhookUrl). */
  webhookUrl?: string;
  /** JSON file that keeps state across restarts; memory only without it. */
  stateFile?: string;
  host?: string;
  /** When set, getToken accepts only this key/secret pair. */
  credentials?: { key: string; secret: string };
}

export interface Sandbox {
  url: string;
  close(): Promise<void>;
  setWebhookUrl(url: string): void;
  /** Hold webhooks in a queue (true) until flushWebhooks(); false sends them as they happen. */
  holdWebhooks(hold: boolean): void;
  flushWebhooks(): Promise<Webhook[]>;
  /** Resolves when every webhook sent so far was delivered (or gave up). */
  idle(): Promise<void>;
  /** Webhooks delivered (2xx) so far, oldest first. */
  delivered(): Webhook[];
  /** Executes schedules due at `now`. */
  runSchedules(now?: Date): Promise<SandboxPayment[]>;
  /**
   * Test seam: a paid payment recorded directly, bypassing prepare and checkout — what a provider
   * shows after a tampered client paid another amount on a PG without prepare. `currency`
   * (default KRW) records it as charged in another currency, as an international wallet does.
   */
  forcePayment(input: { merchant_uid: string; amount: number; name?: string; currency?: string }): SandboxPayment;
  payment(impUid: string): SandboxPayment | undefined;
  /** Test seam: whether a billing key is registered under `customerUid`. */
  hasBillingKey(customerUid: string): boolean;
}

const TOKEN_TTL_S = 30 * 60;
const unix = (d: Date = new Date()) => Math.floor(d.getTime() / 1000);

class ApiError extends Error {
  constructor(
    readonly http: number,
    message: string,
    readonly code = -1,
  ) {
    super(message);
  }
}

function str(v: unknown): string | undefined {
  return typeof v === 'string' && v.length > 0 ? v : undefined;
}
/** request_pay's `currency`: an ISO 4217 code; anything else means the default (KRW). */
function currencyOf(v: unknown): string | undefined {
  return typeof v === 'string' && /^[A-Za-z]{3}$/.test(v) ? v.toUpperCase() : undefined;
}
function won(v: unknown): number | undefined {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  return typeof n === 'number' && Number.isInteger(n) && n >= 0 ? n : undefined;
}

/** An absolute http(s) URL: the only kind of redirect target the checkout page follows. */
export function isHttpUrl(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

export async function startSandbox(opts: SandboxOptions): Promise<Sandbox> {
  let webhookUrl = opts.webhookUrl ?? '';
  let hold = false;
  const queue: Webhook[] = [];
  const inflight = new Set<Promise<void>>();
  const deliveredLog: Webhook[] = [];
  const tokens = new Map<string, number>();

  const state: State = { payments: {}, byMerchant: {}, prepared: {}, billingKeys: {}, schedules: [] };
  if (opts.stateFile && existsSync(opts.stateFile)) {
    Object.assign(state, JSON.parse(readFileSync(opts.stateFile, 'utf8')) as State);
  }
  function save(): void {
    if (!opts.stateFile) return;
    mkdirSync(path.dirname(opts.stateFile), { recursive: true });
    const tmp = `${opts.stateFile}.tmp`;
    writeFileSync(tmp, JSON.stringify(state, null, 1));
    renameSync(tmp, opts.stateFile);
  }

  function deliver(hook: Webhook): void {
    if (!webhookUrl) return;
    const url = webhookUrl;
    const p = (async () => {
      for (let attempt = 0; attempt < 3; attempt++) {
        try {
          const res = await fetch(url, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(hook),
            signal: AbortSignal.timeout(10_000),
          });
          if (res.ok) {
            deliveredLog.push(hook);
            return;
          }
        } catch {
          /* retried below */
        }
        await new Promise((r) => setTimeout(r, 200 * (attempt + 1)));
      }
    })();
    inflight.add(p);
    void p.finally(() => inflight.delete(p));
  }
  function notify(p: SandboxPayment): void {
    const hook = { imp_uid: p.imp_uid, merchant_uid: p.merchant_uid, status: p.status };
    if (hold) queue.push(hook);
    else deliver(hook);
  }

  function newImpUid(): string {
    return `imps_${Date.now().toString(36)}${randomBytes(5).toString('hex')}`;
  }

  function byMerchant(merchantUid: string): SandboxPayment | undefined {
    const imp = state.byMerchant[merchantUid];
    return imp ? state.payments[imp] : undefined;
  }

  interface ChargeInput {
    merchant_uid: string;
    amount: number;
    name: string;
    card: string;
    pay_method?: string;
    pg?: string;
    currency?: string;
    customer_uid?: string | null;
    buyer_email?: string | null;
    buyer_name?: string | null;
    approved: boolean;
    now?: Date;
  }

  function charge(input: ChargeInput): SandboxPayment {
    const existing = byMerchant(input.merchant_uid);
    if (existing && (existing.status === 'paid' || existing.status === 'cancelled')) {
      throw new ApiError(400, '이미 결제가 완료된 주문번호(merchant_uid)입니다.', 1);
    }
    const at = unix(input.now);
    let approved = input.approved;
    let reason: string | null = approved ? null : DECLINE_MESSAGE;
    const prepared = state.prepared[input.merchant_uid];
    if (prepared !== undefined && prepared !== input.amount) {
      approved = false;
      reason = '사전 등록된 결제 금액과 요청 금액이 일치하지 않습니다.';
    }
    const p: SandboxPayment = {
      imp_uid: newImpUid(),
      merchant_uid: input.merchant_uid,
      amount: input.amount,
      cancel_amount: 0,
      currency: input.currency ?? 'KRW',
      status: approved ? 'paid' : 'failed',
      pay_method: input.pay_method ?? 'card',
      pg_provider: input.pg ?? 'sandbox',
      name: input.name,
      buyer_email: input.buyer_email ?? null,
      buyer_name: input.buyer_name ?? null,
      customer_uid: input.customer_uid ?? null,
      card_number: input.card ? maskCard(input.card) : null,
      card_name: input.card ? '샌드박스카드' : null,
      fail_reason: reason,
      cancel_reason: null,
      started_at: at,
      paid_at: approved ? at : 0,
      failed_at: approved ? 0 : at,
      cancelled_at: 0,
      cancel_history: [],
    };
    state.payments[p.imp_uid] = p;
    state.byMerchant[p.merchant_uid] = p.imp_uid;
    save();
    notify(p);
    return p;
  }

  function chargeBillingKey(customerUid: string, merchantUid: string, amount: number, name: string, now?: Date) {
    const key = state.billingKeys[customerUid];
    if (!key) throw new ApiError(404, '등록되지 않은 구매자입니다.', 1);
    const behaviour = behaviourOf(key.card) ?? 'decline';
    const approved = approves(behaviour, key.charges);
    const p = charge({
      merchant_uid: merchantUid,
      amount,
      name,
      card: key.card,
      customer_uid: customerUid,
      approved,
      now,
    });
    if (p.status === 'paid') key.charges += 1;
    else if (behaviour === 'decline-once-on-renewal' && key.charges === 1) key.charges += 1; // next attempt approves
    save();
    return p;
  }

  function issueKey(customerUid: string, card: string): BillingKeyRecord {
    const b = behaviourOf(card);
    if (b === null) throw new ApiError(400, '카드 정보가 올바르지 않습니다.', 1);
    if (b === 'decline') throw new ApiError(400, `빌링키 발급 실패: ${DECLINE_MESSAGE}`, 1);
    const rec = {
      customer_uid: customerUid,
      card: normaliseCard(card),
      card_name: '샌드박스카드',
      inserted: unix(),
      charges: 0,
    };
    state.billingKeys[customerUid] = rec;
    save();
    return rec;
  }
  const keyView = (k: BillingKeyRecord) => ({
    customer_uid: k.customer_uid,
    card_name: k.card_name,
    card_number: maskCard(k.card),
    pg_provider: 'sandbox',
    inserted: k.inserted,
    updated: k.inserted,
  });

  const app = express();
  app.disable('x-powered-by');
  app.use(express.json());
  app.use(express.urlencoded({ extended: false }));
  const ok = (res: Response, response: unknown) => res.json({ code: 0, message: null, response });

  // --- browser side -------------------------------------------------------------
  app.get(['/v1/iamport.js', '/js/iamport.payment-1.2.0.js'], (_req, res) => {
    res.type('application/javascript').set('Access-Control-Allow-Origin', '*').send(IMP_SCRIPT);
  });
  app.get('/checkout', (req, res) => {
    const raw = typeof req.query.params === 'string' ? req.query.params : '{}';
    let params: unknown;
    try {
      params = JSON.parse(raw);
    } catch {
      throw new ApiError(400, 'params must be JSON');
    }
    // The page navigates to m_redirect_url after payment: a javascript: or data: target would run
    // script in the sandbox's origin (trusted by the gateway in development), so only http(s).
    const redirect =
      typeof params === 'object' && params !== null ? (params as Record<string, unknown>).m_redirect_url : undefined;
    if (redirect !== undefined && redirect !== null && redirect !== '' && !isHttpUrl(redirect)) {
      throw new ApiError(400, 'm_redirect_url은 http 또는 https 주소여야 합니다.');
    }
    res.type('html').send(checkoutPage(raw, req.query.mode === 'redirect' ? 'redirect' : 'iframe'));
  });
  // Answers with the v1 `rsp` object the browser callback receives.
  app.post('/checkout/pay', (req, res) => {
    const body = req.body as { params?: Record<string, unknown>; card_number?: unknown };
    const p = body.params ?? {};
    const merchantUid = str(p.merchant_uid);
    const amount = won(p.amount) ?? 0;
    const card = str(body.card_number) ?? '';
    const fail = (msg: string, code = 'F1002') =>
      res.json({ success: false, imp_uid: null, merchant_uid: merchantUid ?? null, error_code: code, error_msg: msg });
    if (!merchantUid) return fail('merchant_uid가 없습니다.');
    const behaviour = behaviourOf(card);
    if (behaviour === null) return fail('카드 정보가 올바르지 않습니다.');
    try {
      const customerUid = str(p.customer_uid) ?? null;
      if (customerUid) {
        issueKey(customerUid, card);
        if (amount === 0) {
          // Key registration only: v1 answers success without a payment.
          return res.json({
            success: true,
            imp_uid: null,
            merchant_uid: merchantUid,
            customer_uid: customerUid,
            paid_amount: 0,
            status: 'paid',
          });
        }
      }
      const pay = customerUid
        ? chargeBillingKey(customerUid, merchantUid, amount, str(p.name) ?? '')
        : charge({
            merchant_uid: merchantUid,
            amount,
            name: str(p.name) ?? '',
            card,
            pay_method: str(p.pay_method),
            pg: str(p.pg),
            currency: currencyOf(p.currency),
            buyer_email: str(p.buyer_email),
            buyer_name: str(p.buyer_name),
            approved: approves(behaviour, 0),
          });
      return res.json({
        success: pay.status === 'paid',
        imp_uid: pay.imp_uid,
        merchant_uid: pay.merchant_uid,
        customer_uid: pay.customer_uid,
        pay_method: pay.pay_method,
        pg_provider: pay.pg_provider,
        paid_amount: pay.status === 'paid' ? pay.amount : 0,
        status: pay.status,
        name: pay.name,
        card_number: pay.card_number,
        paid_at: pay.paid_at,
        error_code: pay.status === 'paid' ? null : 'F1002',
        error_msg: pay.fail_reason,
      });
    } catch (err) {
      if (err instanceof ApiError) return fail(err.message);
      throw err;
    }
  });

  // --- REST API (v1 shape: { code, message, response }) ---------------------------
  app.post('/users/getToken', (req, res) => {
    const key = str((req.body as Record<string, unknown>).imp_key);
    const secret = str((req.body as Record<string, unknown>).imp_secret);
    const good =
      key && secret && (!opts.credentials || (opts.credentials.key === key && opts.credentials.secret === secret));
    if (!good) throw new ApiError(401, '아임포트 API키 또는 secret이 올바르지 않습니다.');
    const token = randomBytes(20).toString('hex');
    const now = unix();
    tokens.set(token, now + TOKEN_TTL_S);
    ok(res, { access_token: token, now, expired_at: now + TOKEN_TTL_S });
  });

  const auth = (req: Request, _res: Response, next: NextFunction) => {
    const h = req.headers.authorization ?? String(req.headers['x-imp-token'] ?? '');
    const token = h.replace(/^Bearer\s+/i, '');
    const exp = tokens.get(token);
    if (!exp || exp < unix()) return next(new ApiError(401, 'Unauthorized'));
    next();
  };
  app.use(['/payments', '/subscribe'], auth);

  app.get('/payments/find/:merchant_uid', (req, res) => {
    const p = byMerchant(String(req.params.merchant_uid));
    if (!p) throw new ApiError(404, '존재하지 않는 결제정보입니다.');
    ok(res, p);
  });
  app.get('/payments/status/:status', (req, res) => {
    const status = String(req.params.status);
    const from = won(req.query.from) ?? 0;
    const to = won(req.query.to) ?? Number.MAX_SAFE_INTEGER;
    const limit = Math.min(won(req.query.limit) ?? 20, 100);
    const page = Math.max(won(req.query.page) ?? 1, 1);
    const all = Object.values(state.payments)
      .filter((p) => (status === 'all' || p.status === status) && p.started_at >= from && p.started_at < to)
      .sort((a, b) => a.started_at - b.started_at || a.imp_uid.localeCompare(b.imp_uid));
    const list = all.slice((page - 1) * limit, page * limit);
    ok(res, {
      total: all.length,
      previous: page > 1 ? page - 1 : 0,
      next: page * limit < all.length ? page + 1 : 0,
      list,
    });
  });
  app.get('/payments/prepare/:merchant_uid', (req, res) => {
    const amount = state.prepared[String(req.params.merchant_uid)];
    if (amount === undefined) throw new ApiError(404, '사전 등록된 결제정보가 없습니다.');
    ok(res, { merchant_uid: req.params.merchant_uid, amount });
  });
  app.post('/payments/prepare', (req, res) => {
    const b = req.body as Record<string, unknown>;
    const merchantUid = str(b.merchant_uid);
    const amount = won(b.amount);
    if (!merchantUid || amount === undefined) throw new ApiError(400, 'merchant_uid와 amount가 필요합니다.');
    if (state.prepared[merchantUid] !== undefined) throw new ApiError(400, '이미 등록된 merchant_uid입니다.', 1);
    state.prepared[merchantUid] = amount;
    save();
    ok(res, { merchant_uid: merchantUid, amount });
  });
  app.get('/payments/:imp_uid', (req, res) => {
    const p = state.payments[String(req.params.imp_uid)];
    if (!p) throw new ApiError(404, '존재하지 않는 결제정보입니다.');
    ok(res, p);
  });
  app.post('/payments/cancel', (req, res) => {
    const b = req.body as Record<string, unknown>;
    const impUid = str(b.imp_uid);
    const p = impUid ? state.payments[impUid] : byMerchant(str(b.merchant_uid) ?? '');
    if (!p) throw new ApiError(404, '취소할 결제건이 존재하지 않습니다.', 1);
    if (p.status !== 'paid') throw new ApiError(400, '이미 전액취소된 주문입니다.', 1);
    const cancellable = p.amount - p.cancel_amount;
    const checksum = b.checksum === undefined ? undefined : won(b.checksum);
    if (b.checksum !== undefined && checksum !== cancellable) {
      throw new ApiError(400, `[checksum] 취소가능금액(${cancellable})과 요청된 checksum이 일치하지 않습니다.`, 1);
    }
    const amount = b.amount === undefined ? cancellable : won(b.amount);
    if (amount === undefined || amount <= 0 || amount > cancellable)
      throw new ApiError(400, '취소 금액이 올바르지 않습니다.', 1);
    const reason = str(b.reason) ?? '';
    const at = unix();
    p.cancel_amount += amount;
    p.cancel_history.push({ amount, reason, cancelled_at: at });
    p.cancel_reason = reason;
    if (p.cancel_amount === p.amount) {
      p.status = 'cancelled';
      p.cancelled_at = at;
    }
    save();
    notify(p);
    ok(res, p);
  });

  app.get('/subscribe/customers/:customer_uid', (req, res) => {
    const k = state.billingKeys[String(req.params.customer_uid)];
    if (!k) throw new ApiError(404, '요청하신 customer_uid로 등록된 정보를 찾을 수 없습니다.', 1);
    ok(res, keyView(k));
  });
  app.post('/subscribe/customers/:customer_uid', (req, res) => {
    const card = str((req.body as Record<string, unknown>).card_number);
    if (!card) throw new ApiError(400, 'card_number가 필요합니다.');
    ok(res, keyView(issueKey(String(req.params.customer_uid), card)));
  });
  app.delete('/subscribe/customers/:customer_uid', (req, res) => {
    const uid = String(req.params.customer_uid);
    const k = state.billingKeys[uid];
    if (!k) throw new ApiError(404, '요청하신 customer_uid로 등록된 정보를 찾을 수 없습니다.', 1);
    delete state.billingKeys[uid];
    save();
    ok(res, keyView(k));
  });
  app.post('/subscribe/payments/again', (req, res) => {
    const b = req.body as Record<string, unknown>;
    const customerUid = str(b.customer_uid);
    const merchantUid = str(b.merchant_uid);
    const amount = won(b.amount);
    if (!customerUid || !merchantUid || !amount)
      throw new ApiError(400, 'customer_uid, merchant_uid, amount가 필요합니다.');
    const p = chargeBillingKey(customerUid, merchantUid, amount, str(b.name) ?? '');
    // v1: a declined card is code 0 with status "failed" and fail_reason.
    ok(res, p);
  });
  app.post('/subscribe/payments/schedule', (req, res) => {
    const b = req.body as { customer_uid?: unknown; schedules?: unknown };
    const customerUid = str(b.customer_uid);
    if (!customerUid || !state.billingKeys[customerUid]) throw new ApiError(404, '등록되지 않은 구매자입니다.', 1);
    if (!Array.isArray(b.schedules) || b.schedules.length === 0) throw new ApiError(400, 'schedules가 필요합니다.');
    const added: ScheduleRecord[] = [];
    for (const s of b.schedules as Record<string, unknown>[]) {
      const merchantUid = str(s.merchant_uid);
      const at = won(s.schedule_at);
      const amount = won(s.amount);
      if (!merchantUid || !at || !amount) throw new ApiError(400, 'merchant_uid, schedule_at, amount가 필요합니다.');
      if (state.schedules.some((x) => x.merchant_uid === merchantUid && x.schedule_status !== 'revoked')) {
        throw new ApiError(400, `이미 예약된 merchant_uid입니다: ${merchantUid}`, 1);
      }
      const rec: ScheduleRecord = {
        customer_uid: customerUid,
        merchant_uid: merchantUid,
        schedule_at: at,
        amount,
        name: str(s.name) ?? '',
        schedule_status: 'scheduled',
        imp_uid: null,
      };
      state.schedules.push(rec);
      added.push(rec);
    }
    save();
    ok(res, added);
  });
  app.post('/subscribe/payments/unschedule', (req, res) => {
    const b = req.body as { customer_uid?: unknown; merchant_uid?: unknown };
    const customerUid = str(b.customer_uid);
    const only = Array.isArray(b.merchant_uid)
      ? (b.merchant_uid as unknown[]).map(String)
      : str(b.merchant_uid)
        ? [String(b.merchant_uid)]
        : null;
    const revoked = state.schedules.filter(
      (s) =>
        s.customer_uid === customerUid && s.schedule_status === 'scheduled' && (!only || only.includes(s.merchant_uid)),
    );
    if (revoked.length === 0) throw new ApiError(404, '취소할 예약결제 기록이 존재하지 않습니다.', 1);
    for (const s of revoked) s.schedule_status = 'revoked';
    save();
    ok(res, revoked);
  });
  app.get('/subscribe/payments/schedule/:merchant_uid', (req, res) => {
    const s = state.schedules.find((x) => x.merchant_uid === req.params.merchant_uid);
    if (!s) throw new ApiError(404, '예약결제 정보가 없습니다.', 1);
    ok(res, s);
  });

  // --- sandbox controls (not part of PortOne) ----------------------------------------
  app.post('/sandbox/schedules/run', async (req, res) => {
    const at = won((req.body as Record<string, unknown>).now);
    ok(res, await handle.runSchedules(at ? new Date(at * 1000) : new Date()));
  });
  app.post('/sandbox/webhooks/hold', (req, res) => {
    handle.holdWebhooks((req.body as Record<string, unknown>).hold !== false);
    ok(res, { hold });
  });
  app.post('/sandbox/webhooks/flush', async (_req, res) => ok(res, await handle.flushWebhooks()));
  app.get('/sandbox/state', (_req, res) => ok(res, state));

  app.use((_req: Request, res: Response) => {
    res.status(404).json({ code: -1, message: 'Not Found', response: null });
  });
  app.use((err: unknown, _req: Request, res: Response, _next: NextFunction) => {
    if (err instanceof ApiError) {
      res.status(err.http).json({ code: err.code, message: err.message, response: null });
      return;
    }
    res.status(500).json({ code: -1, message: err instanceof Error ? err.message : 'error', response: null });
  });

  const server = createServer(app);
  const host = opts.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, host, () => resolve());
  });
  const url = `http://${host}:${(server.address() as AddressInfo).port}`;

  const handle: Sandbox = {
    url,
    async close() {
      await Promise.allSettled([...inflight]);
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
    setWebhookUrl(u) {
      webhookUrl = u;
    },
    holdWebhooks(h) {
      hold = h;
    },
    async flushWebhooks() {
      const sent = queue.splice(0, queue.length);
      for (const hook of sent) deliver(hook);
      await handle.idle();
      return sent;
    },
    async idle() {
      while (inflight.size > 0) await Promise.allSettled([...inflight]);
    },
    delivered: () => [...deliveredLog],
    async runSchedules(now = new Date()) {
      const done: SandboxPayment[] = [];
      for (const s of state.schedules) {
        if (s.schedule_status !== 'scheduled' || s.schedule_at > unix(now)) continue;
        const p = chargeBillingKey(s.customer_uid, s.merchant_uid, s.amount, s.name, now);
        s.schedule_status = 'executed';
        s.imp_uid = p.imp_uid;
        done.push(p);
      }
      save();
      return done;
    },
    forcePayment(input) {
      delete state.prepared[input.merchant_uid];
      return charge({
        merchant_uid: input.merchant_uid,
        amount: input.amount,
        name: input.name ?? '',
        card: '4242424242424242',
        currency: input.currency,
        approved: true,
      });
    },
    payment: (impUid) => state.payments[impUid],
    hasBillingKey: (customerUid) => customerUid in state.billingKeys,
  };
  return handle;
}
