// npm run bench:gateway [-- --requests 5000 --runs 3 --concurrency 8 --offset 63 --profile DIR --node-flag F]
//
// What the gateway itself spends per proxied request, in CPU, not wall time: on a shared machine
// latency percentiles move with everyone else's load, a process's CPU time does not (much). A test
// stack (default dataset, two dictionary replicas) runs; the gateway is started by this script so it
// can be given Node flags (--node-flag, repeatable) or profiled (--profile DIR: a .cpuprofile per run
// of the whole measured phase, summarised by scripts/bench/gateway/profile.ts). Each run sends a fixed
// number of detail views (POST wordSynItems, as bench:search) and then of searches (POST pyojaeItems),
// both under a signed-in member's session cookie, in a closed loop, and reads the gateway process's
// CPU time (all its threads, /proc/<pid>/task/*/schedstat, nanoseconds) before and after each kind.
// Printed: µs of gateway CPU per request, per kind and run, and the median of the runs.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, mkdirSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createClient as createRedis } from 'redis';
import {
  SESSION_TTL_SECONDS,
  currentDeviceKey,
  deviceRecord,
  newSessionId,
  sessionHash,
  sessionKey,
  type SessionData,
} from '@syn/kit/session';
import { buildIfNeeded, startStack, waitForHealth, type Stack } from '../stack';
import { processCpuNs } from './machine';
import { ROOT, topology } from '../topology';

const USAGE = `npm run bench:gateway [-- options]
  --requests N      requests of each kind per run (default 5000)
  --runs N          runs; the median is reported (default 3)
  --concurrency N   requests in flight (default 8)
  --warmup N        unmeasured requests of each kind first (default 1000)
  --offset N        TEST_STACK_OFFSET of the stack (default: $TEST_STACK_OFFSET, else 63)
  --node-flag F     a Node flag for the gateway process (repeatable), e.g. --node-flag=--max-semi-space-size=16
  --profile DIR     write a V8 CPU profile of each run's gateway (its whole life, warm-up included) into DIR`;

