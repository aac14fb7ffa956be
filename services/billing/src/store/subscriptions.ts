// Subscriptions: a member's billing key for a plan and when it charges next.
import type { PoolClient } from '@syn/kit';
import type { SubscriptionState } from '../domain/status';
import { Repository, scopeArgs, scopeSql, type Db, type UserScope } from './db';
import { subscriptionOf, type Subscription } from './rows';

export class SubscriptionRepository extends Repository {
  /** Stops every subscription of a member that could still charge (withdrawal); returns how many. */
  async stopSubscriptionsOfUser(db: Db, userId: number, reason: string, at: Date): Promise<number> {
    const r = await db.query(
      `UPDATE ${this.s}.subscriptions
          SET status = 'CANCEL', next_charge_at = NULL, cancel_reason = $2, cancelled_at = $3, updated_at = $3
        WHERE user_id = $1 AND status IN ('STANDBY', 'START', 'LOCK')`,
      [userId, reason, at],
    );
    return r.rowCount ?? 0;
  }

  async liveSubscription(db: Db, customerUid: string, lock = false): Promise<Subscription | null> {
    const r = await db.query(
      `SELECT * FROM ${this.s}.subscriptions WHERE customer_uid = $1 AND status IN ('STANDBY', 'START')${lock ? ' FOR UPDATE' : ''}`,
      [customerUid],
    );
    return r.rows[0] ? subscriptionOf(r.rows[0]) : null;
  }

  async latestSubscription(db: Db, customerUid: string): Promise<Subscription | null> {
    const r = await db.query(
      `SELECT * FROM ${this.s}.subscriptions WHERE customer_uid = $1 ORDER BY subscription_id DESC LIMIT 1`,
      [customerUid],
    );
    return r.rows[0] ? subscriptionOf(r.rows[0]) : null;
  }

  /** The member's auto-renewing subscription (START), if any. */
  async renewingSubscriptionOfUser(db: Db, userId: number, lock = false): Promise<Subscription | null> {
    const r = await db.query(
      `SELECT * FROM ${this.s}.subscriptions WHERE user_id = $1 AND status = 'START'
        ORDER BY subscription_id DESC LIMIT 1${lock ? ' FOR UPDATE' : ''}`,
      [userId],
    );
    return r.rows[0] ? subscriptionOf(r.rows[0]) : null;
  }

  async subscription(db: Db, id: number, lock = false): Promise<Subscription | null> {
    const r = await db.query(
      `SELECT * FROM ${this.s}.subscriptions WHERE subscription_id = $1${lock ? ' FOR UPDATE' : ''}`,
      [id],
    );
    return r.rows[0] ? subscriptionOf(r.rows[0]) : null;
  }

  async insertSubscription(
    db: Db,
    f: { customerUid: string; userId: number; itemId: number; at: Date },
  ): Promise<Subscription> {
    const r = await db.query(
      `INSERT INTO ${this.s}.subscriptions (customer_uid, user_id, item_id, status, created_at, updated_at)
       VALUES ($1, $2, $3, 'STANDBY', $4, $4) RETURNING *`,
      [f.customerUid, f.userId, f.itemId, f.at],
    );
    return subscriptionOf(r.rows[0]);
  }

  async setSubscription(
    db: Db,
    id: number,
    f: {
      status?: SubscriptionState;
      passId?: number;
      cycle?: number;
      retryCount?: number;
      nextChargeAt?: Date | null;
      cancelReason?: string | null;
      cancelledAt?: Date | null;
      at: Date;
    },
  ): Promise<void> {
    const sets = ['updated_at = $2'];
    const args: unknown[] = [id, f.at];
    const put = (col: string, v: unknown) => sets.push(`${col} = $${args.push(v)}`);
    if (f.status !== undefined) put('status', f.status);
    if (f.passId !== undefined) put('pass_id', f.passId);
    if (f.cycle !== undefined) put('cycle', f.cycle);
    if (f.retryCount !== undefined) put('retry_count', f.retryCount);
    if (f.nextChargeAt !== undefined) put('next_charge_at', f.nextChargeAt);
    if (f.cancelReason !== undefined) put('cancel_reason', f.cancelReason);
    if (f.cancelledAt !== undefined) put('cancelled_at', f.cancelledAt);
    await db.query(`UPDATE ${this.s}.subscriptions SET ${sets.join(', ')} WHERE subscription_id = $1`, args);
  }

  /** One due renewal, locked; replicas skip each other's rows. */
  async claimDueRenewal(db: PoolClient, now: Date, scope?: UserScope): Promise<Subscription | null> {
    const r = await db.query(
      `SELECT * FROM ${this.s}.subscriptions WHERE status = 'START' AND next_charge_at <= $1 ${scopeSql(scope, 2)}
        ORDER BY next_charge_at LIMIT 1 FOR UPDATE SKIP LOCKED`,
      [now, ...scopeArgs(scope)],
    );
    return r.rows[0] ? subscriptionOf(r.rows[0]) : null;
  }
}
