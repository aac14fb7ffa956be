/**
 * Hostile input: a property-based fuzzer sends every route of the catalog
 * (routes.ts), as a visitor, a member and an administrator, malformed and extreme requests
 * through the gateway of a whole test stack (payloads in fuzz/payloads.ts). For each request:
 * no 5xx, no stack trace or internal error text in the answer, and no write — the stack's data
 * (every PostgreSQL table, MongoDB collection and Redis key, fuzz/fingerprint.ts) is compared
 * before and after each request. A request the service refused must have written nothing; a
 * request of the `invalid` kind must not have written even if it was accepted. A request of
 * the `edge` kind (an extreme but well-typed value) may be accepted, and then may write. Every
 * 4xx answer carries a Korean message (Hangul, never zod's English defaults such as "Invalid input").
 *
 * A fixed corpus adds, for every field of every billing, coupon and wordbook route: lone
 * surrogates (exactly 400, before any work), oversized free text (200,000 characters) and values
 * of the wrong type (number, object, array, boolean, null), one field at a time (fuzz/payloads.ts
 * `fieldCases`).
 *
 * The stack gets its own PostgreSQL database and Redis database so other test runs on the
 * machine cannot change the fingerprint. Seeded: FUZZ_SEED (default below) and FUZZ_RUNS
 * (cases per route and caller) reproduce a run; a failure prints the seed and the request.
 *
 * Run: TEST_STACK_OFFSET=32 npx jest test/security/fuzz.int.test.ts --selectProjects integration
 */
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { Pool } from 'pg';
import { seedAdmin } from '../../services/account/src/jobs/seed';
import { startStack, type Stack } from '../../scripts/stack';
import { testStackOffset } from '../../scripts/topology';
import { changedParts, openDataStores, type DataStores, type Fingerprint } from './fuzz/fingerprint';
import { fieldCases, hostileRequest, type FuzzRequest } from './fuzz/payloads';
import { ANONYMOUS_USER_ID, API_ROUTES, type ApiRoute, type RouteContext } from './routes';
import { joinBody, linkIn, readMail } from '../../services/account/test/support';

const SEED = Number(process.env.FUZZ_SEED ?? 20261122);
const RUNS = Number(process.env.FUZZ_RUNS ?? 4);
const OFFSET = testStackOffset();
const DATABASE = `syndict_fuzz${OFFSET}`;
const POSTGRES_ADMIN_URL = process.env.FUZZ_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DATABASE_URL = POSTGRES_ADMIN_URL.replace(/\/[^/]*$/, `/${DATABASE}`);
/**
 * A MongoDB database paired with the PostgreSQL one: member ids come from this file's database, so
 * in the shared test MongoDB they would meet another stack's wordbook items under the same ids.
 */
const MONGO_URL = process.env.FUZZ_MONGO_URL ?? `mongodb://127.0.0.1:27017/${DATABASE}`;
/** Redis db 1 is every test stack's; the fuzzer's stack keeps to its own. */
const REDIS_URL = process.env.FUZZ_REDIS_URL ?? 'redis://127.0.0.1:6379/3';
const BODY_LIMIT_BYTES = 256 * 1024;
const MAX_HEADER_BYTES = 16 * 1024;

/** Internal error text that must never reach a client. */
const LEAKS: RegExp[] = [
  /\bat .*\.(ts|js|mjs|cjs):\d+/,
  /\bError:/,
  /\b(TypeError|ReferenceError|SyntaxError|RangeError|ZodError|MongoServerError|MongoError|BSONError|CastError)\b/,
  /syntax error at or near|violates [a-z -]*constraint|duplicate key value|invalid input syntax|invalid byte sequence|relation "[^"]*" does not exist|column "[^"]*" does not exist|SQLSTATE|unterminated quoted|out of range for type/i,
  /node_modules|\/work\/|ECONNREFUSED|ETIMEDOUT|EPIPE/,
  /E11000|Maximum call stack/,
];

const HANGUL = /[\uac00-\ud7a3]/;
/** zod's English default wording (v3 and v4), which must never reach a client. */
const ENGLISH_ZOD =
  /Invalid input|\bexpected\b|\breceived\b|Too (big|small)|\bRequired\b|Invalid (enum|option|string|type|element|key|union)/i;

