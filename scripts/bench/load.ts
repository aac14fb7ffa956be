// npm run bench:load [-- --rates 10,25,50 --step 15 --warmup 15 --members 40 --offset 34 --reimport]
//
// The load ladder. Starts a test stack on the generated 500k headword set
// (scripts/bench/dataset.ts), signs members up through the real flow (join → mail → confirm →
// login → device claim, all through the gateway), then drives a realistic mix through the gateway
// at rising fixed rates: 70 % search (exact, prefix, 초성, contains; visitors and members), 20 %
// detail, 5 % wordbook (list, save, delete), 5 % login/validate (scripts/bench/ladder.ts). Per step
// it prints the achieved throughput, p50/p99, errors, every process's peak memory (VmHWM) and CPU
// time per request, stops after the first step that clearly fails, reports the highest rate held
// with p99 ≤ 100 ms and no errors, and writes everything to .local/bench/load-<date>.json.
// Only 127.0.0.1 is ever targeted; the run stops by itself within 14 minutes.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { groupPids, rssKiB } from '../../deploy/local/lib/proc';
import { infraStatus } from '../../deploy/local/infra';
import { joinBody } from '../../services/account/test/support';
import { startStack, type Stack } from '../stack';
import { LOCAL, SERVICES } from '../topology';
import {
  ALIAS,
  DATASET_STACK_ENV,
  ensureDataset,
  HEADWORDS,
  queryMix,
  RELATIONS,
  sampleHeadwords,
  type Query,
} from './dataset';
import {
  FAIL,
  GOAL,
  GROUPS,
  groupOf,
  MIX,
  opAt,
  percentile,
  prng,
  slicesOf,
  verdictOf,
  type Group,
  type Op,
  type Verdict,
} from './ladder';

const { values: args } = parseArgs({
  options: {
    rates: { type: 'string', default: '10,25,50,100,150,200,300,400,500,600,800' },
    step: { type: 'string', default: '15' },
    warmup: { type: 'string', default: '15' },
    members: { type: 'string', default: '40' },
    reimport: { type: 'boolean', default: false },
    offset: { type: 'string', default: process.env.TEST_STACK_OFFSET ?? '34' },
  },
});
const RATES = args.rates.split(',').map(Number);
const STEP_SECONDS = Number(args.step);
const WARMUP_SECONDS = Number(args.warmup);
const MEMBERS = Number(args.members);
if (RATES.some((r) => !Number.isInteger(r) || r < 1) || !(STEP_SECONDS >= 1) || !(MEMBERS >= 1)) {
  throw new Error('--rates must be positive integers, --step and --members at least 1');
}
process.env.TEST_STACK_OFFSET = args.offset;

/** The whole run ends by itself within this (under 15 minutes). */
const BUDGET_MS = 14 * 60_000;
/** Members who only log in (each login ends the session of the one before, as a browser's re-login does). */
const LOGIN_MEMBERS = 20;
const VISITORS = 50;
const SAVED_AT_START = 5;
/** A member with this many words deletes rather than saves, so wordbooks stay small across steps. */
const WORDBOOK_CAP = 20;
/** Distinct queries (all four kinds in turn) and detail ids. */
const SAMPLE = 5_000;
/** Quiet time after the warm-up in which each process's idle CPU burn is measured. */
const IDLE_SECONDS = 10;
/** Staggered autocannon instances a rate is split over (see slicesOf). */
const MAX_SLICES = 40;

