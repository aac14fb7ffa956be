// Idempotent consumer for a MongoDB-backed service. Without transactions the processed-id
// record cannot commit with the effect, so the effect must be idempotent by nature (e.g.
// "delete this user's items"): it runs first, then the event id is recorded in a collection
// with a unique index. A redelivery after the record is skipped and counted as a duplicate;
// a crash between effect and record re-applies an effect that changes nothing.
import type { Kafka } from 'kafkajs';
import type { Connection } from 'mongoose';
import { startEventConsumer, type Outcome, type RawEvent, type RunningConsumer } from './consumer';
import type { Logger } from './logger';

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
  return startEventConsumer({
    ...opts,
    apply: (event, raw) =>
      applyOnceMongo(opts.connection, opts.groupId, opts.idOf(event), () => opts.handle(event, raw)),
  });
}
