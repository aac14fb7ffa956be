// The predecessor service's store (schema `legacy`): read-only except the TRANSFER flag.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { LegacyPeriod } from '../domain/legacy';
import type { Db } from './db';

export interface LegacyHistoryRow extends LegacyPeriod {
  sdate: string;
  edate: string;
  curstat: 'Y' | 'N';
  transfer: 'Y' | null;
}

export class LegacyStore {
  constructor(
    private readonly legacySchema: string,
    private readonly schema: string,
  ) {}

  /** True when the legacy id exists and the password matches its SHA-256(salt || password). */
  async checkPassword(db: Db, legacyId: string, password: string): Promise<boolean> {
    const { rows } = await db.query<{ password_salt: string; password_sha256: string }>(
      `SELECT password_salt, password_sha256 FROM ${this.legacySchema}.members WHERE legacy_id = $1`,
      [legacyId],
    );
    const row = rows[0];
    const digest = createHash('sha256')
      .update((row?.password_salt ?? 'no-such-member') + password, 'utf8')
      .digest();
    if (!row) return false;
    const stored = Buffer.from(row.password_sha256, 'hex');
    return stored.length === digest.length && timingSafeEqual(stored, digest);
  }

  async history(db: Db, legacyId: string, opts: { forUpdate?: boolean } = {}): Promise<LegacyHistoryRow[]> {
    const { rows } = await db.query<{ sdate: string; edate: string; curstat: string; transfer: string | null }>(
      `SELECT to_char(sdate, 'YYYY-MM-DD') AS sdate, to_char(edate, 'YYYY-MM-DD') AS edate, curstat, transfer
         FROM ${this.legacySchema}.pay_history WHERE legacy_id = $1 ORDER BY sdate${opts.forUpdate ? ' FOR UPDATE' : ''}`,
      [legacyId],
    );
    return rows.map((r) => ({
      sdate: r.sdate,
      edate: r.edate,
      curstat: r.curstat === 'Y' ? 'Y' : 'N',
      transfer: r.transfer === 'Y' ? 'Y' : null,
      startDate: new Date(`${r.sdate}T00:00:00Z`),
      endDate: new Date(`${r.edate}T00:00:00Z`),
      running: r.curstat === 'Y',
      transferred: r.transfer === 'Y',
    }));
  }

  async markTransferred(db: Db, legacyId: string): Promise<void> {
    await db.query(
      `UPDATE ${this.legacySchema}.pay_history SET transfer = 'Y' WHERE legacy_id = $1 AND curstat = 'Y' AND transfer IS NULL`,
      [legacyId],
    );
  }

  async hasMerged(db: Db, userId: number): Promise<boolean> {
    const { rowCount } = await db.query(`SELECT 1 FROM ${this.schema}.legacy_merges WHERE user_id = $1`, [userId]);
    return (rowCount ?? 0) > 0;
  }

  async recordMerge(db: Db, userId: number, legacyId: string, days: number, bonusMonths: number): Promise<void> {
    await db.query(
      `INSERT INTO ${this.schema}.legacy_merges (user_id, legacy_id, remaining_days, bonus_months) VALUES ($1, $2, $3, $4)`,
      [userId, legacyId, days, bonusMonths],
    );
  }
}
