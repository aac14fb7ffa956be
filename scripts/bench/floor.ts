// npm run bench:floor [-- --rate 100 --seconds 10 --rounds 3 --dataset generated|default --offset 56]
//
// How close to Elasticsearch a detail view through two Node HTTP hops can come on this machine, and
// where our gateway and service stand against that floor. Open loop at the target's rate (bench:search's
// driver: each view timed from when it was due), never-viewed ids, the paths interleaved in rounds:
//
//   elasticsearch get                the service's one call for a view, raw
//   bare service                     a bare Node server (scripts/bench/floor/bare.ts): the get, then
//                                    the history write a view must make, then the answer
//   bare proxy → bare service        a bare Node proxy in front of it: the floor of two hops
//   bare gateway → bare service      the bare proxy reading the caller's session in Redis first, as
//                                    a gateway must: the floor of this architecture
//   dictionary service               ours, signed as the gateway signs (history write included)
//   bare proxy → dictionary service  the bare proxy over our replicas: what any proxy costs
//   gateway → dictionary service     ours: the rate-limit count and session look-up included
//
// The bare processes do no validation, signing, logging or metrics: what the real ones do more is
// their own cost, what the bare ones cost is the hops'. The stack (2 replicas unless
// DICTIONARY_REPLICAS says) runs idle beside the paths that do not use it, as in bench:search.
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createClient as createRedis } from 'redis';
import { DEVELOPMENT_IDENTITY_SECRET, GATEWAY_ISSUER, identityHeaders } from '@syn/kit/identity';
import { ANONYMOUS_GRADE, ANONYMOUS_USER_ID, newSessionId, sessionHash } from '@syn/kit/session';
import { ROOT, topology } from '../topology';
import { datasetFlags, datasetKind, prepareDataset, readHeadwords, startDatasetStack } from './dataset';
import { datasetLine, machineBusyMs, machineLine, processCpuNs, servedDataset } from './machine';
import { shuffled } from './queries';
import { visitorSession, type VisitorSession } from './visitor';
import { emptyOutcome, figuresOf, openLoop, type Call, type Figures, type Outcome, type Target } from './search/drive';

const DETAIL = '/api/dic/search/wordSynItems';
const WARMUP_SECONDS = 5;

const USAGE = `npm run bench:floor -- [--rate N] [--seconds N] [--rounds N] [--dataset generated|default] [--offset N]

  --rate N       detail views a second on each path (open loop)                   [100]
  --seconds N    seconds a path runs in each round                                [10]
  --rounds N     rounds over the paths (interleaved, so drift hits them alike)    [3]
  --dataset      generated: the 500k set (imported once); default: the small set  [generated]
  --offset N     TEST_STACK_OFFSET of the stack it starts                         [56]`;

type PathKey = 'es' | 'bare' | 'bare2' | 'bareGateway' | 'service' | 'bareProxy' | 'gateway';
const LABELS: Record<PathKey, string> = {
  es: 'elasticsearch get',
  bare: 'bare service',
  bare2: 'bare proxy → bare service',
  bareGateway: 'bare gateway → bare service',
  service: 'dictionary service',
  bareProxy: 'bare proxy → dictionary service',
  gateway: 'gateway → dictionary service',
};
const ORDER: readonly PathKey[] = ['es', 'bare', 'bare2', 'bareGateway', 'service', 'bareProxy', 'gateway'];

interface Bare {
  url: string;
  child: ChildProcess;
}

/** Starts bare.ts in its own process and waits for the port it listens on. */
function startBare(args: string[]): Promise<Bare> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(__dirname, 'floor', 'bare.ts'), ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`bare.ts ${args[0] ?? ''} exited with ${String(code)}`)));
    createInterface({ input: child.stdout as NodeJS.ReadableStream }).once('line', (line) => {
      const { port } = JSON.parse(line) as { port: number };
      resolve({ url: `http://127.0.0.1:${port}`, child });
    });
  });
}

const ok200 = (status: number) => (status === 200 ? '' : `HTTP ${status}`);
const viewCheck = (status: number, body: string) =>
  ok200(status) || (body.includes('"wordSynItems"') ? '' : 'no wordSynItems');
const docCheck = (status: number, body: string) => ok200(status) || (body.includes('"found":true') ? '' : 'not found');

const quantileLine = (f: Figures, es: number) =>
  `${String(f.requests).padStart(9)}${f.p50.toFixed(2).padStart(9)}${f.p90.toFixed(2).padStart(9)}${f.p99.toFixed(2).padStart(9)}` +
  `${String(f.errors).padStart(8)}${(es > 0 ? `${(f.p50 / es).toFixed(2)}×` : '-').padStart(10)}`;