const log = (line: string) => process.stdout.write(`${line}\n`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// ---------------------------------------------------------------------------------------------
// The mix

const random = prng(11);
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
const pickOp = (): Op => opAt(random());

// ---------------------------------------------------------------------------------------------
// The people: members (signed in, device claimed, some saved words), login-only members, visitors

interface Member {
  id: number;
  email: string;
  cookie: string;
  deviceKey: string;
  /** headword id → wordbook item id, as the server last said. */
  items: Map<number, string>;
  /** Headword ids being saved and item ids being deleted right now (never two of one at once). */
  saving: Set<number>;
  deleting: Set<string>;
}

interface LoginMember {
  email: string;
  password: string;
  cookie: string;
  busy: boolean;
}

const PASSWORD = 'load-ladder 9 pass';

interface Reply {
  status: number;
  body: Record<string, unknown>;
  cookie: string;
}

function sidCookie(setCookie: readonly string[]): string {
  const c = setCookie.find((s) => s.startsWith('sid='));
  return c ? (c.split(';')[0] ?? '') : '';
}

/**
 * One setup call on a fresh connection: a reused keep-alive socket can be closed by the gateway just
 * as the next request leaves (a race a loaded machine makes likely), which is no finding of the bench.
 */
function api(base: string, path: string, body: unknown, cookie = '', method = 'POST'): Promise<Reply> {
  const payload = method === 'GET' ? undefined : JSON.stringify(body ?? {});
  return new Promise((resolve, reject) => {
    const req = request(
      base + path,
      {
        method,
        agent: false,
        timeout: 30_000,
        headers: {
          ...(payload !== undefined
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
            : {}),
          ...(cookie ? { cookie } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: parseJson(Buffer.concat(chunks).toString('utf8')),
            cookie: sidCookie(res.headers['set-cookie'] ?? []),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`${method} ${path} timed out`)));
    req.on('error', reject);
    req.end(payload);
  });
}

/** A JSON object body, or `{ text }` for anything else (an error page, say). */
function parseJson(text: string): Record<string, unknown> {
  try {
    const v: unknown = text ? JSON.parse(text) : {};
    return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : { text };
  } catch {
    return { text };
  }
}

async function must(what: string, reply: Promise<Reply>): Promise<Reply> {
  const r = await reply;
  if (r.status !== 200) throw new Error(`${what}: ${r.status} ${JSON.stringify(r.body)}`);
  return r;
}

/** Runs `fn` over `items`, `limit` at a time. */
async function each<T>(items: readonly T[], limit: number, fn: (item: T, i: number) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      await fn(items[i] as T, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

interface MailDevMail {
  text: string;
  to: { address: string }[];
}

/** The confirmation link of every address, from maildev's inbox (waits until all arrived). */
async function confirmLinks(emails: readonly string[], mailWeb: string): Promise<Map<string, URL>> {
  const found = new Map<string, URL>();
  const deadline = Date.now() + 90_000;
  while (found.size < emails.length) {
    if (Date.now() > deadline) throw new Error(`only ${found.size} of ${emails.length} confirmation mails arrived`);
    let inbox: MailDevMail[] = [];
    try {
      const res = await fetch(`${mailWeb}/email`, { signal: AbortSignal.timeout(30_000) });
      if (!res.ok) throw new Error(`maildev answered ${res.status}`);
      inbox = (await res.json()) as MailDevMail[];
    } catch (err) {
      // The inbox is polled until the deadline: one failed read (a closed keep-alive socket, say) is retried.
      log(`reading maildev's inbox failed (${err instanceof Error ? err.message : String(err)}); trying again`);
    }
    const wanted = new Set(emails.map((e) => e.toLowerCase()));
    for (const mail of inbox) {
      const to = mail.to.map((t) => t.address.toLowerCase()).find((a) => wanted.has(a));
      const link = /https?:\/\/\S+\/confirmEmail\?\S+/.exec(mail.text)?.[0];
      if (to && link) found.set(to, new URL(link));
    }
    if (found.size < emails.length) await sleep(500);
  }
  return found;
}

/** join → confirmation mail → confirm → login, all through the gateway. Returns the signed-in cookies. */
async function signUp(base: string, emails: readonly string[]): Promise<Map<string, Reply>> {
  await each(emails, 4, async (email) => {
    await must(
      `join ${email}`,
      api(base, '/api/user/join', joinBody({ name: '부하시험', email, password: PASSWORD, passwordConfirm: PASSWORD })),
    );
  });
  const links = await confirmLinks(emails, process.env.MAIL_WEB_URL ?? 'http://127.0.0.1:1080');
  const logins = new Map<string, Reply>();
  await each(emails, 4, async (email) => {
    const link = links.get(email.toLowerCase());
    await must(
      `confirm ${email}`,
      api(base, '/api/user/confirm', {
        secretId: link?.searchParams.get('id') ?? '',
        secretKey: link?.searchParams.get('key') ?? '',
      }),
    );
    const login = await must(`login ${email}`, api(base, '/api/user/login', { email, password: PASSWORD }));
    if (!login.cookie) throw new Error(`login ${email}: no session cookie`);
    logins.set(email, login);
  });
  return logins;
}

async function wordbookOf(base: string, m: Member): Promise<Map<number, string>> {
  const items = new Map<number, string>();
  for (let page = 0; ; page++) {
    const r = await must(
      'wordbook list',
      api(base, '/api/dic/wordbook/searchWordbookItems', { userId: m.id, pageSize: 100, pageNum: page }, m.cookie),
    );
    const rows = (r.body.wordBookItems ?? []) as { ID: string; WORD_ID: number }[];
    for (const row of rows) items.set(row.WORD_ID, row.ID);
    if (page + 1 >= Number(r.body.totalPages ?? 0)) return items;
  }
}

// ---------------------------------------------------------------------------------------------
// One step: the mix at a fixed rate

interface Planned {
  op: Op;
  body: string;
  path: string;
  cookie: string;
  /** '' when the answer is what this request should get; otherwise why not. */
  check(status: number, body: Record<string, unknown>, setCookie: string): string;
  /** The request was abandoned at the end of a step (no answer): release what it held. */
  release(): void;
}

interface World {
  members: Member[];
  logins: LoginMember[];
  visitors: string[];
  queries: Query[];
  ids: number[];
  words: Map<number, string>;
}

function plan(w: World): Planned {
  let op = pickOp();
  const member = pick(w.members);
  if (op === 'wordbook-save' && member.items.size >= WORDBOOK_CAP) op = 'wordbook-delete';
  const deletable = [...member.items.values()].filter((id) => !member.deleting.has(id));
  if (op === 'wordbook-delete' && deletable.length === 0) op = 'wordbook-save';
  const idle = w.logins.filter((l) => !l.busy);
  if (op === 'login' && idle.length === 0) op = 'validate';
  const none = () => undefined;
  const ok200 = (status: number) => (status === 200 ? '' : `HTTP ${status}`);

  switch (op) {
    case 'search-visitor':
    case 'search-member': {
      const q = pick(w.queries);
      return {
        op,
        path: '/api/dic/search/pyojaeItems',
        cookie: op === 'search-member' ? member.cookie : pick(w.visitors),
        body: JSON.stringify({ searchWord: q.text, pageSize: 10, pageNum: 0 }),
        check: (status, body) => {
          if (status !== 200) return `HTTP ${status}`;
          const results = body.results as { wordInfoItems?: unknown } | undefined;
          return Array.isArray(results?.wordInfoItems) ? '' : 'no wordInfoItems';
        },
        release: none,
      };
    }
    case 'detail-visitor':
    case 'detail-member': {
      const id = pick(w.ids);
      const asMember = op === 'detail-member';
      return {
        op,
        path: '/api/dic/search/wordSynItems',
        cookie: asMember ? member.cookie : pick(w.visitors),
        body: JSON.stringify({
          userId: asMember ? member.id : 99999999,
          pyojaeId: id,
          userAuthKey: asMember ? member.deviceKey : '',
        }),
        check: (status, body) => {
          if (status !== 200) return `HTTP ${status}`;
          if (body.authKeyError) return 'authKeyError';
          return Array.isArray(body.wordSynItems) ? '' : 'no wordSynItems';
        },
        release: none,
      };
    }
    case 'wordbook-list':
      return {
        op,
        path: '/api/dic/wordbook/searchWordbookItems',
        cookie: member.cookie,
        body: JSON.stringify({ userId: member.id, pageSize: 10, pageNum: 0 }),
        check: (status, body) => ok200(status) || (Array.isArray(body.wordBookItems) ? '' : 'no wordBookItems'),
        release: none,
      };
    case 'wordbook-save': {
      let id = pick(w.ids);
      while (member.items.has(id) || member.saving.has(id)) id = pick(w.ids);
      member.saving.add(id);
      return {
        op,
        path: '/api/dic/wordbook/insertWordbookItem',
        cookie: member.cookie,
        body: JSON.stringify({ userId: member.id, pyojaeId: id, word: w.words.get(id) ?? '', hanja: '', linkUrl: '' }),
        check: (status, body) => {
          member.saving.delete(id);
          if (status !== 200) return `HTTP ${status}`;
          // Designed never to happen: a word is saved only when this member does not hold it.
          if (body.duplicate !== false || typeof body.itemId !== 'string') return 'duplicate save';
          member.items.set(id, body.itemId);
          return '';
        },
        release: () => member.saving.delete(id),
      };
    }
    case 'wordbook-delete': {
      const itemId = pick(deletable);
      member.deleting.add(itemId);
      return {
        op,
        path: '/api/dic/wordbook/deleteWordbookItem',
        cookie: member.cookie,
        body: JSON.stringify({ userId: member.id, itemId }),
        check: (status) => {
          member.deleting.delete(itemId);
          if (status !== 200) return `HTTP ${status}`;
          for (const [word, item] of member.items) if (item === itemId) member.items.delete(word);
          return '';
        },
        release: () => member.deleting.delete(itemId),
      };
    }
    case 'login': {
      const who = pick(idle);
      who.busy = true;
      return {
        op,
        path: '/api/user/login',
        // The previous session's cookie goes along, as from a browser: the account service ends that session.
        cookie: who.cookie,
        body: JSON.stringify({ email: who.email, password: who.password }),
        check: (status, body, setCookie) => {
          who.busy = false;
          if (status !== 200) return `HTTP ${status}`;
          if (!setCookie) return 'no session cookie';
          who.cookie = setCookie;
          const user = body.user as { userEmail?: string } | undefined;
          return user?.userEmail === who.email ? '' : 'wrong user';
        },
        release: () => (who.busy = false),
      };
    }
    case 'validate':
      return {
        op,
        path: '/api/user/validate',
        cookie: member.cookie,
        body: JSON.stringify({ id: member.id }),
        check: (status, body) => {
          if (status !== 200) return `HTTP ${status}`;
          const user = body.user as { id?: number } | undefined;
          return user?.id === member.id ? '' : 'wrong user';
        },
        release: none,
      };
  }
}

interface Outcomes {
  count: number;
  latencies: number[];
  /** Non-2xx answers (4xx and 5xx apart) and 200s whose body was wrong, by reason. */
  http4xx: number;
  http5xx: number;
  wrongBody: number;
  reasons: Record<string, number>;
}

const emptyOutcomes = (): Outcomes => ({
  count: 0,
  latencies: [],
  http4xx: 0,
  http5xx: 0,
  wrongBody: 0,
  reasons: {},
});

interface Measured {
  responses: number;
  byOp: Map<Op, Outcomes>;
  /** Connection errors and timeouts (no HTTP answer), as autocannon counted them. */
  transport: number;
  timeouts: number;
}

function headerValue(headers: unknown, name: string): string[] {
  if (typeof headers !== 'object' || headers === null) return [];
  for (const [k, v] of Object.entries(headers)) {
    if (k.toLowerCase() !== name) continue;
    if (Array.isArray(v)) return v.map(String);
    return [String(v)];
  }
  return [];
}

function runSlice(base: string, rate: number, seconds: number, w: World, into: Measured): Promise<void> {
  const inflight = new WeakMap<object, { planned: Planned; start: number }>();
  const all = new Set<Planned>();
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: base,
        connections: rate,
        overallRate: rate,
        duration: seconds,
        timeout: 10,
        // Latency is timed here per operation; autocannon's own histogram is not used.
        ignoreCoordinatedOmission: true,
        requests: [
          {
            method: 'POST',
            setupRequest: (req, context) => {
              const planned = plan(w);
              inflight.set(context, { planned, start: performance.now() });
              all.add(planned);
              return {
                ...req,
                method: 'POST',
                path: planned.path,
                headers: {
                  'content-type': 'application/json',
                  ...(planned.cookie ? { cookie: planned.cookie } : {}),
                },
                body: planned.body,
              };
            },
            onResponse: (status, body, context, headers) => {
              const entry = inflight.get(context);
              if (!entry) return;
              inflight.delete(context);
              all.delete(entry.planned);
              const ms = performance.now() - entry.start;
              const why = entry.planned.check(status, parseJson(body), sidCookie(headerValue(headers, 'set-cookie')));
              let o = into.byOp.get(entry.planned.op);
              if (!o) into.byOp.set(entry.planned.op, (o = emptyOutcomes()));
              o.count++;
              o.latencies.push(ms);
              into.responses++;
              if (why) {
                if (status >= 500) o.http5xx++;
                else if (status >= 400) o.http4xx++;
                else o.wrongBody++;
                o.reasons[why] = (o.reasons[why] ?? 0) + 1;
              }
            },
          },
        ],
      },
      (err, result) => {
        // Requests cut off by the end of the step never answered: free what they held.
        for (const planned of all) planned.release();
        if (err) {
          reject(err instanceof Error ? err : new Error(String(err)));
          return;
        }
        into.transport += result.errors;
        into.timeouts += result.timeouts;
        resolve();
      },
    );
    instance.on('error', (err: unknown) => reject(err instanceof Error ? err : new Error(String(err))));
  });
}