/** Why a 4xx answer's message is not one a Korean client can read (null when it is). */
function notKorean(answer: { status: number; body: string }): string | null {
  // No body: the connection was closed on an oversized request (send() reports 413 / 431 itself).
  if (answer.status < 400 || answer.status >= 500 || answer.body === '') return null;
  let message: unknown;
  try {
    message = (JSON.parse(answer.body) as { message?: unknown } | null)?.message;
  } catch {
    return `answered ${answer.status} without a JSON error body: ${clip(answer.body)}`;
  }
  if (typeof message !== 'string') return `answered ${answer.status} without a message: ${clip(answer.body)}`;
  if (!HANGUL.test(message) || ENGLISH_ZOD.test(message)) {
    return `answered ${answer.status} with a message that is not Korean: ${clip(message)}`;
  }
  return null;
}

type CallerName = 'anonymous' | 'member' | 'admin';
interface Caller {
  name: CallerName;
  userId: number;
  email: string;
  cookie: string;
}

let stack: Stack | undefined;
let baseUrl = '';
let stores: DataStores | undefined;
let callers: Caller[] = [];
let headword = { id: 1, word: '사랑', hanja: '愛' };

interface Answer {
  status: number;
  body: string;
}

/**
 * A 503 is a service saying a dependency was too slow (a machine busy with other runs), not what the
 * input did: the same request once more after a pause is judged instead. An input that causes a 503
 * causes it again.
 */
async function sendJudged(baseUrl: string, request: FuzzRequest, cookie: string): Promise<Answer> {
  const first = await send(baseUrl, request, cookie);
  if (first.status !== 503) return first;
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  return send(baseUrl, request, cookie);
}

function send(baseUrl: string, request: FuzzRequest, cookie: string): Promise<Answer> {
  const url = new URL(baseUrl);
  const body = request.body === undefined ? undefined : Buffer.from(request.body, 'utf8');
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        method: request.method,
        path: request.path,
        // A fresh connection each time: a kept-alive one may be closed by the gateway while the fuzzer waits.
        agent: false,
        headers: {
          accept: 'application/json',
          ...(cookie ? { cookie } : {}),
          ...(request.contentType ? { 'content-type': request.contentType } : {}),
          ...(body ? { 'content-length': String(body.length) } : {}),
        },
        timeout: 30_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('no answer within 30 s')));
    req.on('error', (err: NodeJS.ErrnoException) => {
      const closed = err.code === 'EPIPE' || err.code === 'ECONNRESET';
      // The gateway answers 413 and closes while an oversized body is still being written.
      if (closed && body && body.length > BODY_LIMIT_BYTES) {
        resolve({ status: 413, body: '' });
        return;
      }
      // Node's HTTP parser refuses a request line over its 16 KiB header limit (431) and drops the connection.
      if (closed && request.path.length > MAX_HEADER_BYTES) {
        resolve({ status: 431, body: '' });
        return;
      }
      reject(err);
    });
    req.end(body);
  });
}

async function ensureDatabase(): Promise<void> {
  const admin = new Pool({ connectionString: POSTGRES_ADMIN_URL, max: 1 });
  try {
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE]);
    if (!exists.rowCount) await admin.query(`CREATE DATABASE ${DATABASE}`);
  } finally {
    await admin.end();
  }
}