async function main(): Promise<void> {
  const { values: a } = parseArgs({
    options: {
      rate: { type: 'string', default: '100' },
      seconds: { type: 'string', default: '10' },
      rounds: { type: 'string', default: '3' },
      help: { type: 'boolean', default: false },
      ...datasetFlags('56'),
    },
  });
  if (a.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const rate = Number(a.rate);
  const seconds = Number(a.seconds);
  const rounds = Number(a.rounds);
  if (![rate, seconds, rounds].every((n) => Number.isInteger(n) && n > 0)) {
    throw new Error('--rate, --seconds and --rounds must be positive integers');
  }
  process.env.TEST_STACK_OFFSET = a.offset;
  const log = (line: string) => process.stderr.write(`${line}\n`);
  const data = await prepareDataset(datasetKind(a.dataset), { reimport: a.reimport, log });
  const topo = topology('test');
  const esUrl = topo.env.ELASTICSEARCH_URL ?? 'http://127.0.0.1:9200';
  const redisUrl = topo.env.REDIS_URL ?? 'redis://127.0.0.1:6379/1';
  // Each path draws its own never-viewed ids: neither the answer cache nor Elasticsearch's caches answer.
  const allIds = shuffled(
    (await readHeadwords(data.file)).map((h) => h.id),
    13,
  );
  const perPath = Math.round(rate * (seconds * rounds + WARMUP_SECONDS));
  if (allIds.length < perPath * ORDER.length) log(`only ${allIds.length} ids: some paths repeat ids`);
  const idsOf = (k: PathKey) => {
    const start = ORDER.indexOf(k) * perPath;
    let i = 0;
    return () => allIds[(start + i++) % allIds.length] ?? 1;
  };

  const stack = await startDatasetStack(data, a.offset, log);
  const services = (stack.env.DICTIONARY_URLS ?? '').split(',').filter(Boolean);
  const redis = createRedis({ url: redisUrl });
  const bares: Bare[] = [];
  const sid = newSessionId();
  const hash = sessionHash(sid);
  let visitor: VisitorSession | undefined;
  try {
    await redis.connect();
    visitor = await visitorSession(redis, sid);
    const bare = await startBare(['service', '--es', esUrl, '--alias', data.alias, '--redis', redisUrl]);
    bares.push(bare);
    const bareProxy = await startBare(['proxy', '--upstream', bare.url]);
    bares.push(bareProxy);
    const bareGateway = await startBare(['proxy', '--upstream', bare.url, '--redis', redisUrl]);
    bares.push(bareGateway);
    const serviceProxy = await startBare(['proxy', '--upstream', services.join(',')]);
    bares.push(serviceProxy);

    const body = (id: number) => JSON.stringify({ userId: ANONYMOUS_USER_ID, pyojaeId: id, userAuthKey: '' });
    const json = { 'content-type': 'application/json' };
    const signed = (): Record<string, string> => ({
      ...json,
      ...identityHeaders(DEVELOPMENT_IDENTITY_SECRET, GATEWAY_ISSUER, 'POST', DETAIL, {
        userId: ANONYMOUS_USER_ID,
        grade: ANONYMOUS_GRADE,
        sessionHash: hash,
      }),
    });
    const target = (k: PathKey): Target => {
      const ids = idsOf(k);
      const one = (urls: string[], check: Target['check'], call: (id: number) => Call): Target => ({
        label: LABELS[k],
        urls,
        maxCalls: 1,
        check,
        next: () => [call(ids())],
      });
      const view = (headers: () => Record<string, string>) => (id: number) =>
        ({ method: 'POST', path: DETAIL, headers: headers(), body: body(id) }) satisfies Call;
      const bareView = (id: number): Call => ({
        method: 'POST',
        path: '/view',
        headers: { ...json, 'x-floor-session': hash },
        body: body(id),
      });
      switch (k) {
        case 'es':
          return one([esUrl], docCheck, (id) => ({ method: 'GET', path: `/${data.alias}/_doc/${id}`, headers: {} }));
        case 'bare':
          return one([bare.url], docCheck, bareView);
        case 'bare2':
          return one([bareProxy.url], docCheck, bareView);
        case 'bareGateway':
          return one([bareGateway.url], docCheck, (id) => {
            const view = bareView(id);
            return { ...view, headers: { ...json, cookie: `sid=${sid}` } };
          });
        case 'service':
          return one(services, viewCheck, view(signed));
        case 'bareProxy':
          return one([serviceProxy.url], viewCheck, view(signed));
        case 'gateway':
          return one(
            [stack.baseUrl],
            viewCheck,
            view(() => ({ ...json, cookie: `sid=${sid}` })),
          );
      }
    };
    const targets = Object.fromEntries(ORDER.map((k) => [k, target(k)])) as Record<PathKey, Target>;

    // Not measured: fresh processes (JIT, connection pools) would make the first round's tail.
    for (const k of ORDER) {
      log(`  ${LABELS[k]}: warm-up at ${rate} req/s for ${WARMUP_SECONDS} s (not measured) …`);
      await openLoop(targets[k], rate, WARMUP_SECONDS);
    }
    const totals = Object.fromEntries(ORDER.map((k) => [k, emptyOutcome()])) as Record<PathKey, Outcome>;
    // CPU spent while each path ran: the whole machine's (every process: the driver, Elasticsearch,
    // Redis, PostgreSQL, Kafka, statistics …) and our dictionary replicas' and gateway's own.
    const pids = (names: string[]) => names.map((n) => stack.supervisor.pid(n) ?? 0).filter((p) => p > 0);
    const ours = { dictionary: pids(stack.dictionary.map((d) => d.name)), gateway: pids(['gateway']) };
    const cpuOf = (list: number[]) => list.reduce((sum, pid) => sum + processCpuNs(pid), 0) / 1e6;
    const cpu = Object.fromEntries(ORDER.map((k) => [k, { machine: 0, dictionary: 0, gateway: 0 }])) as Record<
      PathKey,
      { machine: number; dictionary: number; gateway: number }
    >;
    for (let r = 1; r <= rounds; r++) {
      for (const k of ORDER) {
        log(`  round ${r}/${rounds}: ${LABELS[k]} at ${rate} req/s for ${seconds} s …`);
        const before = { machine: machineBusyMs(), dictionary: cpuOf(ours.dictionary), gateway: cpuOf(ours.gateway) };
        const o = await openLoop(targets[k], rate, seconds);
        cpu[k].machine += machineBusyMs() - before.machine;
        cpu[k].dictionary += cpuOf(ours.dictionary) - before.dictionary;
        cpu[k].gateway += cpuOf(ours.gateway) - before.gateway;
        const t = totals[k];
        t.latencies.push(...o.latencies);
        t.errors += o.errors;
        t.elapsedMs += o.elapsedMs;
        for (const [why, n] of Object.entries(o.reasons)) t.reasons[why] = (t.reasons[why] ?? 0) + n;
      }
    }

    const served = await servedDataset(stack.baseUrl);
    const f = Object.fromEntries(ORDER.map((k) => [k, figuresOf(totals[k])])) as Record<PathKey, Figures>;
    const out = (line: string) => process.stdout.write(`${line}\n`);
    out('');
    out(`════ bench:floor — detail views, open loop at ${rate} req/s, never-viewed ids ════`);
    out(datasetLine(served, data.alias));
    out(machineLine());
    out(`${rounds} rounds of ${seconds} s a path, interleaved; ${services.length} dictionary replica(s)`);
    out(
      `${'path'.padEnd(34)}${'requests'.padStart(9)}${'p50 ms'.padStart(9)}${'p90 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'errors'.padStart(8)}${'÷ es p50'.padStart(10)}`,
    );
    for (const k of ORDER) out(`${LABELS[k].padEnd(34)}${quantileLine(f[k], f.es.p50)}`);
    for (const k of ORDER) {
      if (totals[k].errors > 0) out(`  ${LABELS[k]} errors: ${JSON.stringify(totals[k].reasons)}`);
    }
    out('');
    out(`CPU while each path ran, µs per view (machine: every process on both cores, the idle stack's included)`);
    out(`${'path'.padEnd(34)}${'machine'.padStart(9)}${'dictionary'.padStart(12)}${'gateway'.padStart(9)}`);
    for (const k of ORDER) {
      const n = Math.max(1, totals[k].latencies.length + totals[k].errors);
      const us = (ms: number) => String(Math.round((ms * 1000) / n)).padStart(9);
      out(`${LABELS[k].padEnd(34)}${us(cpu[k].machine)}${us(cpu[k].dictionary).padStart(12)}${us(cpu[k].gateway)}`);
    }
    const d = (x: number, y: number) => (x - y).toFixed(2);
    out(
      `p50 added: a bare hop with the history write ${d(f.bare.p50, f.es.p50)} ms, a bare proxy ${d(f.bare2.p50, f.bare.p50)} ms ` +
        `(two bare hops ÷ Elasticsearch ${(f.bare2.p50 / f.es.p50).toFixed(2)}×), the session look-up ${d(f.bareGateway.p50, f.bare2.p50)} ms ` +
        `(a bare gateway ÷ Elasticsearch ${(f.bareGateway.p50 / f.es.p50).toFixed(2)}×: the floor against the 2× target); ` +
        `our service ${d(f.service.p50, f.bare.p50)} ms over the bare one, our gateway ${d(f.gateway.p50, f.bareProxy.p50)} ms over a bare proxy`,
    );
  } finally {
    for (const b of bares) b.child.kill('SIGTERM');
    if (redis.isOpen) {
      await visitor?.forget([`floor-history:${hash}`]);
      await redis.close();
    }
    await stack.stop();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