async function runRate(base: string, rate: number, seconds: number, w: World): Promise<Measured> {
  const measured: Measured = { responses: 0, byOp: new Map(), transport: 0, timeouts: 0 };
  await Promise.all(
    slicesOf(rate, MAX_SLICES).map(async (slice) => {
      await sleep(slice.delayMs);
      await runSlice(base, slice.rate, seconds, w, measured);
    }),
  );
  return measured;
}

// ---------------------------------------------------------------------------------------------
// Memory: the RSS high-water mark of every process

interface Watched {
  name: string;
  pid: number;
  /** Our own processes: their high-water mark is reset at each step, so it is that step's peak. */
  own: boolean;
}

function statusField(pid: number, field: string): number | undefined {
  try {
    const m = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m?.[1] ? Number(m[1]) : undefined;
  } catch {
    return undefined;
  }
}

async function watchedProcesses(stack: Stack): Promise<Watched[]> {
  const out: Watched[] = [];
  for (const name of ['gateway', ...SERVICES]) {
    const pid = stack.supervisor.pid(name);
    if (pid) out.push({ name, pid, own: true });
  }
  for (const s of await infraStatus()) {
    if (!s.managed || s.pid === undefined || !['elasticsearch', 'kafka', 'mongo'].includes(s.name)) continue;
    // The JVM is the group's biggest process (a launcher may sit in front of it).
    const jvm = groupPids(s.pid)
      .map((pid) => ({ pid, rss: rssKiB(pid) ?? 0 }))
      .sort((a, b) => b.rss - a.rss)[0];
    if (jvm) out.push({ name: s.name, pid: jvm.pid, own: false });
  }
  return out;
}

