// Transactional outbox: the event row is written in the same PostgreSQL transaction
// as the business row; a relay publishes unpublished rows to Kafka and marks them.
// Delivery is at-least-once (a crash between send and mark re-sends); consumers
// are idempotent by event id, so the effect is exactly once.
import { randomUUID } from 'node:crypto';
import { registerOutboxBacklog } from './metrics';
import type { Producer } from 'kafkajs';
import type { Pool, PoolClient } from 'pg';
import type { Logger } from './logger';
import { assertSchemaName } from './pg';
import { within } from './supervisor';
import { runRelayLoop } from './relay-loop';

export interface OutboxMessage {
  id: string;
  topic: string;
  key: string;
  type: string;
  payload: Uint8Array;
}

const channelOf = (schema: string) => `${schema}_outbox`;

/**
 * The wake-up an insert sends with its commit. A process whose own relay publishes the schema names
 * itself, and only that relay wakes: with several replicas each relays its own rows at once instead
 * of every relay running a batch per commit anywhere. Rows of a process that died are left to the
 * others' poll. A process without a relay (a script) wakes every relay ('').
 */
const PROCESS_TOKEN = randomUUID();
const relayedHere = new Map<string, number>();
const wakeToken = (schema: string) => ((relayedHere.get(schema) ?? 0) > 0 ? PROCESS_TOKEN : '');
const wakesMe = (payload: string | undefined) => !payload || payload === PROCESS_TOKEN;

/**
 * Adds an event to the outbox inside the caller's transaction: one statement, the insert and the
 * relay's wake-up (delivered on commit only), so it costs the transaction one round trip.
 */
export async function enqueue(tx: PoolClient, schema: string, msg: OutboxMessage): Promise<void> {
  assertSchemaName(schema);
  await tx.query(
    `WITH inserted AS (
       INSERT INTO ${schema}.outbox (id, topic, key, type, payload) VALUES ($1, $2, $3, $4, $5) RETURNING 1
     )
     SELECT pg_notify($6, $7)`,
    [msg.id, msg.topic, msg.key, msg.type, Buffer.from(msg.payload), channelOf(schema), wakeToken(schema)],
  );
}

/**
 * Adds many events in their order, in one statement with the relay's wake-up: on a pool it is its
 * own transaction (one round trip, no BEGIN/COMMIT), in a caller's transaction part of it. An id
 * already in the outbox is skipped: a batch is written again when its commit's answer was lost, and
 * the events of the first attempt must not be there twice.
 */
export async function enqueueMany(
  db: Pool | PoolClient,
  schema: string,
  msgs: readonly OutboxMessage[],
): Promise<void> {
  assertSchemaName(schema);
  if (msgs.length === 0) return;
  await db.query(
    `WITH inserted AS (
       INSERT INTO ${schema}.outbox (id, topic, key, type, payload)
       SELECT id, topic, key, type, payload
         FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::bytea[])
              WITH ORDINALITY AS m(id, topic, key, type, payload, n)
        ORDER BY n
       ON CONFLICT (id) DO NOTHING
       RETURNING 1
     )
     SELECT pg_notify($6, $7)`,
    [
      msgs.map((m) => m.id),
      msgs.map((m) => m.topic),
      msgs.map((m) => m.key),
      msgs.map((m) => m.type),
      msgs.map((m) => Buffer.from(m.payload)),
      channelOf(schema),
      wakeToken(schema),
    ],
  );
}

export interface RelayOptions {
  pool: Pool;
  schema: string;
  producer: Producer;
  log: Logger;
  batchSize?: number;
  pollMs?: number;
  /**
   * A send that has not finished by then counts as failed and the batch is tried again (a send that
   * never settles would hold the relay, and with it every later event, for good).
   */
  sendTimeoutMs?: number;
  /** Test seam for crash tests: runs after Kafka acknowledged a batch, before it is marked published. */
  afterSend?: (ids: string[]) => Promise<void> | void;
}

interface OutboxRow {
  seq: string;
  id: string;
  topic: string;
  key: string;
  type: string;
  payload: Buffer;
}

export class OutboxRelay {
  private running = false;
  private loop: Promise<void> | null = null;
  private wake: (() => void) | null = null;
  private listener: PoolClient | null = null;
  private unregisterBacklog: (() => void) | null = null;
  private readonly batchSize: number;
  private readonly pollMs: number;
  private readonly sendTimeoutMs: number;
  published = 0;

