// Replay: recompute every aggregate from the beginning of the topics into a fresh schema,
// then swap it in for the live one. The live consumer keeps running meanwhile; the swap
// waits (under an exclusive advisory lock that pauses live batches) until the fresh set
// has every event the live set has, so nothing is lost or counted twice: events the fresh
// set has and the live consumer has not reached yet are recognised by id after the swap.
import {
  assertSchemaName,
  createKafka,
  eventingMigration,
  migrate,
  readMigrations,
  type Logger,
  type Pool,
} from '@syn/kit';
import type { Kafka } from 'kafkajs';
import { startBatchConsumer } from '../events/batchConsumer';
import { applyLockOf, consumerGroupOf, STATISTICS_TOPICS } from '../events/consume';
import { MIGRATIONS_DIR } from '../store/migrations';

export interface RebuildOptions {
  pool: Pool;
  kafka?: Kafka;
  brokers?: string[];
  log: Logger;
  /** The live schema (e.g. `statistics`). */
  schema: string;
  topicPrefix: string;
  historyPerUser: number;
  /** Keep the replaced schema (renamed `<schema>_old_<stamp>`) instead of dropping it. */
  keepOld?: boolean;
  /** How long to wait for the fresh set to catch up with the live one before giving up. */
  swapTimeoutMs?: number;
  onStart?: (totalEvents: number) => void;
  onProgress?: (doneEvents: number, totalEvents: number) => void;
}

export interface RebuildResult {
  events: number;
  applied: number;
  duplicates: number;
  /** Live events recorded before the rebuild began that Kafka no longer holds (retention). */
  missingFromTopics: number;
  oldSchema: string | null;
  millis: number;
}

interface PartitionTarget {
  topic: string;
  partition: number;
  low: number;
  high: number;
  done: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function rebuild(opts: RebuildOptions): Promise<RebuildResult> {
  const began = Date.now();
  const live = assertSchemaName(opts.schema);
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
  const staging = assertSchemaName(`${live}_rebuild_${stamp}`.slice(0, 63));
  const kafka = opts.kafka ?? createKafka('statistics-rebuild', opts.brokers ?? ['127.0.0.1:9092'], opts.log);
  const consumerName = consumerGroupOf(opts.topicPrefix);
  const groupId = `${opts.topicPrefix}statistics-rebuild-${stamp}`;

  await migrate(opts.pool, staging, [eventingMigration(), ...(await readMigrations(MIGRATIONS_DIR))], opts.log);
  // The live schema exists from here on (the swap renames it), even when the service never ran.
  await migrate(opts.pool, live, [eventingMigration(), ...(await readMigrations(MIGRATIONS_DIR))], opts.log);
  const { rows: startRows } = await opts.pool.query<{ now: Date }>('SELECT now() AS now');
  const startedAt = startRows[0]!.now;

  // What "the beginning up to now" is: every partition's offsets at the start.
  const topics = STATISTICS_TOPICS.map((t) => opts.topicPrefix + t);
  const admin = kafka.admin();
  await admin.connect();
  const targets = new Map<string, PartitionTarget>();
  try {
    for (const topic of topics) {
      const existing = await admin.listTopics();
      if (!existing.includes(topic)) continue;
      for (const p of await admin.fetchTopicOffsets(topic)) {
        targets.set(`${topic}:${p.partition}`, {
          topic,
          partition: p.partition,
          low: Number(p.low),
          high: Number(p.high),
          done: Number(p.low),
        });
      }
    }
  } finally {
    await admin.disconnect();
  }
  const total = [...targets.values()].reduce((n, t) => n + (t.high - t.low), 0);
  const doneCount = () => [...targets.values()].reduce((n, t) => n + (Math.min(t.done, t.high) - t.low), 0);
  opts.onStart?.(total);

  let swapped = false;
  const consumer = await startBatchConsumer({
    kafka,
    pool: opts.pool,
    schema: staging,
    consumerName,
    lockKey: applyLockOf(staging),
    historyPerUser: opts.historyPerUser,
    groupId,
    topics,
    log: opts.log,
    shouldStop: () => swapped,
    onBatch: (topic, partition, lastOffset) => {
      const t = targets.get(`${topic}:${partition}`);
      if (t) t.done = Math.max(t.done, Number(lastOffset) + 1);
      opts.onProgress?.(doneCount(), total);
    },
  });

  let oldSchema: string | null;
  let missingFromTopics: number;
  try {
    const deadline = Date.now() + (opts.swapTimeoutMs ?? 120_000);
    // 1. Replay up to the offsets of the start.
    while ([...targets.values()].some((t) => t.done < t.high)) {
      if (Date.now() > deadline) throw new Error(`rebuild: replay did not finish (${doneCount()}/${total} events)`);
      await sleep(100);
    }
    opts.onProgress?.(total, total);
    // 2. Swap once the fresh set holds every event the live set has counted since the start.
    const missingSince = `SELECT count(*)::int AS n FROM ${live}.processed_events l
       WHERE l.consumer = $1 AND l.processed_at >= $2
         AND NOT EXISTS (SELECT 1 FROM ${staging}.processed_events r WHERE r.consumer = l.consumer AND r.event_id = l.event_id)`;
    for (;;) {
      const client = await opts.pool.connect();
      try {
        await client.query('BEGIN');
        await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [applyLockOf(live)]);
        await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [applyLockOf(staging)]);
        const missing = (await client.query<{ n: number }>(missingSince, [consumerName, startedAt])).rows[0]?.n ?? 0;
        if (missing === 0) {
          missingFromTopics =
            (
              await client.query<{ n: number }>(
                `SELECT count(*)::int AS n FROM ${live}.processed_events l
                  WHERE l.consumer = $1 AND l.processed_at < $2
                    AND NOT EXISTS (SELECT 1 FROM ${staging}.processed_events r WHERE r.consumer = l.consumer AND r.event_id = l.event_id)`,
                [consumerName, startedAt],
              )
            ).rows[0]?.n ?? 0;
          oldSchema = assertSchemaName(`${live}_old_${stamp}`.slice(0, 63));
          swapped = true;
          await client.query(`ALTER SCHEMA ${live} RENAME TO ${oldSchema}`);
          await client.query(`ALTER SCHEMA ${staging} RENAME TO ${live}`);
          await client.query('COMMIT');
          break;
        }
        await client.query('ROLLBACK');
      } catch (err) {
        swapped = false;
        await client.query('ROLLBACK').catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
      if (Date.now() > deadline) throw new Error('rebuild: the fresh aggregates did not catch up with the live ones');
      await sleep(100);
    }
  } finally {
    await consumer.stop();
    const cleanup = kafka.admin();
    await cleanup.connect();
    await cleanup.deleteGroups([groupId]).catch(() => undefined);
    await cleanup.disconnect();
    if (!swapped) await opts.pool.query(`DROP SCHEMA IF EXISTS ${staging} CASCADE`).catch(() => undefined);
  }
  if (oldSchema && !opts.keepOld) await opts.pool.query(`DROP SCHEMA IF EXISTS ${oldSchema} CASCADE`);
  return {
    events: total,
    applied: consumer.stats.applied,
    duplicates: consumer.stats.duplicate,
    missingFromTopics,
    oldSchema: opts.keepOld ? oldSchema : null,
    millis: Date.now() - began,
  };
}
