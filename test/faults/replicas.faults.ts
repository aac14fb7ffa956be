// Dictionary replicas hide a crash: with two dictionary processes behind the gateway, searches
// sent under a steady load go on being answered when one replica is killed with SIGKILL, and a
// killed replica that starts again rejoins (the other one can then be killed in turn).
//
// Run alone: TEST_STACK_OFFSET=<n> npx jest --selectProjects faults --runInBand --forceExit \
//   --runTestsByPath test/faults/replicas.faults.ts
// The stack uses the shared Kafka and Elasticsearch under names of its own (a run prefix, an
// alias), and a PostgreSQL and MongoDB database of its own.
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { startStack, type Stack } from '../../scripts/stack';
import { dictionaryReplicas, LOCAL } from '../../scripts/topology';
import { faultDatabases, freshDatabases } from './databases';
import { call } from './load';

process.env.TEST_STACK_OFFSET ??= '36';
const OFFSET = process.env.TEST_STACK_OFFSET;
const RUN = randomBytes(3).toString('hex');
const PG_SERVER = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/syndict_test';
const DATABASE = `syndict_replicas${OFFSET}`;
const { databaseUrl: DATABASE_URL, mongoUrl: MONGO_URL } = faultDatabases(PG_SERVER, DATABASE);
const LOG_DIR = path.join(LOCAL, 'logs', `replicas${OFFSET}`);
/** Concurrent searchers, each sending its next search as soon as one is answered. */
const SEARCHERS = 6;
/** How long the load runs with a replica down. */
const DOWN_MS = Number(process.env.FAULTS_DOWN_MS ?? 8_000);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const out = (line: string) => process.stdout.write(`[replicas] ${line}\n`);

interface Search {
  at: number;
  status: number;
}

/** Searches through the gateway, as visitors send them, until stopped. */
class SearchLoad {
  readonly searches: Search[] = [];
  private running = false;
  private loops: Promise<void>[] = [];

  constructor(private readonly base: string) {}

  start(): void {
    this.running = true;
    const words = ['사랑', '가다', '하늘', '바다', '나무', '마음', '사람', '학교'];
    this.loops = Array.from({ length: SEARCHERS }, async (_, searcher) => {
      for (let i = 0; this.running; i++) {
        const searchWord = words[(searcher + i) % words.length]!;
        const r = await call(`${this.base}/api/dic/search/pyojaeItems`, { searchWord, pageSize: 10, pageNum: i % 3 });
        this.searches.push({ at: Date.now(), status: r.status });
      }
    });
  }

  async stop(): Promise<void> {
    this.running = false;
    await Promise.all(this.loops);
  }

  /** Searches answered from `from` on: how many, and the statuses of the failed ones. */
  since(from: number): { total: number; failed: number[] } {
    const inside = this.searches.filter((s) => s.at >= from);
    return { total: inside.length, failed: inside.filter((s) => s.status !== 200).map((s) => s.status) };
  }
}

let stack: Stack | null = null;
let load: SearchLoad | null = null;
const killing = new Set<string>();
const crashes: string[] = [];

async function healthy(port: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const ok = await fetch(`http://127.0.0.1:${port}/health`, { signal: AbortSignal.timeout(2_000) })
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return;
    await sleep(250);
  }
  throw new Error(`the replica on port ${port} did not answer its health check within ${timeoutMs} ms`);
}

/** Kills one replica with SIGKILL under the load and keeps the load going for DOWN_MS. */
async function killUnderLoad(name: string): Promise<{ total: number; failed: number[] }> {
  const s = stack!;
  const killedAt = Date.now();
  out(`${name}: SIGKILL`);
  killing.add(name);
  await s.supervisor.stop(name, 'SIGKILL');
  await sleep(DOWN_MS);
  const seen = load!.since(killedAt);
  const byStatus = new Map<number, number>();
  for (const status of seen.failed) byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
  const statuses = [...byStatus].map(([status, n]) => `${status} ×${n}`).join(', ');
  out(`${name} down: ${seen.failed.length}/${seen.total} searches failed${statuses ? ` (${statuses})` : ''}`);
  return seen;
}

async function restart(name: string): Promise<void> {
  const s = stack!;
  killing.delete(name);
  s.supervisor.start(name);
  await healthy(s.dictionary.find((d) => d.name === name)!.port, 120_000);
  out(`${name}: healthy again`);
}

beforeAll(async () => {
  rmSync(LOG_DIR, { recursive: true, force: true });
  await freshDatabases(PG_SERVER, DATABASE);

  stack = await startStack({
    mode: 'test',
    log: out,
    healthTimeoutMs: 240_000,
    logDir: LOG_DIR,
    dictionaryReplicas: dictionaryReplicas(2),
    env: {
      DATABASE_URL,
      MONGO_URL,
      KAFKA_TOPIC_PREFIX: `replicas.${RUN}.`,
      DICTIONARY_ALIAS: `replicas${OFFSET}-headwords`,
      PORTONE_SANDBOX_STATE: path.join(LOCAL, 'portone-sandbox', `replicas${OFFSET}-${RUN}.json`),
      LOG_LEVEL: 'warn',
    },
  });
  stack.supervisor.onUnexpectedExit = (name, code) => {
    if (!killing.has(name)) crashes.push(`${name} (exit ${code})`);
  };
  if (stack.dictionary.length < 2) throw new Error('this suite needs DICTIONARY_REPLICAS of 2 or more');
  out(`run ${RUN}: dictionary replicas ${stack.dictionary.map((d) => `${d.name}:${d.port}`).join(', ')}`);
  // The first replica loads the default dataset; a search answering 200 means both serve it.
  const first = await call(
    `${stack.baseUrl}/api/dic/search/pyojaeItems`,
    { searchWord: '사랑', pageSize: 10, pageNum: 0 },
    {
      timeoutMs: 60_000,
    },
  );
  if (first.status !== 200) throw new Error(`the first search answered ${first.status}`);
  load = new SearchLoad(stack.baseUrl);
  load.start();
  await sleep(3_000);
}, 600_000);

afterAll(async () => {
  await load?.stop();
  await stack?.stop();
  const res = load?.since(0);
  if (res) out(`load: ${res.total} searches, ${res.failed.length} failed; crashes: ${crashes.join(', ') || 'none'}`);
}, 120_000);

describe('dictionary replicas under a search load', () => {
  it('when one replica is killed with SIGKILL, then no search fails', async () => {
    const before = load!.since(0);
    expect(before.failed).toEqual([]);
    const seen = await killUnderLoad(stack!.dictionary[1]!.name);
    expect(seen.total).toBeGreaterThan(20);
    expect(seen.failed).toEqual([]);
  }, 120_000);

  it('when the killed replica starts again, then it rejoins: killing the other one then fails no search either', async () => {
    const [first, second] = stack!.dictionary;
    await restart(second!.name);
    // The gateway probes each replica once a second.
    await sleep(3_000);
    const seen = await killUnderLoad(first!.name);
    expect(seen.total).toBeGreaterThan(20);
    expect(seen.failed).toEqual([]);
    await restart(first!.name);
    expect(crashes).toEqual([]);
  }, 300_000);
});