const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '5000' },
    runs: { type: 'string', default: '3' },
    concurrency: { type: 'string', default: '8' },
    warmup: { type: 'string', default: '1000' },
    offset: { type: 'string', default: process.env.TEST_STACK_OFFSET ?? '63' },
    'node-flag': { type: 'string', multiple: true, default: [] },
    profile: { type: 'string' },
    help: { type: 'boolean', default: false },
  },
});
if (values.help) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}
const positive = (name: string, raw: string): number => {
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} must be a positive integer, got ${raw}`);
  return n;
};
const REQUESTS = positive('requests', values.requests);
const RUNS = positive('runs', values.runs);
const CONCURRENCY = positive('concurrency', values.concurrency);
const WARMUP = positive('warmup', values.warmup);
process.env.TEST_STACK_OFFSET = values.offset;

const log = (line: string): void => void process.stderr.write(`${line}\n`);

interface Call {
  path: string;
  body: string;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

function post(base: URL, call: Call, cookie: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: base.hostname,
        port: base.port,
        path: call.path,
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(call.body),
          cookie,
          accept: 'application/json',
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(call.body);
  });
}

/** Sends `n` calls from `next`, `CONCURRENCY` at a time; every answer must be 200. */
async function drive(base: URL, cookie: string, n: number, next: (i: number) => Call): Promise<void> {
  let sent = 0;
  const worker = async (): Promise<void> => {
    while (sent < n) {
      const i = sent++;
      const res = await post(base, next(i), cookie);
      if (res.status !== 200) throw new Error(`${next(i).path} answered ${res.status}: ${res.body.slice(0, 200)}`);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
}

const SEARCH = '/api/dic/search/pyojaeItems';
const DETAIL = '/api/dic/search/wordSynItems';
const WORDS = ['사랑', '나무', '가다', '하늘', '마음', '바다', '사람', '크다', '좋다', '빠르다', '생각', '말'];

/** Headword ids of the served dataset, from searches through the gateway. */
async function headwordIds(base: URL, cookie: string): Promise<number[]> {
  const ids = new Set<number>();
  for (const word of WORDS) {
    const res = await post(
      base,
      { path: SEARCH, body: JSON.stringify({ searchWord: word, pageSize: 50, pageNum: 0 }) },
      cookie,
    );
    const body = JSON.parse(res.body) as { results?: { wordInfoItems?: { ID?: unknown }[] } };
    for (const item of body.results?.wordInfoItems ?? []) if (typeof item.ID === 'number') ids.add(item.ID);
  }
  if (ids.size === 0) throw new Error('no headword found by the sample searches: is the default dataset loaded?');
  return [...ids];
}

/** A signed-in member's session (the gateway reads the session and the account's current device). */
async function memberSession(redisUrl: string): Promise<string> {
  const redis = createRedis({ url: redisUrl });
  await redis.connect();
  const sid = newSessionId();
  const userId = 900_000_000 + Math.floor(Math.random() * 1_000_000);
  const session: SessionData = {
    userId,
    grade: 1,
    deviceKey: 'bench-gateway',
    email: `bench${userId}@example.com`,
    createdAt: new Date().toISOString(),
  };
  await redis.set(sessionKey(sid), JSON.stringify(session), { EX: SESSION_TTL_SECONDS });
  await redis.set(currentDeviceKey(userId), deviceRecord('bench-gateway', sessionHash(sid)), {
    EX: SESSION_TTL_SECONDS,
  });
  await redis.close();
  return `sid=${sid}`;
}

function startGateway(stack: Stack, flags: string[], profileDir: string | undefined, run: number): ChildProcess {
  const args = [...flags];
  if (profileDir)
    args.push('--cpu-prof', `--cpu-prof-dir=${profileDir}`, `--cpu-prof-name=gateway-run${run}.cpuprofile`);
  const child = spawn(process.execPath, [...args, path.join(ROOT, 'gateway/dist/main.js')], {
    cwd: ROOT,
    // As scripts/stack.ts starts it, with an empty web folder (the web app is not measured here).
    env: {
      ...process.env,
      ...stack.env,
      LOG_LEVEL: 'warn',
      WEB_DIST: mkdtempSync(path.join(os.tmpdir(), 'bench-web-')),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return child;
}

async function stopGateway(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  await exited;
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

async function main(): Promise<void> {
  buildIfNeeded(log, { web: 'never' });
  const topo = topology('test', 2);
  log(`starting the test stack (offset ${values.offset}, 2 dictionary replicas) …`);
  const stack = await startStack({ mode: 'test', dictionaryReplicas: 2, skipBuild: true, log });
  const base = new URL(stack.baseUrl);
  const profileDir = values.profile ? path.resolve(values.profile) : undefined;
  if (profileDir) mkdirSync(profileDir, { recursive: true });
  const figures: { detail: number[]; search: number[] } = { detail: [], search: [] };
  try {
    // The stack's own gateway makes way for one this script starts with the flags under test.
    await stack.supervisor.stop('gateway');
    const cookie = await memberSession(topo.env.REDIS_URL!);
    for (let run = 1; run <= RUNS; run++) {
      // A fresh gateway each run: the runs are independent samples, JIT and heap alike.
      const gateway = startGateway(stack, values['node-flag'], profileDir, run);
      try {
        await waitForHealth(`${stack.baseUrl}/health`, 60_000, () => gateway.exitCode === null);
        const ids = await headwordIds(base, cookie);
        const detail = (i: number): Call => ({
          path: DETAIL,
          body: JSON.stringify({ userId: 0, pyojaeId: ids[i % ids.length], userAuthKey: '' }),
        });
        const search = (i: number): Call => ({
          path: SEARCH,
          body: JSON.stringify({ searchWord: WORDS[i % WORDS.length], pageSize: 10, pageNum: 0 }),
        });
        // Unmeasured: JIT, connection pools and the services' caches settle first.
        await drive(base, cookie, WARMUP, detail);
        await drive(base, cookie, WARMUP, search);
        for (const [kind, next] of [
          ['detail', detail],
          ['search', search],
        ] as const) {
          const before = processCpuNs(gateway.pid!);
          await drive(base, cookie, REQUESTS, next);
          const perRequestUs = (processCpuNs(gateway.pid!) - before) / REQUESTS / 1000;
          figures[kind].push(perRequestUs);
          log(`run ${run}: ${kind} ${perRequestUs.toFixed(1)} µs gateway CPU per request`);
        }
      } finally {
        await stopGateway(gateway);
      }
    }
  } finally {
    agent.destroy();
    await stack.stop();
  }
  const fmt = (xs: number[]) => xs.map((x) => x.toFixed(1)).join(', ');
  const flags = values['node-flag'].length ? values['node-flag'].join(' ') : '(none)';
  process.stdout.write(
    [
      `gateway CPU per request, ${REQUESTS} requests per kind and run, ${CONCURRENCY} in flight, member session, 2 replicas`,
      `node flags: ${flags}; machine: ${os.cpus().length} CPUs, load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
      `detail (POST ${DETAIL}): median ${median(figures.detail).toFixed(1)} µs  (runs: ${fmt(figures.detail)})`,
      `search (POST ${SEARCH}): median ${median(figures.search).toFixed(1)} µs  (runs: ${fmt(figures.search)})`,
      ...(profileDir ? [`profiles: ${profileDir} (summarise: npx tsx scripts/bench/gateway/profile.ts FILE)`] : []),
    ].join('\n') + '\n',
  );
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