function resetPeaks(procs: readonly Watched[]): void {
  for (const p of procs) {
    if (!p.own) continue;
    try {
      // proc(5): writing 5 to clear_refs resets the peak RSS to the current RSS.
      writeFileSync(`/proc/${p.pid}/clear_refs`, '5');
    } catch {
      // Not permitted here: the figure is then the peak since start.
    }
  }
}

const peaksMiB = (procs: readonly Watched[]): Record<string, number> =>
  Object.fromEntries(procs.map((p) => [p.name, Math.round((statusField(p.pid, 'VmHWM') ?? NaN) / 1024)]));

/** CPU time (user + system, all threads) of a process in ms; /proc/<pid>/stat counts in 1/100 s. */
function cpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces): state is field 3, utime 14, stime 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return NaN;
  }
}

/** CPU ms each process (and this load generator) spent while `work` ran, and how long it ran. */
async function cpuDuring<T>(
  procs: readonly Watched[],
  work: () => Promise<T>,
): Promise<{ result: T; spent: Record<string, number>; elapsedMs: number }> {
  const before = procs.map((p) => cpuMs(p.pid));
  const self = process.cpuUsage();
  const t0 = performance.now();
  const result = await work();
  const elapsedMs = performance.now() - t0;
  const used = process.cpuUsage(self);
  const spent: Record<string, number> = Object.fromEntries(
    procs.map((p, i) => [p.name, cpuMs(p.pid) - (before[i] ?? NaN)]),
  );
  spent['load generator'] = (used.user + used.system) / 1000;
  return { result, spent, elapsedMs };
}

