// Outbox for MongoDB, which here has no transactions (mongo-java-server locally): the
// pending event is kept ON the business document, so the business write and its event
// are one atomic single-document write. A relay publishes pending events to Kafka and
// then removes them from their document. Delivery is at-least-once (a crash between the
// send and the removal re-sends); consumers are idempotent by event id.
import { encodeEnvelope, topicOf, type Envelope } from '@syn/proto';
import type { Producer } from 'kafkajs';
import { Schema, mongo, type Connection } from 'mongoose';
import type { Logger } from './logger';
import { registerOutboxBacklog } from './metrics';
import { within } from './supervisor';
import { runRelayLoop } from './relay-loop';

/** One event waiting on its document. */
export interface PendingEvent {
  id: string;
  /** The full topic, deployment prefix included. */
  topic: string;
  key: string;
  type: string;
  payload: Buffer;
  createdAt: Date;
}

/** Where pending events live on a document unless told otherwise. */
export const PENDING_EVENTS_FIELD = 'pendingEvents';

/** Sub-schema for `pendingEvents: [pendingEventSchema]` on a mongoose model. */
export const pendingEventSchema = new Schema<PendingEvent>(
  {
    id: { type: String, required: true },
    topic: { type: String, required: true },
    key: { type: String, required: true },
    type: { type: String, required: true },
    payload: { type: Buffer, required: true },
    createdAt: { type: Date, required: true },
  },
  { _id: false },
);

/** The pending event for an envelope (encoded now, so a bad envelope fails the business write). */
export function pendingEventOf(env: Envelope, topicPrefix: string, now = new Date()): PendingEvent {
  return {
    id: env.id,
    topic: topicPrefix + topicOf(env),
    key: env.key,
    type: env.type,
    payload: Buffer.from(encodeEnvelope(env)),
    createdAt: now,
  };
}

export interface MongoRelayOptions {
  connection: Connection;
  /** Collection whose documents carry pending events. */
  collection: string;
  producer: Producer;
  log: Logger;
  /** Full topic names this relay publishes; events for other topics (another deployment) are left alone. */
  topics: string[];
  field?: string;
  batchSize?: number;
  pollMs?: number;
  /**
   * A send that has not finished by then counts as failed and the batch is tried again (a send that
   * never settles would hold the relay, and with it every later event, for good).
   */
  sendTimeoutMs?: number;
  /** Test seam for crash tests: runs after Kafka acknowledged a batch, before it is removed. */
  afterSend?: (ids: string[]) => Promise<void> | void;
}

interface StoredPending {
  id: string;
  topic: string;
  key: string;
  type: string;
  payload: unknown;
}

function bytesOf(value: unknown): Buffer {
  if (value instanceof mongo.Binary) return Buffer.from(value.buffer);
  if (value instanceof Uint8Array) return Buffer.from(value);
  throw new Error('pending event payload is not binary');
}

export class MongoOutboxRelay {
  private running = false;
  private loop: Promise<void> | null = null;
  private wakeUp: (() => void) | null = null;
  private readonly field: string;
  private readonly batchSize: number;
  private readonly pollMs: number;
  private readonly sendTimeoutMs: number;
  private unregisterBacklog: (() => void) | null = null;
  published = 0;

  constructor(private readonly opts: MongoRelayOptions) {
    this.field = opts.field ?? PENDING_EVENTS_FIELD;
    this.batchSize = opts.batchSize ?? 200;
    this.pollMs = opts.pollMs ?? 1_000;
    this.sendTimeoutMs = opts.sendTimeoutMs ?? 45_000;
    // A closed connection cannot be relayed from; stop instead of spinning on errors.
    opts.connection.once('close', () => {
      this.running = false;
      this.wakeUp?.();
    });
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.unregisterBacklog = registerOutboxBacklog(this.opts.collection, () => this.backlog());
    this.loop = runRelayLoop({
      isRunning: () => this.running,
      publishBatch: () => this.publishBatch(),
      batchSize: this.batchSize,
      pollMs: this.pollMs,
      log: this.opts.log,
      failure: 'mongo outbox relay batch failed; retrying',
      setWake: (wake) => {
        this.wakeUp = wake;
      },
    });
  }

  /** Documents holding events for our topics that wait to be published (the outbox_backlog metric). */
  backlog(): Promise<number> {
    return this.collection().countDocuments({ [`${this.field}.topic`]: { $in: this.opts.topics } });
  }

  /** Publishes now instead of at the next poll (MongoDB-wire offers no notification to listen to). */
  wake(): void {
    this.wakeUp?.();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.unregisterBacklog?.();
    this.unregisterBacklog = null;
    this.wakeUp?.();
    await this.loop;
    this.loop = null;
  }

  /** Publishes everything that is waiting, then returns (used by tests and shutdown). */
  async drain(): Promise<void> {
    while ((await this.publishBatch()) > 0) {
      /* keep going until nothing is pending */
    }
  }

  private collection(): mongo.Collection {
    const db = this.opts.connection.db;
    if (!db) throw new Error('mongo not connected');
    return db.collection(this.opts.collection);
  }

  /** One batch: documents with pending events for our topics, oldest first; send, then remove what was sent. */
  async publishBatch(): Promise<number> {
    const { producer, topics } = this.opts;
    const field = this.field;
    const coll = this.collection();
    const docs = await coll
      .find(
        { [`${field}.topic`]: { $in: topics } },
        { projection: { [field]: 1 }, sort: { _id: 1 }, limit: this.batchSize },
      )
      .toArray();
    const sent: Array<{ docId: mongo.ObjectId; ids: string[] }> = [];
    const byTopic = new Map<string, Array<{ key: string; value: Buffer; headers: Record<string, string> }>>();
    let count = 0;
    for (const doc of docs) {
      const pending = ((doc as Record<string, unknown>)[field] ?? []) as StoredPending[];
      const ours = pending.filter((p) => topics.includes(p.topic));
      if (ours.length === 0) continue;
      for (const p of ours) {
        const list = byTopic.get(p.topic) ?? [];
        list.push({ key: p.key, value: bytesOf(p.payload), headers: { 'event-id': p.id, 'event-type': p.type } });
        byTopic.set(p.topic, list);
      }
      sent.push({ docId: doc._id as mongo.ObjectId, ids: ours.map((p) => p.id) });
      count += ours.length;
    }
    if (count === 0) return 0;
    // On a timeout the events stay pending and are sent again later: at worst a duplicate, which consumers drop.
    await within(
      producer.sendBatch({
        acks: -1,
        topicMessages: [...byTopic].map(([topic, messages]) => ({ topic, messages })),
      }),
      this.sendTimeoutMs,
      'sending a batch of pending events',
    );
    await this.opts.afterSend?.(sent.flatMap((s) => s.ids));
    // A document deleted meanwhile simply matches nothing.
    await coll.bulkWrite(
      sent.map((s) => ({
        updateOne: {
          filter: { _id: s.docId },
          update: { $pull: { [field]: { id: { $in: s.ids } } } } as mongo.UpdateFilter<mongo.Document>,
        },
      })),
      { ordered: false },
    );
    this.published += count;
    return count;
  }
}