async function postJson(
  baseUrl: string,
  path: string,
  body: Record<string, unknown>,
): Promise<{ status: number; json: Record<string, unknown>; cookie: string }> {
  const res = await fetch(baseUrl + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const sid = res.headers.getSetCookie().find((cookie) => cookie.startsWith('sid='));
  const json = (await res.json()) as Record<string, unknown>;
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
  return { status: res.status, json, cookie: sid?.split(';')[0] ?? '' };
}

async function login(baseUrl: string, email: string, password: string): Promise<{ id: number; cookie: string }> {
  const answer = await postJson(baseUrl, '/api/user/login', { email, password });
  return { id: (answer.json.user as { id: number }).id, cookie: answer.cookie };
}

/** A member made through the real flow: join, the confirmation mail, confirm, sign in. */
async function memberCaller(baseUrl: string): Promise<Caller> {
  const suffix = randomBytes(4).toString('hex');
  const body = joinBody({ name: `퍼즈${suffix}`, email: `fuzz.${suffix}@example.com` });
  const email = String(body.email);
  await postJson(baseUrl, '/api/user/join', body);
  const link = linkIn(await readMail(email, [], 20_000), 'confirmEmail');
  await postJson(baseUrl, '/api/user/confirm', { secretId: link.id, secretKey: link.key });
  const session = await login(baseUrl, email, String(body.password));
  return { name: 'member', userId: session.id, email, cookie: session.cookie };
}

/** An administrator seeded as `npm start` does; a fresh address each run (seedAdmin keeps an existing one). */
async function adminCaller(baseUrl: string): Promise<Caller> {
  const suffix = randomBytes(4).toString('hex');
  const password = `fuzz-admin-${suffix}`;
  const pool = new Pool({ connectionString: DATABASE_URL, max: 1 });
  try {
    const email = `fuzz-admin-${suffix}@test.syndict.local`;
    await seedAdmin(pool, { NODE_ENV: 'test', ADMIN_EMAIL: email, ADMIN_PASSWORD: password });
    const session = await login(baseUrl, email, password);
    return { name: 'admin', userId: session.id, email, cookie: session.cookie };
  } finally {
    await pool.end();
  }
}

/**
 * Changes still landing (events relayed and consumed after an accepted write) settle before the next
 * request: every event applied, then the data unchanged for a second.
 */
async function settle(from: Fingerprint): Promise<Fingerprint> {
  const drained = Date.now() + 60_000;
  while (Date.now() < drained && (await stores!.eventsInFlight()) > 0) {
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  let last = from;
  let stableSince = Date.now();
  const deadline = Date.now() + 6_000;
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    const now = await stores!.fingerprint();
    if (changedParts(last, now).length) {
      last = now;
      stableSince = Date.now();
    } else if (Date.now() - stableSince >= 1_000) {
      break;
    }
  }
  return last;
}

function contextFor(caller: Caller, unique: string): RouteContext {
  const now = new Date();
  const ymd = (d: Date) => d.toISOString().slice(0, 10);
  return {
    userId: caller.userId,
    email: caller.email,
    thirdUserId: 2_100_000_001,
    // Never the caller's password: no fuzzed call may change or end the caller's account.
    password: 'not-the-password-1',
    headwordId: headword.id,
    word: headword.word,
    hanja: headword.hanja.slice(0, 1) || '愛',
    // Nobody's: ids that do not exist, so an accepted call cannot act on real data by accident.
    other: {
      userId: 2_100_000_000,
      email: `nobody.${unique}@example.com`,
      itemId: 'f'.repeat(24),
      couponId: 2_100_000_000,
      couponCode: 'ZZZZ-ZZZZ-ZZZZ-ZZZZ',
      couponGroupId: 2_100_000_000,
      merchantUid: `fuzz_missing_${unique}`,
      customerUid: `fuzz_missing_${unique}`,
    },
    startDate: ymd(new Date(now.getTime() - 5 * 86_400_000)),
    endDate: ymd(now),
    unique,
  };
}

/** Calls that would end the caller's own session whatever the body: fuzzed as a visitor only. */
const ENDS_SESSION = new Set(['GET /api/user/logout']);

function routesFor(caller: Caller): ApiRoute[] {
  return API_ROUTES.filter(
    (route) => caller.name === 'anonymous' || !ENDS_SESSION.has(`${route.method} ${route.path}`),
  );
}

const clip = (text: string | undefined, max = 300): string =>
  text === undefined ? '' : text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text;

/** What every answer must be: no 5xx, no internal text, a Korean message on a 4xx. */
function answerProblems(answer: Answer): string[] {
  const problems: string[] = [];
  if (answer.status >= 500) problems.push(`answered ${answer.status}`);
  const leak = LEAKS.find((pattern) => pattern.test(answer.body));
  if (leak) problems.push(`leaked internal text (${String(leak)}): ${clip(answer.body)}`);
  const english = notKorean(answer);
  if (english) problems.push(english);
  return problems;
}

function describeRequest(request: FuzzRequest): string {
  return `${request.kind} · ${request.label} · ${request.method} ${clip(request.path, 200)} · ${request.contentType ?? ''} · ${clip(request.body)}`;
}

beforeAll(async () => {
  await ensureDatabase();
  // FUZZ_BASE_URL: a stack already running with this file's database and Redis (while fixing what it finds).
  if (process.env.FUZZ_BASE_URL) {
    baseUrl = process.env.FUZZ_BASE_URL;
  } else {
    stack = await startStack({
      mode: 'test',
      output: 'files',
      log: () => undefined,
      // No billing scheduler: its jobs write on their own clock (a checkout left unpaid by an earlier
      // run of this database expires 30 minutes later), and the fuzzer would blame the request in flight.
      env: { DATABASE_URL, REDIS_URL, MONGO_URL, SCHEDULER_INTERVAL_MS: '0' },
    });
    baseUrl = stack.baseUrl;
  }
  callers = [
    { name: 'anonymous', userId: ANONYMOUS_USER_ID, email: 'visitor@example.com', cookie: '' },
    await memberCaller(baseUrl),
    await adminCaller(baseUrl),
  ];
  // The dictionary loads its sample data after it reports healthy: wait for it.
  let found: Awaited<ReturnType<typeof postJson>> | undefined;
  for (let attempt = 0; !found; attempt += 1) {
    try {
      found = await postJson(baseUrl, '/api/dic/search/pyojaeItems', { searchWord: '사랑', pageSize: 10 });
    } catch (err) {
      if (attempt >= 60) throw err;
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  }
  const rows = (found.json.results as { wordInfoItems?: { ID: number; WORD: string; HANJA: string }[] } | undefined)
    ?.wordInfoItems;
  if (rows?.[0]) headword = { id: rows[0].ID, word: rows[0].WORD, hanja: rows[0].HANJA ?? '' };
  stores = await openDataStores({ postgres: DATABASE_URL, mongo: MONGO_URL, redis: REDIS_URL });
}, 300_000);

afterAll(async () => {
  await stores?.close();
  await stack?.stop();
});

test('the fingerprint sees a write: a member saving a word and a search being recorded', async () => {
  const member = callers.find((c) => c.name === 'member');
  if (!member) throw new Error('the stack did not start');
  const before = await settle(await stores!.fingerprint());
  const save = () =>
    fetch(`${baseUrl}/api/dic/wordbook/insertWordbookItem`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: member.cookie },
      body: JSON.stringify({ pyojaeId: headword.id, word: headword.word, hanja: headword.hanja, linkUrl: '' }),
    });
  // The wordbook asks the dictionary for the headword and answers 503 (Retry-After) when it is slow to
  // answer, as on a machine busy with other runs: a client tries again then, and so does this one.
  let saved = await save();
  for (let attempt = 0; saved.status === 503 && attempt < 3; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 1_000 * Number(saved.headers.get('retry-after') ?? 1)));
    saved = await save();
  }
  expect(saved.status).toBe(200);
  await postJson(baseUrl, '/api/dic/search/pyojaeItems', { searchWord: headword.word });
  // The search is answered before its fact commits (the dictionary's outbox buffer): wait for it to land.
  const changed = changedParts(before, await settle(before));
  expect(changed).toEqual(expect.arrayContaining(['mongo:wordbook_items', 'pg:dictionary.outbox']));
});

