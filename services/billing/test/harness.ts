// Starts the billing service in-process against PostgreSQL, Kafka, SMTP and the PortOne
// sandbox over HTTP, with a tiny real account-service stand-in for user lookups.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { DEVELOPMENT_IDENTITY_SECRET, GATEWAY_ISSUER, identityHeaders, startService, verifyIdentity } from '@syn/kit';
import { decodeEnvelope, encodeEnvelope, TOPICS, type ValidEnvelope } from '@syn/proto';
import { Kafka, logLevel } from 'kafkajs';
import { startSandbox, type Sandbox } from '../../../deploy/local/portone-sandbox/sandbox';
import { ManualClock } from '../src/domain/clock';
import { createBillingService } from '../src/service';
import type { UserContact } from '../src/domain/users';

export const DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/syndict_test';
export const SMTP_URL = process.env.SMTP_URL ?? 'smtp://127.0.0.1:1025';
export const MAILDEV_URL = process.env.MAILDEV_URL ?? 'http://127.0.0.1:1080';

export const CARDS = {
  ok: '4242-4242-4242-4242',
  declined: '4000-0000-0000-0002',
  declineRenewals: '4000-0000-0000-0341',
  declineOnce: '4000-0000-0000-0077',
};

/** A tiny real HTTP server with the account service's internal contract. */
export async function startDirectory(
  users: Map<number, UserContact>,
): Promise<{ url: string; calls: number[][]; close(): Promise<void> }> {
  const calls: number[][] = [];
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const body = JSON.parse(raw || '{}') as { ids?: number[]; column?: 'email' | 'name'; keyword?: string };
      res.setHeader('content-type', 'application/json');
      // As the account service does: only another service's signed call reaches /internal.
      const signed = verifyIdentity(DEVELOPMENT_IDENTITY_SECRET, req.method ?? '', req.url ?? '', req.headers);
      if (!signed.ok || signed.issuer !== 'billing') {
        res.statusCode = 401;
        res.end('{}');
      } else if (req.url === '/internal/users/lookup') {
        calls.push(body.ids ?? []);
        res.end(JSON.stringify({ users: (body.ids ?? []).map((id) => users.get(id)).filter(Boolean) }));
      } else if (req.url === '/internal/users/search') {
        const k = body.keyword ?? '';
        res.end(
          JSON.stringify({
            ids: [...users.values()]
              .filter((u) => (body.column === 'name' ? u.name : u.email).includes(k))
              .map((u) => u.id),
          }),
        );
      } else {
        res.statusCode = 404;
        res.end('{}');
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

const startBilling = (clock: ManualClock, env: Record<string, string>) =>
  startService(createBillingService({ clock }), env);
type BillingUnderTest = Awaited<ReturnType<typeof startBilling>>;

export interface Harness {
  url: string;
  svc: BillingUnderTest;
  sandbox: Sandbox;
  clock: ManualClock;
  prefix: string;
  scope: { userIdFrom: number; userIdTo: number };
  users: Map<number, UserContact>;
  directory: Awaited<ReturnType<typeof startDirectory>>;
  call(
    method: 'GET' | 'POST',
    path: string,
    opts?: { user?: number; grade?: number; body?: unknown },
  ): Promise<{ status: number; body: Record<string, unknown> }>;
  /** What the browser's IMP.request_pay does on the sandbox checkout page. */
  checkout(params: Record<string, unknown>, card?: string): Promise<Record<string, unknown>>;
  events(userId: number): Promise<ValidEnvelope[]>;
  sql<T = Record<string, unknown>>(text: string, args?: unknown[]): Promise<T[]>;
  runJobs(): ReturnType<BillingUnderTest['built']['runDueJobs']>;
  stop(): Promise<void>;
}

/** `userIdFrom` … +999 belong to one test file; its leftovers from earlier runs are removed first. */
export async function startHarness(userIdFrom: number, env: Record<string, string> = {}): Promise<Harness> {
  const scope = { userIdFrom, userIdTo: userIdFrom + 999 };
  const users = new Map<number, UserContact>();
  for (let id = userIdFrom; id <= scope.userIdTo; id++)
    users.set(id, { id, email: `member${id}@test.syndict.local`, name: `회원${id}` });
  const directory = await startDirectory(users);
  const sandbox = await startSandbox({ port: 0 });
  const clock = new ManualClock(new Date());
  const prefix = `t${Date.now().toString(36)}${randomBytes(3).toString('hex')}.`;
  const svc = await startBilling(clock, {
    PORT: '0',
    DATABASE_URL,
    KAFKA_BROKERS: process.env.KAFKA_BROKERS ?? '127.0.0.1:9092',
    KAFKA_TOPIC_PREFIX: prefix,
    LOG_LEVEL: 'silent',
    SMTP_URL,
    PORTONE_API_URL: sandbox.url,
    PORTONE_API_KEY: 'test-key',
    PORTONE_API_SECRET: 'test-secret',
    ACCOUNT_URL: directory.url,
    SCHEDULER_INTERVAL_MS: '0',
    RENEWAL_RETRY_MINUTES: '60,360',
    ...env,
  });
  sandbox.setWebhookUrl(`${svc.http.url}/api/pay/webhook`);
  const pool = svc.deps.pool;
  await cleanUsers(pool, scope);

  const h: Harness = {
    url: svc.http.url,
    svc,
    sandbox,
    clock,
    prefix,
    scope,
    users,
    directory,
    async call(method, path, opts = {}) {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      // As the gateway forwards a member on their current device, signed as it signs.
      if (opts.user !== undefined) {
        Object.assign(
          headers,
          identityHeaders(DEVELOPMENT_IDENTITY_SECRET, GATEWAY_ISSUER, method, path, {
            userId: opts.user,
            grade: opts.grade ?? 1,
            deviceState: 'current',
          }),
        );
      }
      const res = await fetch(svc.http.url + path, {
        method,
        headers,
        body: method === 'GET' ? undefined : JSON.stringify(opts.body ?? {}),
      });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    },
    async checkout(params, card = CARDS.ok) {
      const res = await fetch(`${sandbox.url}/checkout/pay`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ params, card_number: card }),
      });
      return (await res.json()) as Record<string, unknown>;
    },
    async events(userId) {
      const r = await pool.query<{ payload: Buffer }>(
        `SELECT payload FROM billing.outbox WHERE key = $1 AND topic = $2 ORDER BY seq`,
        [String(userId), `${prefix}billing.events`],
      );
      return r.rows.map((x) => decodeEnvelope(x.payload));
    },
    async sql(text, args = []) {
      return (await pool.query(text, args)).rows;
    },
    runJobs: () => svc.built.runDueJobs(clock.now(), scope),
    async stop() {
      await sandbox.idle();
      await svc.stop();
      await sandbox.close();
      await directory.close();
    },
  };
  return h;
}

