// `npm run bench:events [-- --events 10000 --rate 1000 --users 6 --tx-events 10 --concurrency 8 --poll-ms 20]`
//
// Publishes N events at a steady rate through transactional outboxes (kit publishInTx into
// scratch `account` and `dictionary` outbox schemas, relayed to Kafka by kit's OutboxRelay,
// exactly as the services do), consumed by the statistics service running in-process on a
// scratch schema, and measures for every search event the time from its outbox commit until
// the statistics API (`/api/sys/selectUserSearchHistory` → searchTotal) shows it. Each
// member's events share a Kafka key, hence a partition and an order, so the k-th search of a
// member is visible exactly when that member's searchTotal reaches k.
// Target: p99 ≤ 2 s at 1,000 events per second. Everything it creates is removed.
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import {
  createKafka,
  createLogger,
  createPool,
  DEVELOPMENT_IDENTITY_SECRET,
  eventingMigration,
  GATEWAY_ISSUER,
  identityHeaders,
  migrate,
  OutboxRelay,
  publishInTx,
  startService,
  withTransaction,
} from '@syn/kit';
import { newEnvelope, type Envelope } from '@syn/proto';
import { statisticsService } from '../../services/statistics/src/service';

const { values } = parseArgs({
  options: {
    events: { type: 'string', default: '10000' },
    rate: { type: 'string', default: '1000' },
    users: { type: 'string', default: '6' },
    'poll-ms': { type: 'string', default: '20' },
    'tx-events': { type: 'string', default: '10' },
    concurrency: { type: 'string', default: '8' },
  },
});
const N = Number(values.events);
const RATE = Number(values.rate);
const USERS = Number(values.users);
const POLL_MS = Number(values['poll-ms']);
/** Publishing transactions in flight at once (a service's concurrent requests). */
const CONCURRENCY = Number(values.concurrency);
/** Events per publishing transaction. */
const TX_EVENTS = Number(values['tx-events']);
for (const [name, v] of Object.entries({
  events: N,
  rate: RATE,
  users: USERS,
  'poll-ms': POLL_MS,
  'tx-events': TX_EVENTS,
  concurrency: CONCURRENCY,
})) {
  if (!Number.isInteger(v) || v < 1) throw new Error(`--${name} must be a positive integer`);
}

// kafkajs's one-time notice about its v2 partitioner is noise here (keys decide partitions either way).
process.env.KAFKAJS_NO_PARTITIONER_WARNING ??= '1';

const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/syndict_test';
const KAFKA_BROKERS = process.env.KAFKA_BROKERS ?? '127.0.0.1:9092';
const run = randomBytes(4).toString('hex');
const prefix = `bench.${run}.`;
const schemas = { statistics: `bench_st_${run}`, account: `bench_acc_${run}`, dictionary: `bench_dic_${run}` };
const log = createLogger('bench-events', 'warn');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const out = (line: string) => process.stdout.write(`${line}\n`);

