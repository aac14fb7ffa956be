// Passes: the days a member may use the dictionary, in use, queued, paused or over.
import type { PoolClient } from '@syn/kit';
import type { PassState } from '../domain/status';
import { Repository, scopeArgs, scopeSql, type Db, type UserScope } from './db';
import { passOf, type Pass } from './rows';

export interface NewPass {
  userId: number;
  itemId: number;
  orderId: number;
  subscriptionId: number | null;
  status: PassState;
  startDate: Date;
  endDate: Date;
  at: Date;
}

/** A pass joined with its product name and first order's merchant_uid (spec "used item"). */
export interface PassView extends Pass {
  name: string;
  merchantUid: string;
}

export class PassRepository extends Repository {
  async insertPass(db: Db, p: NewPass): Promise<Pass> {
    const r = await db.query(
      `INSERT INTO ${this.s}.passes (user_id, item_id, order_id, subscription_id, status, start_date, end_date, created_at, update_date)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8) RETURNING *`,
      [p.userId, p.itemId, p.orderId, p.subscriptionId, p.status, p.startDate, p.endDate, p.at],
    );
    return passOf(r.rows[0]);
  }

  async setPass(
    db: Db,
    passId: number,
    f: {
      status?: PassState;
      startDate?: Date;
      endDate?: Date;
      lockDate?: Date | null;
      subscriptionId?: number;
      at: Date;
    },
  ): Promise<Pass> {
    const r = await db.query(
      `UPDATE ${this.s}.passes SET status = COALESCE($2, status), start_date = COALESCE($3, start_date), end_date = COALESCE($4, end_date),
              lock_date = CASE WHEN $5::boolean THEN $6 ELSE lock_date END, subscription_id = COALESCE($7, subscription_id), update_date = $8
        WHERE pass_id = $1 RETURNING *`,
      [
        passId,
        f.status ?? null,
        f.startDate ?? null,
        f.endDate ?? null,
        f.lockDate !== undefined,
        f.lockDate ?? null,
        f.subscriptionId ?? null,
        f.at,
      ],
    );
    return passOf(r.rows[0]);
  }

  async pass(db: Db, passId: number, lock = false): Promise<Pass | null> {
    const r = await db.query(`SELECT * FROM ${this.s}.passes WHERE pass_id = $1${lock ? ' FOR UPDATE' : ''}`, [passId]);
    return r.rows[0] ? passOf(r.rows[0]) : null;
  }

  async passOfOrder(db: Db, orderId: number): Promise<Pass | null> {
    const r = await db.query(`SELECT * FROM ${this.s}.passes WHERE order_id = $1`, [orderId]);
    return r.rows[0] ? passOf(r.rows[0]) : null;
  }

  /** Passes that are in use or waiting (START, STANDBY), latest end first. */
  async livePasses(db: Db, userId: number): Promise<Pass[]> {
    const r = await db.query(
      `SELECT * FROM ${this.s}.passes WHERE user_id = $1 AND status IN ('START', 'STANDBY') ORDER BY end_date DESC`,
      [userId],
    );
    return r.rows.map(passOf);
  }

  /**
   * The latest end of the member's other passes that reach past `after` (queued coupon or reward
   * days, in use, waiting or already run out): a renewal's paid month starts there, never inside
   * days the member already has. Cancelled and locked passes gave no days.
   */
  async latestEndAfter(db: Db, userId: number, exceptPassId: number, after: Date): Promise<Date | null> {
    const r = await db.query(
      `SELECT max(end_date) AS end_date FROM ${this.s}.passes
        WHERE user_id = $1 AND pass_id <> $2 AND status IN ('START', 'STANDBY', 'EXPIRED') AND end_date > $3`,
      [userId, exceptPassId, after],
    );
    return r.rows[0]?.end_date ? new Date(r.rows[0].end_date as string | Date) : null;
  }