async function cleanUsers(
  pool: import('@syn/kit').Pool,
  scope: { userIdFrom: number; userIdTo: number },
): Promise<void> {
  const args = [scope.userIdFrom, scope.userIdTo];
  await pool.query(`UPDATE billing.orders SET pass_id = NULL WHERE user_id BETWEEN $1 AND $2`, args);
  await pool.query(
    `DELETE FROM billing.payments WHERE order_id IN (SELECT order_id FROM billing.orders WHERE user_id BETWEEN $1 AND $2)`,
    args,
  );
  await pool.query(`DELETE FROM billing.passes WHERE user_id BETWEEN $1 AND $2`, args);
  await pool.query(`DELETE FROM billing.orders WHERE user_id BETWEEN $1 AND $2`, args);
  await pool.query(`DELETE FROM billing.subscriptions WHERE user_id BETWEEN $1 AND $2`, args);
  await pool.query(`DELETE FROM billing.billing_key_deletions WHERE user_id BETWEEN $1 AND $2`, args);
  await pool.query(`DELETE FROM billing.withdrawn_members WHERE user_id BETWEEN $1 AND $2`, args);
}

/** Create → checkout → complete, as the payment screen does. */
export async function buyPass(h: Harness, user: number, itemId = 1, card = CARDS.ok) {
  const created = await h.call('POST', '/api/pay/order/create', {
    user,
    body: { id: itemId, pay_method: 'card', pg: 'sandbox' },
  });
  const merchantUid = created.body.merchant_uid as string;
  const rsp = await h.checkout(
    { merchant_uid: merchantUid, amount: created.body.amount, name: created.body.name },
    card,
  );
  const completed = await h.call('POST', '/api/pay/order/complete', {
    user,
    body: { imp_uid: rsp.imp_uid, merchant_uid: merchantUid },
  });
  return { created, merchantUid, rsp, completed };
}

