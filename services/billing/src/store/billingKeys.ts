// Billing keys to delete at the provider (a withdrawn member's), retried until the provider confirms.
import type { PoolClient } from '@syn/kit';
import { Repository, scopeArgs, scopeSql, type Db, type UserScope } from './db';

export class BillingKeyRepository extends Repository {
  /** Withdrawal: every billing key the member registered for a subscription is to be deleted at the provider. */
  async requestBillingKeyDeletions(db: Db, userId: number, at: Date): Promise<number> {
    const r = await db.query(
      `INSERT INTO ${this.s}.billing_key_deletions (customer_uid, user_id, requested_at, next_attempt_at)
       SELECT DISTINCT customer_uid, user_id, $2::timestamptz, $2::timestamptz FROM ${this.s}.subscriptions WHERE user_id = $1
       ON CONFLICT (customer_uid) DO NOTHING`,
      [userId, at],
    );
    return r.rowCount ?? 0;
  }

  /** A billing key that is being (or was) deleted at the provider cannot charge again. */
  async billingKeyDeletionRequested(db: Db, customerUid: string): Promise<boolean> {
    const r = await db.query(`SELECT 1 FROM ${this.s}.billing_key_deletions WHERE customer_uid = $1`, [customerUid]);
    return (r.rowCount ?? 0) > 0;
  }

  /** One due key deletion, leased until `leaseUntil` so a crash during the provider call retries it later. */
  async claimDueBillingKeyDeletion(
    db: PoolClient,
    now: Date,
    leaseUntil: Date,
    scope?: UserScope,
  ): Promise<{ customerUid: string; attempts: number } | null> {
    const r = await db.query<{ customer_uid: string; attempts: number }>(
      `SELECT customer_uid, attempts FROM ${this.s}.billing_key_deletions
        WHERE deleted_at IS NULL AND next_attempt_at <= $1 ${scopeSql(scope, 2)}
        ORDER BY next_attempt_at LIMIT 1 FOR UPDATE SKIP LOCKED`,
      [now, ...scopeArgs(scope)],
    );
    const row = r.rows[0];
    if (!row) return null;
    await db.query(`UPDATE ${this.s}.billing_key_deletions SET next_attempt_at = $2 WHERE customer_uid = $1`, [
      row.customer_uid,
      leaseUntil,
    ]);
    return { customerUid: row.customer_uid, attempts: row.attempts };
  }

  async billingKeyDeleted(db: Db, customerUid: string, at: Date): Promise<void> {
    await db.query(
      `UPDATE ${this.s}.billing_key_deletions SET deleted_at = $2, attempts = attempts + 1, last_error = NULL
        WHERE customer_uid = $1`,
      [customerUid, at],
    );
  }

  async billingKeyDeletionFailed(db: Db, customerUid: string, error: string, retryAt: Date): Promise<void> {
    await db.query(
      `UPDATE ${this.s}.billing_key_deletions SET attempts = attempts + 1, last_error = $2, next_attempt_at = $3
        WHERE customer_uid = $1`,
      [customerUid, error.slice(0, 500), retryAt],
    );
  }
}