describe.each(['anonymous', 'member', 'admin'] as const)('hostile requests as %s', (callerName) => {
  /** Routes whose answer comes before their write (the usage fact) is committed. */
  const USAGE_FACT_ROUTES = new Set(['/api/dic/search/pyojaeItems', '/api/dic/search/wordSynItems']);

  test('never a 5xx, never internal error text, never a write', async () => {
    const caller = callers.find((c) => c.name === callerName);
    if (!caller || !baseUrl) throw new Error('the stack did not start');
    // Whatever earlier setup or callers left in flight lands before the first comparison.
    let last = await settle(await stores!.fingerprint());
    const failures: string[] = [];
    let requests = 0;
    let accepted = 0;
    let acceptedWrites = 0;
    const routes = routesFor(caller);
    for (const [index, route] of routes.entries()) {
      const example = route.body(contextFor(caller, randomBytes(4).toString('hex')));
      const seed = (SEED + index * 7919 + callerName.length * 104_729) | 0;
      const property = fc.asyncProperty(hostileRequest(route.method, route.path, example), async (request) => {
        requests += 1;
        const answer = await sendJudged(baseUrl, request, caller.cookie);
        const problems = answerProblems(answer);
        // An accepted search or view is answered before its usage fact commits (the dictionary's
        // outbox buffer): its write is waited for here, not blamed on the next request.
        const deferredWrite = answer.status < 400 && USAGE_FACT_ROUTES.has(route.path);
        const now = deferredWrite ? await settle(await stores!.fingerprint()) : await stores!.fingerprint();
        const changed = changedParts(last, now);
        if (answer.status < 400) accepted += 1;
        if (changed.length) {
          if (answer.status < 400) acceptedWrites += 1;
          if (answer.status >= 400 || request.kind === 'invalid') {
            problems.push(`wrote ${changed.join(', ')} though answered ${answer.status}`);
          }
          last = await settle(now);
        } else {
          last = now;
        }
        if (problems.length) throw new Error(problems.join('; '));
      });
      const details = await fc.check(property, { seed, numRuns: RUNS, endOnFailure: true });
      if (details.failed) {
        const example = details.counterexample?.[0];
        failures.push(
          `${route.method} ${route.path} as ${callerName} (FUZZ_SEED=${SEED}, route seed ${seed}): ` +
            `${details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance)}\n` +
            `    request: ${example ? describeRequest(example) : '?'}`,
        );
        // Printed at once as well: a run killed at its time limit never reaches jest's summary.
        process.stdout.write(`[fuzz] failing: ${failures[failures.length - 1]}\n`);
      }
    }
    process.stdout.write(
      `[fuzz] ${callerName}: ${requests} requests over ${routes.length} routes, ${accepted} accepted ` +
        `(${acceptedWrites} of them wrote), ` +
        `${failures.length} failing routes (FUZZ_SEED=${SEED}, FUZZ_RUNS=${RUNS})\n`,
    );
    expect(failures).toEqual([]);
  }, 600_000);
});

