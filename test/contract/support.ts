// Contract-test helpers: a cookie-keeping HTTP caller for the gateway, members made the way the
// web app makes them (join → mail → confirm → login), and a checker that validates a real answer
// against gateway/openapi.json with ajv (JSON Schema 2020-12, OpenAPI 3.1's dialect).
import { execSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import { createPool } from '@syn/kit';
import { Client } from 'pg';
import { seedAdmin } from '../../services/account/src/jobs/seed';
import { startStack, type Stack } from '../../scripts/stack';
import { topology } from '../../scripts/topology';

export const MAILDEV_URL = process.env.MAIL_WEB_URL ?? 'http://127.0.0.1:1080';
export const PASSWORD = 'contract pass 1';
export const run = randomBytes(3).toString('hex');
let seq = 0;

// --- the document ------------------------------------------------------------------------

interface Media {
  schema?: { $ref?: string };
}
interface ResponseObject {
  $ref?: string;
  content?: Record<string, Media>;
}
interface OperationObject {
  responses: Record<string, ResponseObject>;
}
export interface Document {
  paths: Record<string, Record<string, OperationObject>>;
  components: { responses: Record<string, ResponseObject>; schemas: Record<string, unknown> };
}

export const DOCUMENT = JSON.parse(
  readFileSync(path.resolve(__dirname, '../../gateway/openapi.json'), 'utf8'),
) as Document;

const ajv = new Ajv2020({ strict: false, allErrors: true });
ajv.addSchema(DOCUMENT, 'openapi.json');
const validators = new Map<string, ValidateFunction>();

function validator(ref: string): ValidateFunction {
  let v = validators.get(ref);
  if (!v) {
    const found = ajv.getSchema(`openapi.json${ref}`);
    if (!found) throw new Error(`no schema at ${ref}`);
    v = found;
    validators.set(ref, v);
  }
  return v;
}

/** Every documented operation, as `METHOD path`. */
export const OPERATIONS = Object.entries(DOCUMENT.paths).flatMap(([p, item]) =>
  Object.keys(item).map((m) => `${m.toUpperCase()} ${p}`),
);

/** Operations answered with a documented success body during the run. */
export const covered = new Set<string>();

export interface Reply {
  status: number;
  contentType: string;
  text: string;
  body: Record<string, unknown>;
}

/**
 * The answer's status is one the document lists for the operation, and its body matches the
 * schema listed there (success bodies per route, errors the common error shape).
 */
export function conforms(method: string, docPath: string, reply: Reply): void {
  const op = DOCUMENT.paths[docPath]?.[method.toLowerCase()];
  if (!op) throw new Error(`${method} ${docPath} is not documented`);
  let response = op.responses[String(reply.status)];
  if (!response) {
    throw new Error(
      `${method} ${docPath} answered ${reply.status}, which the document does not list: ${reply.text.slice(0, 300)}`,
    );
  }
  if (response.$ref) response = DOCUMENT.components.responses[response.$ref.split('/').pop()!]!;
  const type = Object.keys(response.content ?? {}).find((t) => reply.contentType.startsWith(t));
  if (!type) throw new Error(`${method} ${docPath}: content type ${reply.contentType} is not documented`);
  const ref = response.content![type]!.schema?.$ref;
  if (!ref) throw new Error(`${method} ${docPath}: no schema`);
  const data: unknown = type === 'application/json' ? JSON.parse(reply.text) : reply.text;
  const validate = validator(ref);
  if (!validate(data)) {
    throw new Error(
      `${method} ${docPath} ${reply.status} does not match ${ref}: ${ajv.errorsText(validate.errors)}\n${reply.text.slice(0, 600)}`,
    );
  }
  if (reply.status >= 200 && reply.status < 300) covered.add(`${method.toUpperCase()} ${docPath}`);
}

// --- calling the gateway -----------------------------------------------------------------------

/** A caller with its own cookie jar (the session cookie). */
export class Caller {
  cookie = '';
  id = 0;
  /** The device key this session claimed the account with (the web app's stored auth key). */
  authKey = '';
  constructor(
    readonly name: string,
    readonly email = '',
  ) {}
}

export interface CallOptions {
  /** The documented path when the real one fills a template (`/subscribe/{product}-billings`). */
  doc?: string;
  /** Expected status (200 unless said). */
  status?: number;
  /**
   * How a POST carries its fields, each a way the spec's clients send them: a flat JSON body (the
   * default), the query string ("as params") with an empty body, or one of the spec's envelope
   * objects (`{ params: … }`, `{ data: … }`, `{ paymentData: … }`, `{ paymentDataFromPG: … }`).
   */
  shape?: Shape;
  /** Fields sent beside an envelope (spec §7.3: `paymentData, item, user`). */
  beside?: Record<string, unknown>;
}

/** The envelope objects the spec's clients wrap a body in (kit `REQUEST_ENVELOPES`). */
export type Envelope = 'params' | 'data' | 'paymentData' | 'paymentDataFromPG';
export type Shape = 'flat' | 'query' | Envelope;

export function gateway(baseUrl: string) {
  /** Calls the gateway, checks the answer against the document, and returns it. */
  async function call(
    who: Caller | null,
    method: 'GET' | 'POST',
    target: string,
    body: Record<string, unknown> = {},
    opts: CallOptions = {},
  ): Promise<Reply> {
    const url = new URL(target, baseUrl);
    const shape = method === 'GET' ? 'query' : (opts.shape ?? 'flat');
    if (shape === 'query') for (const [k, v] of Object.entries(body)) url.searchParams.set(k, String(v));
    const sent = shape === 'flat' ? body : shape === 'query' ? {} : { [shape]: body, ...opts.beside };
    const res = await fetch(url, {
      method,
      headers: {
        accept: 'application/json',
        ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
        ...(who?.cookie ? { cookie: who.cookie } : {}),
      },
      body: method === 'POST' ? JSON.stringify(sent) : undefined,
    });
    const sid = res.headers.getSetCookie().find((c) => c.startsWith('sid='));
    if (who && sid) {
      const value = sid.slice(0, sid.indexOf(';'));
      who.cookie = value === 'sid=' ? '' : value;
    }
    const text = await res.text();
    const contentType = res.headers.get('content-type') ?? '';
    let parsed: Record<string, unknown> = {};
    if (contentType.startsWith('application/json')) parsed = JSON.parse(text) as Record<string, unknown>;
    const reply: Reply = { status: res.status, contentType, text, body: parsed };
    const expected = opts.status ?? 200;
    if (reply.status !== expected) {
      throw new Error(
        `${method} ${target} as ${who?.name ?? 'nobody'}: ${reply.status}, expected ${expected}: ${text.slice(0, 400)}`,
      );
    }
    conforms(method, opts.doc ?? url.pathname, reply);
    return reply;
  }
  return call;
}

// --- members ---------------------------------------------------------------------------------

interface Mail {
  text?: string;
  to: Array<{ address: string }>;
  time: string;
}

/** The id and key of the newest `page` link mailed to `to` (maildev's REST inbox). */
export async function mailedLink(
  to: string,
  page: 'confirmEmail' | 'changePwByMail',
): Promise<{ id: string; key: string }> {
  const deadline = Date.now() + 20_000;
  const pattern = new RegExp(`${page}\\?id=([^&\\s]+)&key=([^&\\s]+)`);
  while (Date.now() < deadline) {
    const mails = (await (await fetch(`${MAILDEV_URL}/email`)).json()) as Mail[];
    const mine = mails
      .filter((m) => m.to.some((t) => t.address.toLowerCase() === to.toLowerCase()))
      .sort((a, b) => Date.parse(b.time) - Date.parse(a.time));
    for (const mail of mine) {
      const match = mail.text ? pattern.exec(mail.text) : null;
      if (match) return { id: decodeURIComponent(match[1]!), key: decodeURIComponent(match[2]!) };
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no ${page} mail for ${to}`);
}

export function newEmail(tag: string): string {
  seq += 1;
  return `contract-${tag}-${run}-${seq}@test.syndict.local`;
}

export function joinBody(email: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: '계약회원',
    email,
    phone: '01012345678',
    password: PASSWORD,
    passwordConfirm: PASSWORD,
    agreePrivacy: true,
    agreeTerms: true,
    recommendUser: '',
    recommendType: 'NORMAL',
    ...extra,
  };
}

type Call = ReturnType<typeof gateway>;

/** join → confirmation mail → confirm → login, through the gateway; every answer checked. */
export async function member(call: Call, tag: string): Promise<Caller> {
  const email = newEmail(tag);
  const who = new Caller(tag, email);
  await call(null, 'POST', '/api/user/join', joinBody(email));
  const link = await mailedLink(email, 'confirmEmail');
  await call(null, 'POST', '/api/user/confirm', { secretId: link.id, secretKey: link.key });
  const login = await call(who, 'POST', '/api/user/login', { email, password: PASSWORD });
  who.id = Number((login.body.user as { id: number }).id);
  await claimDevice(call, who);
  return who;
}

/** As the web app does after every login: the session's device claims the account (spec §4). */
async function claimDevice(call: Call, who: Caller): Promise<void> {
  who.authKey = `contract-${randomBytes(6).toString('hex')}`;
  await call(who, 'POST', '/api/user/updateUserConnectInfo', { userId: who.id, userAuthKey: who.authKey });
}

export const ADMIN = { email: 'contract-admin@test.syndict.local', password: 'contract-admin-pass1' };

/** The test database's administrator (created once; the shared test database keeps it). */
export async function admin(call: Call, databaseUrl: string): Promise<Caller> {
  const pool = createPool(databaseUrl);
  try {
    await seedAdmin(pool, { NODE_ENV: 'test', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  } finally {
    await pool.end();
  }
  const who = new Caller('admin', ADMIN.email);
  const login = await call(who, 'POST', '/api/user/login', { email: ADMIN.email, password: ADMIN.password });
  who.id = Number((login.body.user as { id: number }).id);
  await claimDevice(call, who);
  return who;
}

/** A member of the predecessor service with one period still running (the legacy merge's input). */
export async function legacyAccount(databaseUrl: string, password: string): Promise<string> {
  const id = `contract${run}${++seq}`;
  const salt = randomBytes(4).toString('hex');
  const sha = createHash('sha256')
    .update(salt + password)
    .digest('hex');
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    await db.query('INSERT INTO legacy.members (legacy_id, password_salt, password_sha256) VALUES ($1, $2, $3)', [
      id,
      salt,
      sha,
    ]);
    await db.query(
      `INSERT INTO legacy.pay_history (legacy_id, sdate, edate, curstat, transfer)
       VALUES ($1, current_date - 20, current_date + 40, 'Y', NULL)`,
      [id],
    );
  } finally {
    await db.end();
  }
  return id;
}

// --- the stack and payments --------------------------------------------------------------------

export interface ContractStack {
  stack: Stack;
  call: Call;
  sandboxUrl: string;
  databaseUrl: string;
}

/**
 * The whole test stack (five services, gateway, PortOne sandbox) on this run's TEST_STACK_OFFSET,
 * once the dictionary answers a search.
 */
export async function startContractStack(tag: string): Promise<ContractStack> {
  const topo = topology('test');
  // The stack's progress lines stay quiet; a process that exits is worth seeing.
  const stack = await startStack({
    mode: 'test',
    output: 'files',
    log: (line) => {
      if (/exited/.test(line)) process.stderr.write(`[${tag}] ${line}\n`);
    },
  });
  await untilSearchAnswers(stack.baseUrl);
  return {
    stack,
    call: gateway(stack.baseUrl),
    sandboxUrl: `http://127.0.0.1:${topo.sandboxPort}`,
    databaseUrl: topo.env.DATABASE_URL!,
  };
}

/**
 * The gateway reports healthy once every service answers /health; the dictionary may still be
 * loading its sample data into the index then. Waits (up to a minute) until a search answers 200.
 */
async function untilSearchAnswers(baseUrl: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const res = await fetch(`${baseUrl}/api/dic/search/pyojaeItems`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ searchWord: '사랑' }),
    });
    await res.arrayBuffer();
    if (res.status === 200 || Date.now() > deadline) return;
    await new Promise((r) => setTimeout(r, 1_000));
  }
}