/** Event i of the mix: 80% searches, 10% headword views, 5% logins, 5% external links. */
function eventAt(i: number, userId: number): { outbox: 'account' | 'dictionary'; env: Envelope; search: boolean } {
  const key = String(userId);
  const r = i % 20;
  if (r === 0) {
    return {
      outbox: 'account',
      search: false,
      env: newEnvelope({
        producer: 'account',
        key,
        event: { case: 'userLoggedIn', value: { userId, sessionHash: `bench-${userId}` } },
      }),
    };
  }
  if (r === 1 || r === 2) {
    return {
      outbox: 'dictionary',
      search: false,
      env: newEnvelope({
        producer: 'dictionary',
        key,
        event: {
          case: 'headwordViewed',
          value: { userId, sessionHash: `bench-${userId}`, headwordId: 1 + (i % 50), word: `낱말${i % 50}`, hanja: '' },
        },
      }),
    };
  }
  if (r === 3) {
    return {
      outbox: 'dictionary',
      search: false,
      env: newEnvelope({
        producer: 'dictionary',
        key,
        event: { case: 'externalLinkOpened', value: { userId, linkType: 1, headwordId: 1 } },
      }),
    };
  }
  return {
    outbox: 'dictionary',
    search: true,
    env: newEnvelope({
      producer: 'dictionary',
      key,
      event: {
        case: 'headwordSearched',
        value: { userId, sessionHash: `bench-${userId}`, query: `검색${i}`, resultCount: 1, page: 0 },
      },
    }),
  };
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function main(): Promise<void> {
  out(`bench:events — ${N} events at ${RATE}/s from ${USERS} members (run ${run}, topics ${prefix}*)`);
  const pool = createPool(DATABASE_URL, { max: CONCURRENCY + 4 });
  const kafka = createKafka('bench-events', [KAFKA_BROKERS], log);
  const producer = kafka.producer({ maxInFlightRequests: 1, allowAutoTopicCreation: true });
  const relays: OutboxRelay[] = [];
  const stats = await startService(statisticsService, {
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    PORT: '0',
    DATABASE_URL,
    KAFKA_BROKERS,
    KAFKA_TOPIC_PREFIX: prefix,
    STATISTICS_SCHEMA: schemas.statistics,
    OUTBOX_RELAY: 'off',
  });
  try {
    for (const schema of [schemas.account, schemas.dictionary]) await migrate(pool, schema, [eventingMigration()]);
    await producer.connect();
    for (const schema of [schemas.account, schemas.dictionary]) {
      const relay = new OutboxRelay({ pool, schema, producer, log });
      await relay.start();
      relays.push(relay);
    }

    const users = Array.from({ length: USERS }, (_, k) => 800_000_000 + k);
    const published: number[][] = users.map(() => []);
    const visibleAt: number[][] = users.map(() => []);
    const seen = users.map(() => 0);
    let publishing = true;

    // Poll the API: a member's searchTotal reaching k means their k-th search is visible.
    const poller = (async () => {
      const path = '/api/sys/selectUserSearchHistory';
      for (;;) {
        const now = Date.now();
        // As the gateway forwards an administrator (a signature lives 30 s: made for each round).
        const headers = {
          'content-type': 'application/json',
          ...identityHeaders(DEVELOPMENT_IDENTITY_SECRET, GATEWAY_ISSUER, 'POST', path, {
            userId: 1,
            grade: 0,
            deviceState: 'current',
          }),
        };
        const totals = await Promise.all(
          users.map(async (userId) => {
            const res = await fetch(`${stats.http.url}${path}`, {
              method: 'POST',
              headers,
              body: JSON.stringify({ userId, pageSize: 1, pageNum: 0 }),
            });
            return ((await res.json()) as { searchTotal: number }).searchTotal;
          }),
        );
        totals.forEach((total, k) => {
          while (seen[k]! < total) visibleAt[k]![seen[k]!++] = now;
        });
        const all = seen.every((n, k) => n >= published[k]!.length);
        if (!publishing && all) return;
        await sleep(POLL_MS);
      }
    })();

    // Publish at the target rate: every tick commits the events that are due, one transaction per outbox.
    const started = Date.now();
    let sent = 0;
    while (sent < N) {
      const due = Math.min(N, Math.floor(((Date.now() - started) / 1000) * RATE) + 1);
      if (due > sent) {
        const batch = Array.from({ length: due - sent }, (_, j) => {
          const i = sent + j;
          const k = i % USERS;
          return { k, ...eventAt(i, users[k]!) };
        });
        // Small transactions (up to TX_EVENTS events of one outbox), several in flight at once, like a
        // service's concurrent requests; a 2-core machine cannot commit 1,000 single-event transactions a second.
        const chunks: Array<typeof batch> = [];
        for (const outbox of ['account', 'dictionary'] as const) {
          const mine = batch.filter((b) => b.outbox === outbox);
          for (let at = 0; at < mine.length; at += TX_EVENTS) chunks.push(mine.slice(at, at + TX_EVENTS));
        }
        let next = 0;
        await Promise.all(
          Array.from({ length: Math.min(CONCURRENCY, chunks.length) }, async () => {
            while (next < chunks.length) {
              const chunk = chunks[next++]!;
              await withTransaction(pool, async (tx) => {
                for (const b of chunk) await publishInTx(tx, schemas[b.outbox], prefix, b.env);
              });
              const committed = Date.now();
              for (const b of chunk) if (b.search) published[b.k]!.push(committed);
            }
          }),
        );
        sent = due;
      }
      await sleep(5);
    }
    const publishMs = Date.now() - started;
    publishing = false;
    const timeout = sleep(120_000).then(() => {
      throw new Error('not every event became visible within 120 s');
    });
    await Promise.race([poller, timeout]);
    const done = Math.max(...visibleAt.flat());

    // Concurrent commits of one member may finish out of order by a few ms: pair the k-th commit with the k-th visible.
    const latencies = published
      .flatMap((times, k) => [...times].sort((a, b) => a - b).map((t, i) => visibleAt[k]![i]! - t))
      .sort((a, b) => a - b);
    const mean = latencies.reduce((a, b) => a + b, 0) / latencies.length;
    out('');
    out(
      `published ${N} events in ${(publishMs / 1000).toFixed(2)} s: ${(N / (publishMs / 1000)).toFixed(0)} events/s offered`,
    );
    out(
      `all visible after ${((done - started) / 1000).toFixed(2)} s: ${(N / ((done - started) / 1000)).toFixed(0)} events/s end to end`,
    );
    out(
      `visibility latency of ${latencies.length} search events (outbox commit → statistics API), poll every ${POLL_MS} ms:`,
    );
    out(
      `  p50 ${percentile(latencies, 50)} ms   p90 ${percentile(latencies, 90)} ms   p99 ${percentile(latencies, 99)} ms   max ${latencies.at(-1)} ms   mean ${mean.toFixed(0)} ms`,
    );
    const consumer = stats.consumers[0];
    if (consumer)
      out(
        `consumer: ${consumer.stats.applied} applied, ${consumer.stats.duplicate} duplicates, ${consumer.stats.rejected} rejected`,
      );
    const p99 = percentile(latencies, 99);
    const offered = N / (publishMs / 1000);
    const rateMet = offered >= 0.95 * RATE;
    out(
      p99 <= 2000 && rateMet
        ? `target met: p99 ${p99} ms ≤ 2000 ms at ${offered.toFixed(0)} events/s`
        : `target MISSED: p99 ${p99} ms (≤ 2000 ms wanted) at ${offered.toFixed(0)} events/s offered (${RATE}/s wanted)`,
    );
    process.exitCode = p99 <= 2000 && rateMet ? 0 : 2;
  } finally {
    for (const relay of relays) await relay.stop();
    await producer.disconnect().catch(() => undefined);
    await stats.stop();
    const admin = kafka.admin();
    await admin.connect();
    const topics = (await admin.listTopics()).filter((t) => t.startsWith(prefix));
    if (topics.length) await admin.deleteTopics({ topics }).catch(() => undefined);
    await admin.deleteGroups([`${prefix}statistics`]).catch(() => undefined);
    await admin.disconnect();
    for (const schema of Object.values(schemas)) await pool.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await pool.end();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`bench:events failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
