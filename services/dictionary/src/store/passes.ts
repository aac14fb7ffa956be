// The paid-pass projection (schema dictionary, table passes) and the cached
// "is this member paid?" lookup every detail view asks.
import type { Pool, PoolClient } from '@syn/kit';
import { LRUCache } from 'lru-cache';

export interface PassState {
  passId: number;
  userId: number;
  itemId: number;
  /** The stored word of spec §3 usage status: START, STANDBY, FAIL, CANCEL, EXPIRED, LOCK. */
  status: string;
  startDate: Date | null;
  endDate: Date | null;
}

export class PassStore {
  /** userId → the end of the latest live pass (ms), or 0 when none. */
  private readonly cache: LRUCache<number, number>;

  constructor(
    private readonly pool: Pool,
    private readonly schema: string,
    cacheMs: number,
  ) {
    this.cache = new LRUCache<number, number>({ max: 50_000, ttl: Math.max(1, cacheMs) });
  }

  /** Upserts the whole state of one pass; an event older than the stored one is ignored. */
  async apply(tx: PoolClient, p: PassState, eventTime: Date): Promise<void> {
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

  /** Forget the cached answer for a user (their pass just changed in this process). */
  forget(userId: number): void {
    this.cache.delete(userId);
  }

  /** True while the user has a pass with status START whose end date is in the future. */
  async isPaid(userId: number, now: Date = new Date()): Promise<boolean> {
    let paidUntil = this.cache.get(userId);
    if (paidUntil === undefined) {
      const { rows } = await this.pool.query<{ until: Date | null }>(
        `SELECT max(end_date) AS until FROM ${this.schema}.passes WHERE user_id = $1 AND status = 'START'`,
        [userId],
      );
      paidUntil = rows[0]?.until?.getTime() ?? 0;
      this.cache.set(userId, paidUntil);
    }
    // The end date is cached, not the verdict, so a pass ending now ends now, cache or not.
    return paidUntil > now.getTime();
  }
}
