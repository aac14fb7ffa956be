// What billing keeps of a member itself: the per-member lock its grants queue on, and the ids of
// those who withdrew (the account service erases the rest).
import type { PoolClient } from '@syn/kit';
import { Repository, type Db } from './db';

export class MemberRepository extends Repository {
  /** Serialises grants and purchases of one user (two payments completing at once queue, not overlap). */
  async lockUser(db: PoolClient, userId: number): Promise<void> {
    await db.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`${this.s}:user:${userId}`]);
  }

  /** Remembers a withdrawal (only the id): the account service erases everything else. */
  async recordWithdrawal(db: Db, userId: number, at: Date): Promise<void> {
    await db.query(
      `INSERT INTO ${this.s}.withdrawn_members (user_id, withdrawn_at) VALUES ($1, $2) ON CONFLICT (user_id) DO NOTHING`,
      [userId, at],
    );
  }

  /** Which of these members withdrew. */
  async withdrawnAmong(db: Db, userIds: number[]): Promise<Set<number>> {
    if (userIds.length === 0) return new Set();
    const r = await db.query<{ user_id: number }>(
      `SELECT user_id FROM ${this.s}.withdrawn_members WHERE user_id = ANY($1::int[])`,
      [[...new Set(userIds)]],
    );
    return new Set(r.rows.map((x) => Number(x.user_id)));
  }
}
