// The paid-pass projection a service keeps of billing's PassChanged events (a `passes` table in the
// service's own schema, never billing's), and the consumer that feeds it. One implementation, so
// every service that decides "paid" orders events, skips withdrawn members and forgets them alike.
import { decodeEnvelope, passChangeOf, type PassChange, type ValidEnvelope } from '@syn/proto';
import type { Kafka } from 'kafkajs';
import type { Pool, PoolClient } from 'pg';
import { startIdempotentConsumer, type RunningConsumer } from './consumer';
import { eventTime } from './events';
import type { Logger } from './logger';
import { assertSchemaName } from './pg';

/** Anything that runs a query: the pool, or a client inside a transaction. */
export type Queryable = Pool | PoolClient;

/** One stored pass, as the projection holds it. */
export interface ProjectedPass {
  passId: number;
  userId: number;
  itemId: number;
  /** The stored word of spec §3 usage status: START, STANDBY, FAIL, CANCEL, EXPIRED, LOCK. */
  status: string;
  startDate: Date | null;
  endDate: Date | null;
}

/** Table `${schema}.passes` (each service's migration creates it with the same columns). */
export class PassProjection {
  constructor(readonly schema: string) {
    assertSchemaName(schema);
  }

  /**
   * Upserts the whole state of one pass. Events of one pass may arrive out of order (a relay
   * re-send, a replay), so a change older than the stored one is ignored.
   */
  async apply(tx: Queryable, p: PassChange, eventTime: Date): Promise<void> {
    await tx.query(
      `INSERT INTO ${this.schema}.passes (pass_id, user_id, item_id, status, start_date, end_date, event_time)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (pass_id) DO UPDATE
         SET user_id = EXCLUDED.user_id, item_id = EXCLUDED.item_id, status = EXCLUDED.status,
             start_date = EXCLUDED.start_date, end_date = EXCLUDED.end_date, event_time = EXCLUDED.event_time
       WHERE ${this.schema}.passes.event_time <= EXCLUDED.event_time`,
      [p.passId, p.userId, p.itemId, p.status, p.startDate, p.endDate, eventTime],
    );
  }

  /** Every pass of a member, oldest id first. */
  async forUser(db: Queryable, userId: number): Promise<ProjectedPass[]> {
    const { rows } = await db.query<{
      pass_id: number;
      user_id: number;
      item_id: number;
      status: string;
      start_date: Date | null;
      end_date: Date | null;
    }>(
      `SELECT pass_id, user_id, item_id, status, start_date, end_date
         FROM ${this.schema}.passes WHERE user_id = $1 ORDER BY pass_id`,
      [userId],
    );
    return rows.map((r) => ({
      passId: r.pass_id,
      userId: r.user_id,
      itemId: r.item_id,
      status: r.status,
      startDate: r.start_date,
      endDate: r.end_date,
    }));
  }

  /** The latest end date of the member's START passes, or null when there is none. */
  async paidUntil(db: Queryable, userId: number): Promise<Date | null> {
    const { rows } = await db.query<{ until: Date | null }>(
      `SELECT max(end_date) AS until FROM ${this.schema}.passes WHERE user_id = $1 AND status = 'START'`,
      [userId],
    );
    return rows[0]?.until ?? null;
  }

  async deleteForUser(db: Queryable, userId: number): Promise<void> {
    await db.query(`DELETE FROM ${this.schema}.passes WHERE user_id = $1`, [userId]);
  }
}

/**
 * The NOTIFY channel on which a schema's projection announces a member whose passes changed (the
 * payload is the user id). Named after the schema: several schemas share one PostgreSQL in tests.
 */
export function passChangeChannel(schema: string): string {
  return `${assertSchemaName(schema)}_pass_changed`;
}

/** What one envelope asks of the projection; exported for unit tests. */
export type PassEventStep =
  | { kind: 'apply'; change: PassChange; eventTime: Date }
  /** Another event of the topics the consumer reads: the caller's `onOtherEvent` decides. */
  | { kind: 'other' };

export function passEventStep(env: ValidEnvelope): PassEventStep {
  const change = passChangeOf(env);
  return change ? { kind: 'apply', change, eventTime: eventTime(env) } : { kind: 'other' };
}

export interface PassConsumerOptions {
  kafka: Kafka;
  pool: Pool;
  schema: string;
  log: Logger;
  groupId: string;
  /**
   * Prefixed topic names: billing's topic, plus any other topic the service reads in the same
   * group (events of those go to `onOtherEvent`).
   */
  topics: string[];
  projection: PassProjection;
  /** True when the service no longer keeps data of this member: a late pass event must not bring a row back. */
  isGone: (tx: PoolClient, userId: number) => Promise<boolean>;
  /**
   * Called after the commit for the member whose passes changed (this process's cache of "paid"
   * forgets them); after the commit, so a read in between cannot cache the old state again. Other
   * processes learn of it through `notifyChannel`.
   */
  onApplied?: (userId: number) => void;
  /**
   * When set, each change also sends `pg_notify(channel, userId)` in its transaction: PostgreSQL
   * delivers it on commit only, to every process listening (kit PgListener), so every replica's cache
   * forgets the member, not just the one whose consumer applied the event. `passChangeChannel(schema)`.
   */
  notifyChannel?: string;
  /**
   * Events that are not PassChanged, in the same transaction; ignored when absent (other billing
   * facts are not ours). Returns the member whose passes it changed, if any, for `onApplied`.
   */
  onOtherEvent?: (tx: PoolClient, env: ValidEnvelope) => Promise<number | undefined>;
}

/** Feeds the projection from billing's PassChanged, idempotent by event id (kit applyOnce). */
export function startPassProjectionConsumer(opts: PassConsumerOptions): Promise<RunningConsumer> {
  // The member each committed event changed; a retried message is decoded afresh, so a rolled-back
  // attempt leaves nothing behind.
  const changed = new WeakMap<ValidEnvelope, number>();
  const notify = async (tx: PoolClient, userId: number) => {
    if (opts.notifyChannel) await tx.query('SELECT pg_notify($1, $2)', [opts.notifyChannel, String(userId)]);
  };
  return startIdempotentConsumer<ValidEnvelope>({
    kafka: opts.kafka,
    pool: opts.pool,
    schema: opts.schema,
    log: opts.log,
    groupId: opts.groupId,
    topics: opts.topics,
    decode: (raw) => decodeEnvelope(raw.value),
    idOf: (env) => env.id,
    handle: async (tx, env) => {
      const step = passEventStep(env);
      if (step.kind === 'other') {
        const userId = await opts.onOtherEvent?.(tx, env);
        if (userId === undefined) return;
        await notify(tx, userId);
        changed.set(env, userId);
        return;
      }
      if (await opts.isGone(tx, step.change.userId)) return;
      await opts.projection.apply(tx, step.change, step.eventTime);
      await notify(tx, step.change.userId);
      changed.set(env, step.change.userId);
    },
    afterCommit: (env) => {
      const userId = changed.get(env);
      if (userId !== undefined) opts.onApplied?.(userId);
    },
  });
}