/** The routes whose every field the fixed corpus visits, each with the caller it needs. */
const FIELD_ROUTES = API_ROUTES.filter((route) => route.service === 'billing' || route.service === 'wordbook');

test('every field of the billing, coupon and wordbook routes: lone surrogates, oversized text, wrong types', async () => {
  const member = callers.find((c) => c.name === 'member');
  const admin = callers.find((c) => c.name === 'admin');
  if (!member || !admin || !baseUrl) throw new Error('the stack did not start');
  let last = await settle(await stores!.fingerprint());
  const failures: string[] = [];
  let requests = 0;
  for (const route of FIELD_ROUTES) {
    const caller = route.access === 'admin' ? admin : member;
    if (ENDS_SESSION.has(`${route.method} ${route.path}`)) continue;
    const example = route.body(contextFor(caller, randomBytes(4).toString('hex')));
    for (const request of fieldCases(route.method, route.path, example)) {
      requests += 1;
      const answer = await sendJudged(baseUrl, request, caller.cookie);
      const problems = answerProblems(answer);
      if (request.refused === 'exactly-400' && answer.status !== 400)
        problems.push(`answered ${answer.status}, not 400`);
      if (request.refused === 'any-4xx' && (answer.status < 400 || answer.status >= 500)) {
        problems.push(`accepted (${answer.status})`);
      }
      const now = await stores!.fingerprint();
      const changed = changedParts(last, now);
      if (changed.length) {
        if (answer.status >= 400 || request.kind === 'invalid') {
          problems.push(`wrote ${changed.join(', ')} though answered ${answer.status}`);
        }
        last = await settle(now);
      } else {
        last = now;
      }
      if (problems.length) {
        failures.push(`${problems.join('; ')}\n    as ${caller.name}: ${describeRequest(request)}`);
        process.stdout.write(`[fuzz] failing: ${failures[failures.length - 1]}\n`);
      }
    }
  }
  process.stdout.write(
    `[fuzz] fixed corpus: ${requests} requests over ${FIELD_ROUTES.length} routes, ${failures.length} failing\n`,
  );
  expect(failures).toEqual([]);
}, 900_000);