  /**
   * Withdrawal ends the member's service: every live pass (in use, queued, paused) becomes EXPIRED
   * at that moment, so no screen goes on saying 사용중 for an account that is gone.
   */
  async endPassesOfUser(db: Db, userId: number, at: Date): Promise<Pass[]> {
    const r = await db.query(
      `UPDATE ${this.s}.passes
          SET status = 'EXPIRED', start_date = LEAST(start_date, $2), end_date = LEAST(end_date, $2), update_date = $2
        WHERE user_id = $1 AND status IN ('START', 'STANDBY', 'LOCK') RETURNING *`,
      [userId, at],
    );
    return r.rows.map(passOf);
  }

  async currentPass(db: Db, userId: number): Promise<PassView | null> {
    const r = await db.query(
      `SELECT p.*, pr.name, o.merchant_uid FROM ${this.s}.passes p
         JOIN ${this.s}.products pr ON pr.item_id = p.item_id JOIN ${this.s}.orders o ON o.order_id = p.order_id
        WHERE p.user_id = $1 AND p.status = 'START' ORDER BY p.end_date DESC LIMIT 1`,
      [userId],
    );
    return r.rows[0]
      ? { ...passOf(r.rows[0]), name: String(r.rows[0].name), merchantUid: String(r.rows[0].merchant_uid) }
      : null;
  }

  async passesOfUser(
    db: Db,
    userId: number,
    limit: number,
    offset: number,
  ): Promise<{ total: number; rows: PassView[] }> {
    const [c, r] = await Promise.all([
      db.query(`SELECT count(*)::int AS n FROM ${this.s}.passes WHERE user_id = $1`, [userId]),
      db.query(
        `SELECT p.*, pr.name, o.merchant_uid FROM ${this.s}.passes p
           JOIN ${this.s}.products pr ON pr.item_id = p.item_id JOIN ${this.s}.orders o ON o.order_id = p.order_id
          WHERE p.user_id = $1 ORDER BY p.start_date DESC, p.pass_id DESC LIMIT $2 OFFSET $3`,
        [userId, limit, offset],
      ),
    ]);
    return {
      total: Number(c.rows[0].n),
      rows: r.rows.map((x) => ({ ...passOf(x), name: String(x.name), merchantUid: String(x.merchant_uid) })),
    };
  }

  /**
   * Passes past their end that no live subscription will renew, locked. A pass of a
   * START subscription waits for its renewal (or its final decline, which locks it), unless it is
   * no longer the subscription's pass (a renewal after queued days starts a new one) or another
   * pass carries the member meanwhile (a coupon used while subscribed pushed the renewal back).
   */
  async claimExpiredPasses(db: PoolClient, now: Date, limit: number, scope?: UserScope): Promise<Pass[]> {
    const r = await db.query(
      `SELECT p.* FROM ${this.s}.passes p LEFT JOIN ${this.s}.subscriptions s ON s.subscription_id = p.subscription_id
        WHERE p.status = 'START' AND p.end_date <= $1
          AND (s.subscription_id IS NULL OR s.status <> 'START' OR s.pass_id IS DISTINCT FROM p.pass_id
               OR EXISTS (SELECT 1 FROM ${this.s}.passes q WHERE q.user_id = p.user_id AND q.pass_id <> p.pass_id
                             AND q.status = 'START' AND q.start_date <= $1 AND q.end_date > $1)) ${scopeSql(scope, 3, 'p.')}
        ORDER BY p.end_date LIMIT $2 FOR UPDATE OF p SKIP LOCKED`,
      [now, limit, ...scopeArgs(scope)],
    );
    return r.rows.map(passOf);
  }

  async claimStartingPasses(db: PoolClient, now: Date, limit: number, scope?: UserScope): Promise<Pass[]> {
    const r = await db.query(
      `SELECT * FROM ${this.s}.passes WHERE status = 'STANDBY' AND start_date <= $1 ${scopeSql(scope, 3)}
        ORDER BY start_date LIMIT $2 FOR UPDATE SKIP LOCKED`,
      [now, limit, ...scopeArgs(scope)],
    );
    return r.rows.map(passOf);
  }
}