/** CPU ms per answered request beyond what each process burns idle (timers, polling, other tenants). */
function aboveIdle(
  spent: Record<string, number>,
  elapsedMs: number,
  idlePerMs: Record<string, number>,
  responses: number,
): Record<string, number> {
  return Object.fromEntries(
    Object.entries(spent).map(([name, ms]) => [
      name,
      Number((Math.max(0, ms - (idlePerMs[name] ?? 0) * elapsedMs) / Math.max(1, responses)).toFixed(2)),
    ]),
  );
}

// ---------------------------------------------------------------------------------------------
// The ladder

interface GroupFigures {
  requests: number;
  p50: number;
  p99: number;
  errors: number;
}

interface Row {
  target: number;
  seconds: number;
  achieved: number;
  requests: number;
  p50: number;
  p99: number;
  http4xx: number;
  http5xx: number;
  wrongBody: number;
  transport: number;
  timeouts: number;
  errors: number;
  errorRate: number;
  reasons: Record<string, number>;
  groups: Record<Group, GroupFigures>;
  peakMiB: Record<string, number>;
  /** CPU time per answered request, by process: where the work goes, whatever else shares the machine. */
  cpuMsPerRequest: Record<string, number>;
  /** The same less each process's idle burn: the marginal cost of a request. */
  cpuMsPerRequestAboveIdle: Record<string, number>;
  loadAverage: number;
  verdict: Verdict;
}

