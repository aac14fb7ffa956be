// Idempotent consumer for a MongoDB-backed service. Without transactions the processed-id
// record cannot commit with the effect, so the effect must be idempotent by nature (e.g.
// "delete this user's items"): it runs first, then the event id is recorded in a collection
// with a unique index. A redelivery after the record is skipped and counted as a duplicate;
// a crash between effect and record re-applies an effect that changes nothing.
import type { EachMessagePayload, Kafka } from 'kafkajs';
import type { Connection } from 'mongoose';
import type { Outcome, RawEvent, RunningConsumer } from './consumer';
import { ensureTopics } from './kafka';
import type { Logger } from './logger';
import { startSupervised } from './supervisor';

export const PROCESSED_EVENTS_COLLECTION = 'processed_events';

const DUPLICATE_KEY = 11000;

function isDuplicateKey(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === DUPLICATE_KEY;
}

function processed(conn: Connection) {
  const db = conn.db;
  if (!db) throw new Error('mongo not connected');
  return db.collection<{ consumer: string; eventId: string; processedAt: Date }>(PROCESSED_EVENTS_COLLECTION);
}

/** The unique (consumer, eventId) index that makes a second record of one event impossible. */
export async function ensureProcessedEvents(conn: Connection): Promise<void> {
  await processed(conn).createIndex({ consumer: 1, eventId: 1 }, { unique: true, name: 'consumer_event_unique' });
}

/** Applies an idempotent effect once for `consumerName` and records the event id. */
export async function applyOnceMongo(
  conn: Connection,
  consumerName: string,
  eventId: string,
  effect: () => Promise<void>,
): Promise<Outcome> {
  const coll = processed(conn);
  if (await coll.findOne({ consumer: consumerName, eventId }, { projection: { _id: 1 } })) return 'duplicate';
  await effect();
  try {
    await coll.insertOne({ consumer: consumerName, eventId, processedAt: new Date() });
    return 'applied';
  } catch (err) {
    // Two deliveries raced past the check: the effect ran twice, harmlessly; count it once.
    if (isDuplicateKey(err)) return 'duplicate';
    throw err;
  }
}

export interface MongoConsumerOptions<E> {
  kafka: Kafka;
  connection: Connection;
  groupId: string;
  topics: string[];
  log: Logger;
  /** Turns a Kafka message into a typed event; throw to reject it as poison. */
  decode: (raw: RawEvent) => E;
  idOf: (event: E) => string;
  /** The effect; must be idempotent (see the top of this file). */
  handle: (event: E, raw: RawEvent) => Promise<void>;
  fromBeginning?: boolean;
  /** No progress for this long while events wait = stalled (see supervisor.ts). */
  stallMs?: number;
}

export async function startMongoConsumer<E>(opts: MongoConsumerOptions<E>): Promise<RunningConsumer> {
  await ensureProcessedEvents(opts.connection);
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
    config: { sessionTimeout: 15_000, heartbeatInterval: 3_000, retry: { initialRetryTime: 300, retries: 10 } },
    run: (consumer, progress) =>
      consumer.run({
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
          // Throwing here makes kafkajs retry the message (offset not committed).
          const outcome = await applyOnceMongo(opts.connection, opts.groupId, opts.idOf(event), () =>
            opts.handle(event, raw),
          );
          stats[outcome]++;
          progress();
        },
      }),
  });
  return { stats, supervisor, stop: () => supervisor.stop() };
}