/** Checkouts through the API and the PortOne sandbox, as the payment screen makes them. */
export function payments(call: Call, sandboxUrl: string) {
  /** Pays an order in the sandbox's checkout with an always-approved card; answers the imp_uid. */
  async function payInSandbox(params: Record<string, unknown>): Promise<string | null> {
    const res = await fetch(`${sandboxUrl}/checkout/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ params, card_number: '4242-4242-4242-4242' }),
    });
    const rsp = (await res.json()) as { success: boolean; imp_uid: string | null; error_msg?: string };
    if (!rsp.success) throw new Error(`sandbox payment failed: ${rsp.error_msg}`);
    return rsp.imp_uid;
  }

  /** The one-off pass on sale (not the free week). */
  async function onePass(): Promise<{ ITEM_ID: number; TYPE: string; AMOUNT: number; NAME: string }> {
    const products = await call(null, 'GET', '/api/pay/products');
    const items = products.body.orderItems as Array<{ ITEM_ID: number; TYPE: string; AMOUNT: number; NAME: string }>;
    const pass = items.find((p) => p.TYPE === 'PASS' && p.AMOUNT > 0);
    if (!pass) throw new Error('no one-off pass on sale');
    return pass;
  }

  /** An order of the one-off pass paid in the sandbox, not yet verified by the API. */
  async function paidOrder(who: Caller): Promise<{ merchantUid: string; impUid: string }> {
    const pass = await onePass();
    const order = await call(who, 'POST', '/api/pay/order/create', {
      id: pass.ITEM_ID,
      pg: 'html5_inicis',
      pay_method: 'card',
    });
    const merchantUid = String(order.body.merchant_uid);
    const impUid = await payInSandbox({
      merchant_uid: merchantUid,
      amount: order.body.amount,
      name: order.body.name,
      pay_method: 'card',
    });
    return { merchantUid, impUid: String(impUid) };
  }

  /** A one-off pass bought and verified through the API. */
  async function buyPass(who: Caller): Promise<{ merchantUid: string; impUid: string }> {
    const paid = await paidOrder(who);
    await call(who, 'POST', '/api/pay/order/complete', { imp_uid: paid.impUid, merchant_uid: paid.merchantUid });
    return paid;
  }

  /** The ready record and the card's billing key of a monthly subscription, not yet charged. */
  async function registeredSubscription(who: Caller): Promise<{ merchantUid: string; customerUid: string }> {
    const ids = await call(who, 'GET', '/subscribe/generate-merchant-uid');
    const merchantUid = String(ids.body.merchant_uid);
    const customerUid = String(ids.body.customer_uid);
    await call(who, 'POST', '/subscribe/payments/initializeDatabase', {
      merchant_uid: merchantUid,
      item: { ITEM_ID: 6 },
    });
    // amount 0 with customer_uid: the checkout only registers the card's billing key.
    await payInSandbox({ merchant_uid: merchantUid, customer_uid: customerUid, amount: 0, name: '정기 결제' });
    return { merchantUid, customerUid };
  }

  /** A monthly subscription started the way the payment screen starts it. */
  async function subscribe(who: Caller): Promise<{ merchantUid: string; customerUid: string }> {
    const ids = await registeredSubscription(who);
    await call(
      who,
      'POST',
      '/subscribe/basic-billings',
      { merchant_uid: ids.merchantUid, customer_uid: ids.customerUid },
      { doc: '/subscribe/{product}-billings' },
    );
    return ids;
  }

  return { payInSandbox, onePass, paidOrder, buyPass, registeredSubscription, subscribe };
}

// --- the viewer in a browser -------------------------------------------------------------------

/** Debian's Chromium, as the browser tests use it (web/e2e/support/chromium.ts, an ES module we cannot require). */
export function chromiumPath(): string {
  const file = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(file)) {
    execSync('apt-get update && apt-get install -y chromium', {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      timeout: 15 * 60_000,
    });
  }
  return file;
}

/** Flags for a closed network (the browser tests' CHROMIUM_ARGS). */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
