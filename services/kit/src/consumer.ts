// Idempotent consumer: the event id is recorded in `processed_events` in the same
// transaction as the effect, so a redelivered event (crash before the offset
// commit, a relay re-send) has no second effect.
import type { EachMessagePayload, Kafka } from 'kafkajs';
import type { Pool, PoolClient } from 'pg';
import { ensureTopics } from './kafka';
import type { Logger } from './logger';
import { trackConsumerLag } from './metrics';
import { assertSchemaName } from './pg';
import { startSupervised, type ConsumerSupervisor } from './supervisor';

export interface RawEvent {
  id: string;
  topic: string;
  partition: number;
  offset: string;
  key: string;
  value: Buffer;
}

export interface ConsumerOptions<E> {
  kafka: Kafka;
  pool: Pool;
  schema: string;
  groupId: string;
  topics: string[];
  log: Logger;
  /** Turns a Kafka message into a typed event; throw to reject it as poison. */
  decode: (raw: RawEvent) => E;
  /** Event id used for de-duplication. */
  idOf: (event: E) => string;
  /** Applies the effect inside the de-duplicating transaction. */
  handle: (tx: PoolClient, event: E, raw: RawEvent) => Promise<void>;
  fromBeginning?: boolean;
  /** No progress for this long while events wait = stalled (see supervisor.ts). */
  stallMs?: number;
  /**
   * Runs once the effect is committed (not for a duplicate): what must not run inside the
   * transaction, such as dropping an in-process cache a concurrent read could refill with the old state.
   */
  afterCommit?: (event: E) => void;
}

export type Outcome = 'applied' | 'duplicate' | 'rejected';

/** Applies one decoded event exactly once for `consumerName`; exported for tests and replays. */
export async function applyOnce(
  pool: Pool,
  schema: string,
  consumerName: string,
  eventId: string,
  effect: (tx: PoolClient) => Promise<void>,
): Promise<Outcome> {
  assertSchemaName(schema);
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const inserted = await client.query(
      `INSERT INTO ${schema}.processed_events (consumer, event_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`,
      [consumerName, eventId],
    );
    if (inserted.rowCount === 0) {
      await client.query('ROLLBACK');
      return 'duplicate';
    }
    await effect(client);
    await client.query('COMMIT');
    return 'applied';
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}

export interface RunningConsumer {
  stats: Record<Outcome, number>;
  /** Replaces the kafkajs consumer when it dies for good or stalls. */
  supervisor: ConsumerSupervisor;
  stop(): Promise<void>;
}

/** Group settings every event consumer shares: a dead member is noticed within 15 s. */
export const EVENT_CONSUMER_CONFIG = {
  sessionTimeout: 15_000,
  heartbeatInterval: 3_000,
  retry: { initialRetryTime: 300, retries: 10 },
} as const;

/** What one event consumer needs besides its store: where it reads, how it decodes, how it applies once. */
export interface EventConsumerOptions<E> {
  kafka: Kafka;
  groupId: string;
  topics: string[];
  log: Logger;
  decode: (raw: RawEvent) => E;
  fromBeginning?: boolean;
  stallMs?: number;
  /** Applies the event once (de-duplicated by id in the consumer's own store). */
  apply: (event: E, raw: RawEvent) => Promise<Outcome>;
}

/**
 * A supervised consumer handling one message at a time: an unreadable message is logged and
 * skipped, anything `apply` throws makes kafkajs retry the message (offset not committed).
 */
export async function startEventConsumer<E>(opts: EventConsumerOptions<E>): Promise<RunningConsumer> {
  const stats: Record<Outcome, number> = { applied: 0, duplicate: 0, rejected: 0 };
  // Subscribing to a topic that does not exist yet fails; producers may start later.
  await ensureTopics(opts.kafka, opts.topics);
  const supervisor = await startSupervised({
    kafka: opts.kafka,
    groupId: opts.groupId,
    topics: opts.topics,
    log: opts.log,
    fromBeginning: opts.fromBeginning,
    stallMs: opts.stallMs,
    config: EVENT_CONSUMER_CONFIG,
    run: (consumer, progress) => {
      trackConsumerLag(consumer, opts.groupId);
      return consumer.run({
        autoCommit: true,
        eachMessage: async ({ topic, partition, message }: EachMessagePayload) => {
          const raw: RawEvent = {
            id: message.headers?.['event-id']?.toString() ?? '',
            topic,
            partition,
            offset: message.offset,
            key: message.key?.toString() ?? '',
            value: message.value ?? Buffer.alloc(0),
          };
          let event: E;
          try {
            event = opts.decode(raw);
          } catch (err) {
            // A message we cannot read would block the partition forever; log it and move on.
            stats.rejected++;
            opts.log.error({ err, topic, partition, offset: raw.offset }, 'rejected undecodable event');
            progress();
            return;
          }
          stats[await opts.apply(event, raw)]++;
          progress();
        },
      });
    },
  });
  return { stats, supervisor, stop: () => supervisor.stop() };
}

export function startIdempotentConsumer<E>(opts: ConsumerOptions<E>): Promise<RunningConsumer> {
  return startEventConsumer({
    ...opts,
    apply: async (event, raw) => {
      const outcome = await applyOnce(opts.pool, opts.schema, opts.groupId, opts.idOf(event), (tx) =>
        opts.handle(tx, event, raw),
      );
      if (outcome === 'applied') opts.afterCommit?.(event);
      return outcome;
    },
  });
}
