// Dictionary replicas hide a crash: with two dictionary processes behind the gateway, searches
// sent under a steady load go on being answered when one replica is killed with SIGKILL, and a
// killed replica that starts again rejoins (the other one can then be killed in turn). Afterwards
// the usage facts add up: each search (by its unique query) is counted at most once, also when the
// gateway sent it again to the other replica, and only the facts a SIGKILL caught in a replica's
// buffer are missing; views are counted no more often than they were answered.
//
// Run alone: TEST_STACK_OFFSET=<n> npx jest --selectProjects faults --runInBand --forceExit \
//   --runTestsByPath test/faults/replicas.faults.ts
// The stack uses the shared Kafka and Elasticsearch under names of its own (a run prefix, an
// alias), and a PostgreSQL and MongoDB database of its own.
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { Pool } from 'pg';
import { decodeEnvelope } from '@syn/proto';
import { startStack, type Stack } from '../../scripts/stack';
import { dictionaryReplicas, LOCAL } from '../../scripts/topology';
import { faultDatabases, freshDatabases } from './databases';
import { call } from './load';
import { mayBeLost, nearKill, uniqueQuery } from './usage';

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
  /** Unique to this search, so its usage fact can be found. */
  query: string;
}

interface View {
  at: number;
  ok: boolean;
}

/** Searches (each with a query no other asks) and detail views through the gateway, as visitors send them, until stopped. */
class SearchLoad {
  readonly searches: Search[] = [];
  readonly views: View[] = [];
  private running = false;
  private next = 0;
  private loops: Promise<void>[] = [];

  constructor(
    private readonly base: string,
    private readonly headwordIds: readonly number[],
  ) {}

  start(): void {
    this.running = true;
    this.loops = Array.from({ length: SEARCHERS }, async (_, searcher) => {
      for (let i = 0; this.running; i++) {
        // One searcher in three views headwords: a view awaits Redis after taking its fact, the
        // moment a kill can leave a committed fact without an answer, which the gateway then retries.
        if (searcher % 3 === 2) {
          const pyojaeId = this.headwordIds[i % this.headwordIds.length]!;
          const r = await call(`${this.base}/api/dic/search/wordSynItems`, { pyojaeId });
          this.views.push({ at: Date.now(), ok: r.status === 200 });
          continue;
        }
        const query = uniqueQuery(this.next++);
        const r = await call(`${this.base}/api/dic/search/pyojaeItems`, {
          searchWord: query,
          pageSize: 10,
          pageNum: 0,
        });
        this.searches.push({ at: Date.now(), status: r.status, query });
      }
    });
  }

  async stop(): Promise<void> {
    this.running = false;
    await Promise.all(this.loops);
  }

  /** Searches and views answered from `from` on: how many, and the statuses of the failed ones. */
  since(from: number): { total: number; failed: number[] } {
    const searches = this.searches.filter((s) => s.at >= from);
    const views = this.views.filter((v) => v.at >= from);
    return {
      total: searches.length + views.length,
      failed: [
        ...searches.filter((s) => s.status !== 200).map((s) => s.status),
        ...views.filter((v) => !v.ok).map(() => 0),
      ],
    };
  }
}

let stack: Stack | null = null;
let load: SearchLoad | null = null;
const killing = new Set<string>();
const crashes: string[] = [];
/** When each replica was killed: facts answered just before may be lost with its buffer. */
const kills: number[] = [];
let pool: Pool | null = null;

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
  kills.push(killedAt);
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
  const ids = ((first.body.results as { wordInfoItems?: { ID: number }[] } | undefined)?.wordInfoItems ?? []).map(
    (item) => item.ID,
  );
  if (ids.length === 0) throw new Error('the first search found no headword to view');
  pool = new Pool({ connectionString: DATABASE_URL, max: 2 });
  load = new SearchLoad(stack.baseUrl, ids);
  load.start();
  await sleep(3_000);
}, 600_000);

afterAll(async () => {
  await load?.stop();
  await pool?.end();
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

  it('then the usage facts add up: no search counted twice, none missing but what a SIGKILL caught in a buffer', async () => {
    await load!.stop();
    const db = pool!;
    const scalar = async (sql: string, args: unknown[] = []) =>
      Number((await db.query<{ n: string }>(sql, args)).rows[0]?.n ?? 0);
    const deadline = Date.now() + 120_000;
    for (;;) {
      const facts = await scalar(`SELECT count(*) AS n FROM dictionary.outbox`);
      const unpublished = await scalar(`SELECT count(*) AS n FROM dictionary.outbox WHERE published_at IS NULL`);
      const applied = await scalar(`SELECT count(*) AS n FROM statistics.processed_events WHERE consumer = $1`, [
        `replicas.${RUN}.statistics`,
      ]);
      if (unpublished === 0 && applied >= facts) break;
      if (Date.now() > deadline)
        throw new Error(`not drained: ${unpublished} unpublished, ${applied} of ${facts} applied`);
      await sleep(1_000);
    }
    const { rows } = await db.query<{ payload: Buffer }>(
      `SELECT payload FROM dictionary.outbox WHERE type = 'dictionary.HeadwordSearched.v1'`,
    );
    const queries = rows.map((r) => (decodeEnvelope(r.payload).event.value as { query: string }).query);
    const committed = new Set(queries);
    const viewed = await scalar(
      `SELECT count(*) AS n FROM dictionary.outbox WHERE type = 'dictionary.HeadwordViewed.v1'`,
    );
    // Statistics applied each committed fact once.
    expect(await scalar(`SELECT coalesce(sum(searches), 0) AS n FROM statistics.search_daily`)).toBe(queries.length);
    expect(await scalar(`SELECT coalesce(sum(views), 0) AS n FROM statistics.search_daily`)).toBe(viewed);
    // No search twice, though the gateway sent some again to the other replica.
    expect(queries.length - committed.size).toBe(0);
    const searches = load!.searches;
    const answered = searches.filter((r) => r.status === 200);
    const missing = answered.filter((r) => !committed.has(r.query));
    const views = load!.views;
    const viewsOk = views.filter((v) => v.ok).length;
    out(
      `facts: searches answered ${answered.length}, committed ${committed.size} (set-up included), lost to a SIGKILL ${missing.length}; ` +
        `views answered ${viewsOk}, committed ${viewed}; retries ${await retries()}`,
    );
    expect(missing.filter((r) => !nearKill(r.at, kills))).toEqual([]);
    expect(answered.length).toBeGreaterThan(100);
    // Views carry no unique key: never more than were asked, fewer only by what a kill caught.
    expect(viewed).toBeLessThanOrEqual(views.length);
    expect(viewed).toBeGreaterThanOrEqual(viewsOk - mayBeLost(views, kills));
  }, 180_000);
});

/** Requests the gateway sent again to another replica, from its metrics. */
async function retries(): Promise<string> {
  const port = stack!.env.GATEWAY_METRICS_PORT;
  if (!port) return 'unknown';
  const text = await fetch(`http://127.0.0.1:${port}/metrics`)
    .then((r) => r.text())
    .catch(() => '');
  return /^gateway_replica_retries_total\{[^}]*\} (\d+)/m.exec(text)?.[1] ?? '0';
}
