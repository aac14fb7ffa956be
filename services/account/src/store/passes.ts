// The paid-pass projection fed by billing's PassChanged events.
import { passSummary, type PassRow, type PassSummary } from '../domain/users';
import type { Db } from './db';

export interface PassState {
  passId: number;
  userId: number;
  itemId: number;
  status: string;
  startDate: Date | null;
  endDate: Date | null;
}

export class PassStore {
  constructor(private readonly schema: string) {}

  /** Upserts the whole state; an event older than the stored one is ignored. */
  async apply(db: Db, p: PassState, eventTime: Date): Promise<void> {
    await db.query(
      `INSERT INTO ${this.schema}.passes (pass_id, user_id, item_id, status, start_date, end_date, event_time)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (pass_id) DO UPDATE
         SET user_id = EXCLUDED.user_id, item_id = EXCLUDED.item_id, status = EXCLUDED.status,
             start_date = EXCLUDED.start_date, end_date = EXCLUDED.end_date, event_time = EXCLUDED.event_time
       WHERE ${this.schema}.passes.event_time <= EXCLUDED.event_time`,
      [p.passId, p.userId, p.itemId, p.status, p.startDate, p.endDate, eventTime],
    );
  }

  async summary(db: Db, userId: number, now = new Date()): Promise<PassSummary> {
    const { rows } = await db.query<{ item_id: number; status: string; end_date: Date | null }>(
      `SELECT item_id, status, end_date FROM ${this.schema}.passes WHERE user_id = $1`,
      [userId],
    );
    const passes: PassRow[] = rows.map((r) => ({ itemId: r.item_id, status: r.status, endDate: r.end_date }));
    return passSummary(passes, now);
  }

  async deleteForUser(db: Db, userId: number): Promise<void> {
    await db.query(`DELETE FROM ${this.schema}.passes WHERE user_id = $1`, [userId]);
  }
}