function summarise(
  target: number,
  seconds: number,
  m: Measured,
  peakMiB: Record<string, number>,
  cpu: { spent: Record<string, number>; elapsedMs: number; idlePerMs: Record<string, number> },
): Row {
  const all: number[] = [];
  let http4xx = 0;
  let http5xx = 0;
  let wrongBody = 0;
  const reasons: Record<string, number> = {};
  const groups = Object.fromEntries(GROUPS.map((g) => [g, { latencies: [] as number[], errors: 0 }])) as Record<
    Group,
    { latencies: number[]; errors: number }
  >;
  for (const [op, o] of m.byOp) {
    all.push(...o.latencies);
    http4xx += o.http4xx;
    http5xx += o.http5xx;
    wrongBody += o.wrongBody;
    for (const [why, n] of Object.entries(o.reasons)) reasons[`${op}: ${why}`] = n;
    const g = groups[groupOf(op)];
    g.latencies.push(...o.latencies);
    g.errors += o.http4xx + o.http5xx + o.wrongBody;
  }
  all.sort((a, b) => a - b);
  const transport = m.transport;
  const errors = http4xx + http5xx + wrongBody + transport;
  const attempts = m.responses + transport;
  const achieved = m.responses / seconds;
  const p99 = percentile(all, 99);
  const errorRate = attempts === 0 ? 1 : errors / attempts;
  return {
    target,
    seconds,
    achieved,
    requests: m.responses,
    p50: percentile(all, 50),
    p99,
    http4xx,
    http5xx,
    wrongBody,
    transport,
    timeouts: m.timeouts,
    errors,
    errorRate,
    reasons,
    groups: Object.fromEntries(
      GROUPS.map((g) => {
        const l = groups[g].latencies.sort((a, b) => a - b);
        return [g, { requests: l.length, p50: percentile(l, 50), p99: percentile(l, 99), errors: groups[g].errors }];
      }),
    ) as Record<Group, GroupFigures>,
    peakMiB,
    cpuMsPerRequest: Object.fromEntries(
      Object.entries(cpu.spent).map(([name, ms]) => [name, Number((ms / Math.max(1, m.responses)).toFixed(2))]),
    ),
    cpuMsPerRequestAboveIdle: aboveIdle(cpu.spent, cpu.elapsedMs, cpu.idlePerMs, m.responses),
    loadAverage: loadavg()[0] ?? NaN,
    verdict: verdictOf({ target, achieved, p99, errors, attempts }),
  };
}

const PEAK_LABELS: Record<string, string> = {
  gateway: 'gw',
  account: 'acct',
  dictionary: 'dict',
  wordbook: 'wbook',
  billing: 'bill',
  statistics: 'stats',
  elasticsearch: 'ES',
  kafka: 'Kafka',
  mongo: 'Mongo',
};

function header(procs: readonly Watched[]): string {
  const mem = procs.map((p) => (PEAK_LABELS[p.name] ?? p.name).padStart(7)).join('');
  return `${'rate'.padStart(6)}${'req/s'.padStart(8)}${'p50 ms'.padStart(8)}${'p99 ms'.padStart(8)}${'errors'.padStart(8)}${'4xx/5xx/body/io'.padStart(17)}  ${'load'.padStart(5)} |${mem}  (peak RSS MiB)`;
}

function line(r: Row, procs: readonly Watched[]): string {
  const mem = procs.map((p) => String(r.peakMiB[p.name] ?? '-').padStart(7)).join('');
  const split = `${r.http4xx}/${r.http5xx}/${r.wrongBody}/${r.transport}`;
  return `${String(r.target).padStart(6)}${r.achieved.toFixed(1).padStart(8)}${r.p50.toFixed(1).padStart(8)}${r.p99.toFixed(1).padStart(8)}${String(r.errors).padStart(8)}${split.padStart(17)}  ${r.loadAverage.toFixed(1).padStart(5)} |${mem}  ${r.verdict}`;
}

function groupLine(r: Row): string {
  return (
    `${String(r.target).padStart(6)}  ` +
    GROUPS.map((g) => {
      const f = r.groups[g];
      return `${g} ${f.requests} p50 ${f.p50.toFixed(0)} p99 ${f.p99.toFixed(0)}${f.errors ? ` err ${f.errors}` : ''}`;
    }).join(' | ')
  );
}

function markdown(rows: readonly Row[], procs: readonly Watched[]): string {
  const names = procs.map((p) => PEAK_LABELS[p.name] ?? p.name);
  const out = [
    `| target req/s | achieved req/s | p50 ms | p99 ms | errors (4xx/5xx/body/transport) | ${names.join(' | ')} |`,
    `|---:|---:|---:|---:|---|${names.map(() => '---:').join('|')}|`,
  ];
  for (const r of rows) {
    out.push(
      `| ${r.target} | ${r.achieved.toFixed(1)} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.errors} (${r.http4xx}/${r.http5xx}/${r.wrongBody}/${r.transport}) | ${procs.map((p) => r.peakMiB[p.name] ?? '-').join(' | ')} |`,
    );
  }
  return out.join('\n');
}