/** generate-merchant-uid → IMP.request_pay with customer_uid (billing key) → /subscribe/basic-billings. */
export async function subscribe(h: Harness, user: number, card = CARDS.ok) {
  const gen = await h.call('GET', '/subscribe/generate-merchant-uid', { user });
  const { merchant_uid: merchantUid, customer_uid: customerUid } = gen.body as {
    merchant_uid: string;
    customer_uid: string;
  };
  const rsp = await h.checkout(
    { merchant_uid: merchantUid, customer_uid: customerUid, amount: 0, name: '정기결제 등록' },
    card,
  );
  const billed = await h.call('POST', '/subscribe/basic-billings', {
    user,
    body: { paymentDataFromPG: { merchant_uid: merchantUid, customer_uid: customerUid } },
  });
  return { merchantUid, customerUid, rsp, billed };
}

export const DAY = 86_400_000;

/** The account service's side of the topic billing consumes: publishes its events on the test Kafka. */
export function accountProducer(clientId: string) {
  const kafka = new Kafka({
    clientId,
    brokers: (process.env.KAFKA_BROKERS ?? '127.0.0.1:9092').split(','),
    logLevel: logLevel.NOTHING,
  });
  const producer = kafka.producer();
  return {
    connect: () => producer.connect(),
    disconnect: () => producer.disconnect(),
    send: (h: Harness, ...envs: ValidEnvelope[]) =>
      producer.send({
        topic: h.prefix + TOPICS.account,
        messages: envs.map((e) => ({
          key: e.key,
          value: Buffer.from(encodeEnvelope(e)),
          headers: { 'event-id': e.id },
        })),
      }),
  };
}

/** Waits (60 s at most) until billing's coupon consumer has applied every one of these events. */
export async function couponConsumerApplied(h: Harness, ids: string[]): Promise<void> {
  const end = Date.now() + 60_000;
  for (;;) {
    const [r] = await h.sql<{ n: number }>(
      `SELECT count(*)::int AS n FROM billing.processed_events WHERE consumer = $1 AND event_id = ANY($2::uuid[])`,
      [`${h.prefix}billing-coupons`, ids],
    );
    if (r!.n === ids.length) return;
    if (Date.now() > end) throw new Error(`timed out waiting for ${ids.length} events`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** A harness for a file of coupon tests: the file's users start without coupons. */
export async function startCouponHarness(userIdFrom: number): Promise<Harness> {
  const h = await startHarness(userIdFrom);
  await h.sql(`DELETE FROM billing.coupons WHERE user_id BETWEEN $1 AND $2`, [userIdFrom, userIdFrom + 999]);
  return h;
}

/** Removes the coupon groups the file made, with their coupons, and stops the harness. */
export async function stopCouponHarness(h: Harness | undefined, groups: number[]): Promise<void> {
  if (h && groups.length) {
    await h.sql(`DELETE FROM billing.coupons WHERE group_id = ANY($1::int[])`, [groups]);
    await h.sql(`DELETE FROM billing.coupon_groups WHERE group_id = ANY($1::int[])`, [groups]);
  }
  await h?.stop();
}
