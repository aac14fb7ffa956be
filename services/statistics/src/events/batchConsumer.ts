// Exactly-once aggregation, a Kafka batch at a time: the ids of a batch's events go into
// `processed_events` (kit's table and key) in the same transaction as their effects, so an
// event redelivered after a crash (effects committed, offset not yet) is skipped. One
// transaction per batch instead of per event keeps up with the event rate (bench:events).
import {
  assertSchemaName,
  ensureTopics,
  EVENT_CONSUMER_CONFIG,
  startSupervised,
  type Logger,
  type PoolClient,
  type RunningConsumer,
  trackConsumerLag,
} from '@syn/kit';
import { decodeEnvelope, type Envelope } from '@syn/proto';
import type { EachBatchPayload, Kafka } from 'kafkajs';
import type { Pool } from 'pg';
import { BatchEffects } from './apply';

export interface BatchApplyOptions {
  pool: Pool;
  /** Schema the aggregates are written to. */
  schema: string;
  /** Name under which event ids are recorded (the live consumer group id, also during a rebuild). */
  consumerName: string;
  /** Searches kept per member. */
  historyPerUser: number;
  /**
   * Shared advisory lock taken by every batch, so a rebuild's swap (exclusive) sees a
   * quiet schema. Keyed by the logical schema name, which survives the swap's renames.
   */
  lockKey: string;
  /** Checked under the lock: true once a rebuild swapped this schema away (the batch is then dropped). */
  shouldStop?: () => boolean;
}

export interface BatchOutcome {
  applied: number;
  duplicate: number;
  /** The batch was not applied (shouldStop): its offsets must not be resolved. */
  dropped?: boolean;
}

/** Applies decoded events once each, in one transaction. */
export async function applyBatch(opts: BatchApplyOptions, events: Envelope[]): Promise<BatchOutcome> {
  const schema = assertSchemaName(opts.schema);
  if (events.length === 0) return { applied: 0, duplicate: 0 };
  const client = await opts.pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock_shared(hashtext($1))', [opts.lockKey]);
    if (opts.shouldStop?.()) {
      await client.query('ROLLBACK');
      return { applied: 0, duplicate: 0, dropped: true };
    }
    const fresh = await recordIds(client, schema, opts.consumerName, events);
    const effects = new BatchEffects();
    let applied = 0;
    for (const env of events) {
      // A batch may carry the same event twice (a relay re-send): only its first copy counts.
      if (!fresh.delete(env.id)) continue;
      effects.add(env);
      applied++;
    }
    await effects.write(client, schema, opts.historyPerUser);
    await client.query('COMMIT');
    return { applied, duplicate: events.length - applied };
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}

async function recordIds(tx: PoolClient, schema: string, consumer: string, events: Envelope[]): Promise<Set<string>> {
  const { rows } = await tx.query<{ event_id: string }>(
    `INSERT INTO ${schema}.processed_events (consumer, event_id)
     SELECT $1, id FROM unnest($2::uuid[]) AS t(id)
     ON CONFLICT DO NOTHING RETURNING event_id`,
    [consumer, [...new Set(events.map((e) => e.id))]],
  );
  return new Set(rows.map((r) => r.event_id));
}

export interface BatchConsumerOptions extends BatchApplyOptions {
  kafka: Kafka;
  groupId: string;
  topics: string[];
  log: Logger;
  /** Test seam: runs after a batch's transaction committed, before Kafka hears of it (a throw = a crash there). */
  afterApply?: (outcome: BatchOutcome) => Promise<void> | void;
  /** Called after each batch with the last offset handled (progress of a rebuild). */
  onBatch?: (topic: string, partition: number, lastOffset: string, count: number) => void;
  /** No progress for this long while events wait = stalled (see the kit's supervisor). */
  stallMs?: number;
}

/** Decodes a message; an unreadable one is logged and skipped (it would block its partition forever). */
function decodeOrSkip(
  log: Logger,
  topic: string,
  partition: number,
  offset: string,
  value: Buffer | null,
): Envelope | null {
  try {
    return decodeEnvelope(value ?? Buffer.alloc(0));
  } catch (err) {
    log.error({ err, topic, partition, offset }, 'rejected undecodable event');
    return null;
  }
}

export async function startBatchConsumer(opts: BatchConsumerOptions): Promise<RunningConsumer> {
  const stats = { applied: 0, duplicate: 0, rejected: 0 };
  await ensureTopics(opts.kafka, opts.topics);
  const supervisor = await startSupervised({
    kafka: opts.kafka,
    groupId: opts.groupId,
    topics: opts.topics,
    log: opts.log,
    stallMs: opts.stallMs,
    config: { ...EVENT_CONSUMER_CONFIG, maxWaitTimeInMs: 250 },
    run: (consumer, progress) => {
      trackConsumerLag(consumer, opts.groupId);
      return consumer.run({
        autoCommit: true,
        eachBatchAutoResolve: false,
        // Partitions touch the same daily rows; one at a time avoids lock waits between them.
        partitionsConsumedConcurrently: 1,
        eachBatch: async ({ batch, resolveOffset, heartbeat, commitOffsetsIfNecessary }: EachBatchPayload) => {
          const events: Envelope[] = [];
          for (const m of batch.messages) {
            const env = decodeOrSkip(opts.log, batch.topic, batch.partition, m.offset, m.value);
            if (env) events.push(env);
            else stats.rejected++;
          }
          const outcome = await applyBatch(opts, events);
          if (outcome.dropped) return;
          stats.applied += outcome.applied;
          stats.duplicate += outcome.duplicate;
          await opts.afterApply?.(outcome);
          const last = batch.messages.at(-1);
          if (last) {
            resolveOffset(last.offset);
            opts.onBatch?.(batch.topic, batch.partition, last.offset, batch.messages.length);
          }
          await commitOffsetsIfNecessary();
          await heartbeat();
          progress();
        },
      });
    },
  });
  return { stats, supervisor, stop: () => supervisor.stop() };
}