async function main(): Promise<void> {
  const started = Date.now();
  const loadAtStart = loadavg();
  let stack: Stack | null = null;
  // The ladder checks the budget before every step; this is the backstop should a step hang.
  const overBudget = setTimeout(() => {
    console.error(`bench:load: over its ${BUDGET_MS / 60_000}-minute budget, stopping the stack and giving up`);
    const stopping = stack ? stack.stop() : Promise.resolve();
    void Promise.race([stopping, sleep(20_000)]).finally(() => process.exit(1));
  }, BUDGET_MS + 30_000);
  overBudget.unref();

  await ensureDataset({ reimport: args.reimport, log });
  const sample = await sampleHeadwords(SAMPLE);
  const queries = queryMix(sample);
  log(`${queries.length} distinct queries (exact, prefix, 초성, contains in turn), ${sample.length} detail ids`);

  log(`starting a test stack (offset ${args.offset}) whose dictionary reads ${ALIAS} …`);
  const running = await startStack({ mode: 'test', env: { ...DATASET_STACK_ENV, LOG_LEVEL: 'warn' }, log });
  stack = running;
  const base = running.baseUrl;
  if (!/^http:\/\/127\.0\.0\.1:\d+$/.test(base)) throw new Error(`refusing to load anything but 127.0.0.1 (${base})`);
  const rows: Row[] = [];
  let members: Member[] = [];
  let logins: LoginMember[] = [];
  const visitors: string[] = [];
  let procs: Watched[];
  let idlePerMs: Record<string, number>;
  try {
    const run = `${Date.now().toString(36)}`;
    const memberEmails = Array.from({ length: MEMBERS }, (_, i) => `load.${run}.m${i}@example.com`);
    const loginEmails = Array.from({ length: LOGIN_MEMBERS }, (_, i) => `load.${run}.l${i}@example.com`);
    log(`signing up ${MEMBERS} members and ${LOGIN_MEMBERS} login-only members through the gateway …`);
    const signedIn = await signUp(base, [...memberEmails, ...loginEmails]);
    const words = new Map(sample.map((s) => [s.id, s.word]));
    const ids = sample.map((s) => s.id);
    members = memberEmails.map((email, i) => {
      const r = signedIn.get(email) as Reply;
      return {
        id: (r.body.user as { id: number }).id,
        email,
        cookie: r.cookie,
        deviceKey: `load-device-${run}-${i}`,
        items: new Map(),
        saving: new Set(),
        deleting: new Set(),
      };
    });
    logins = loginEmails.map((email) => ({
      email,
      password: PASSWORD,
      cookie: signedIn.get(email)?.cookie ?? '',
      busy: false,
    }));
    log(`claiming devices and saving ${SAVED_AT_START} words for each member …`);
    await each(members, 4, async (m, i) => {
      await must(
        'device claim',
        api(base, '/api/user/updateUserConnectInfo', { userId: m.id, userAuthKey: m.deviceKey }, m.cookie),
      );
      for (let k = 0; k < SAVED_AT_START; k++) {
        const id = ids[((i * SAVED_AT_START + k) * 7) % ids.length] as number;
        const r = await must(
          'save',
          api(
            base,
            '/api/dic/wordbook/insertWordbookItem',
            { userId: m.id, pyojaeId: id, word: words.get(id) },
            m.cookie,
          ),
        );
        if (typeof r.body.itemId === 'string') m.items.set(id, r.body.itemId);
      }
    });
    log(`opening ${VISITORS} visitor sessions …`);
    await each(
      Array.from({ length: VISITORS }, (_, i) => i),
      4,
      async (i) => {
        const r = await must(
          'visitor detail',
          api(base, '/api/dic/search/wordSynItems', { userId: 99999999, pyojaeId: ids[i], userAuthKey: '' }),
        );
        if (!r.cookie) throw new Error('a first visit got no session cookie');
        visitors.push(r.cookie);
      },
    );
    const world: World = { members, logins, visitors, queries, ids, words };
    procs = await watchedProcesses(running);
    log(`watching peak memory of ${procs.map((p) => `${p.name} (${p.pid})`).join(', ')}`);

    log(`warm-up: ${WARMUP_SECONDS} s of the mix at ${RATES[0]} req/s (not measured) …`);
    await runRate(base, RATES[0] ?? 25, WARMUP_SECONDS, world);
    log(`measuring each process's idle CPU for ${IDLE_SECONDS} s …`);
    await sleep(1000);
    const idle = await cpuDuring(procs, () => sleep(IDLE_SECONDS * 1000));
    idlePerMs = Object.fromEntries(Object.entries(idle.spent).map(([name, ms]) => [name, ms / idle.elapsedMs]));

    log('');
    log(header(procs));
    for (const rate of RATES) {
      if (Date.now() - started + (STEP_SECONDS + 20) * 1000 > BUDGET_MS) {
        log(`(stopping: the next step would overrun the ${BUDGET_MS / 60_000}-minute budget)`);
        break;
      }
      // Server-side truth between steps: requests cut off at the end of the last one may have saved or
      // deleted (the pause lets the server finish them first).
      await sleep(1000);
      await each(members, 4, async (m) => {
        m.items = await wordbookOf(base, m);
      });
      resetPeaks(procs);
      const step = await cpuDuring(procs, () => runRate(base, rate, STEP_SECONDS, world));
      const row = summarise(rate, STEP_SECONDS, step.result, peaksMiB(procs), { ...step, idlePerMs });
      rows.push(row);
      log(line(row, procs));
      if (row.verdict === 'failed') break;
    }
  } finally {
    await Promise.all(
      [...members.map((m) => m.cookie), ...logins.map((l) => l.cookie), ...visitors].map((cookie) =>
        api(base, '/api/user/logout', undefined, cookie, 'GET').catch(() => undefined),
      ),
    );
    await running.stop();
  }

  log('');
  log('per operation group (ms):');
  for (const r of rows) log(groupLine(r));
  log('');
  log('CPU ms per request above idle, by process (user + system; ES, Kafka and Mongo serve other tenants too):');
  for (const r of rows) {
    const parts = Object.entries(r.cpuMsPerRequestAboveIdle).map(
      ([name, ms]) => `${PEAK_LABELS[name] ?? name} ${ms.toFixed(1)}`,
    );
    const total = Object.values(r.cpuMsPerRequestAboveIdle).reduce((a, b) => a + b, 0);
    log(`${String(r.target).padStart(6)}  ${parts.join(', ')}; total ${total.toFixed(1)}`);
  }
  log(
    `idle CPU, % of one core: ${Object.entries(idlePerMs)
      .map(([name, perMs]) => `${PEAK_LABELS[name] ?? name} ${(perMs * 100).toFixed(1)}`)
      .join(', ')}`,
  );
  for (const r of rows) {
    if (r.errors)
      log(
        `errors at ${r.target} req/s: ${JSON.stringify(r.reasons)}${r.transport ? `, transport ${r.transport} (timeouts ${r.timeouts})` : ''}`,
      );
  }
  const best = rows.filter((r) => r.verdict === 'goal met').at(-1);
  log('');
  log(
    best
      ? `highest rate with p99 ≤ ${GOAL.p99Ms} ms and no errors: ${best.target} req/s (achieved ${best.achieved.toFixed(1)} req/s, p99 ${best.p99.toFixed(1)} ms)`
      : `no step met p99 ≤ ${GOAL.p99Ms} ms with no errors`,
  );

  const when = new Date().toISOString();
  const machine = {
    cpus: cpus().length,
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    loadAverageAtStart: loadAtStart,
    loadAverageAtEnd: loadavg(),
    node: process.version,
  };
  const avg = (l: readonly number[]) => l.map((n) => n.toFixed(1)).join(' ');
  log(
    `machine: ${machine.cpus} CPUs, ${machine.memoryGiB} GiB; load average ${avg(loadAtStart)} at start, ${avg(machine.loadAverageAtEnd)} at the end (everything else running on it shares the CPUs)`,
  );
  const file = join(LOCAL, 'bench', `load-${when.replace(/[:.]/g, '-')}.json`);
  mkdirSync(join(LOCAL, 'bench'), { recursive: true });
  writeFileSync(
    file,
    JSON.stringify(
      {
        when,
        dataset: { headwords: HEADWORDS, relations: RELATIONS, alias: ALIAS },
        mix: Object.fromEntries(MIX),
        members: MEMBERS,
        loginMembers: LOGIN_MEMBERS,
        visitors: VISITORS,
        stepSeconds: STEP_SECONDS,
        goal: { ...GOAL, errors: 0 },
        failWhen: FAIL,
        machine,
        processes: procs,
        idleCpuShareOfOneCore: idlePerMs,
        highestRateMeetingGoal: best?.target ?? null,
        rows,
        markdown: markdown(rows, procs),
        elapsedSeconds: (Date.now() - started) / 1000,
      },
      null,
      2,
    ),
  );
  log(`results: ${file} (${((Date.now() - started) / 1000).toFixed(0)} s in all)`);
  log('');
  log(markdown(rows, procs));
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