  constructor(private readonly opts: RelayOptions) {
    assertSchemaName(opts.schema);
    this.batchSize = opts.batchSize ?? 500;
    this.pollMs = opts.pollMs ?? 1_000;
    this.sendTimeoutMs = opts.sendTimeoutMs ?? 45_000;
  }

  async start(): Promise<void> {
    if (this.running) return;
    this.running = true;
    const listener = await this.opts.pool.connect();
    this.listener = listener;
    listener.on('notification', (n) => {
      if (wakesMe(n.payload)) this.wake?.();
    });
    await listener.query(`LISTEN ${channelOf(this.opts.schema)}`);
    relayedHere.set(this.opts.schema, (relayedHere.get(this.opts.schema) ?? 0) + 1);
    this.unregisterBacklog = registerOutboxBacklog(this.opts.schema, () => this.backlog());
    this.loop = runRelayLoop({
      isRunning: () => this.running,
      publishBatch: () => this.publishBatch(),
      batchSize: this.batchSize,
      pollMs: this.pollMs,
      log: this.opts.log,
      failure: 'outbox relay batch failed; retrying',
      setWake: (wake) => {
        this.wake = wake;
      },
    });
  }

  /** Rows waiting to be published (the outbox_backlog metric). */
  async backlog(): Promise<number> {
    const { rows } = await this.opts.pool.query<{ n: string }>(
      `SELECT count(*) AS n FROM ${this.opts.schema}.outbox WHERE published_at IS NULL`,
    );
    return Number(rows[0]?.n ?? 0);
  }

  /** Publishes everything that is waiting, then returns (used by tests and shutdown). */
  async drain(): Promise<void> {
    while ((await this.publishBatch()) > 0) {
      /* keep going until the outbox is empty */
    }
  }

  async stop(): Promise<void> {
    if (this.running) relayedHere.set(this.opts.schema, (relayedHere.get(this.opts.schema) ?? 1) - 1);
    this.running = false;
    this.unregisterBacklog?.();
    this.unregisterBacklog = null;
    this.wake?.();
    await this.loop;
    this.loop = null;
    if (this.listener) {
      await this.listener.query(`UNLISTEN ${channelOf(this.opts.schema)}`).catch(() => undefined);
      this.listener.release();
      this.listener = null;
    }
  }

  /** One batch: lock unpublished rows (SKIP LOCKED lets replicas share), send, mark. */
  async publishBatch(): Promise<number> {
    const { pool, schema, producer } = this.opts;
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      // Locked and marked in one statement; the mark commits only after Kafka acknowledged the batch
      // (a failed send rolls it back), so one round trip fewer than lock, send, mark.
      // RETURNING keeps no order: the outer SELECT gives Kafka the events in the order they were written.
      const { rows } = await client.query<OutboxRow>(
        `WITH marked AS (
           UPDATE ${schema}.outbox SET published_at = now()
            WHERE seq IN (SELECT seq FROM ${schema}.outbox
                           WHERE published_at IS NULL ORDER BY seq LIMIT $1 FOR UPDATE SKIP LOCKED)
            RETURNING seq, id, topic, key, type, payload
         )
         SELECT * FROM marked ORDER BY seq`,
        [this.batchSize],
      );
      if (rows.length === 0) {
        await client.query('COMMIT');
        return 0;
      }
      const byTopic = new Map<string, OutboxRow[]>();
      for (const row of rows) byTopic.set(row.topic, [...(byTopic.get(row.topic) ?? []), row]);
      // On a timeout the rows are unlocked and sent again later: at worst a duplicate, which consumers drop.
      await within(
        producer.sendBatch({
          acks: -1,
          topicMessages: [...byTopic].map(([topic, msgs]) => ({
            topic,
            messages: msgs.map((m) => ({
              key: m.key,
              value: m.payload,
              headers: { 'event-id': m.id, 'event-type': m.type },
            })),
          })),
        }),
        this.sendTimeoutMs,
        'sending an outbox batch',
      );
      await this.opts.afterSend?.(rows.map((r) => r.id));
      await client.query('COMMIT');
      this.published += rows.length;
      return rows.length;
    } catch (err) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw err;
    } finally {
      client.release();
    }
  }

  /** Published rows are kept a while for audit, then removed. */
  async prune(olderThanDays = 7): Promise<number> {
    const res = await this.opts.pool.query(
      `DELETE FROM ${this.opts.schema}.outbox WHERE published_at < now() - make_interval(days => $1)`,
      [olderThanDays],
    );
    return res.rowCount ?? 0;
  }
}
