// One-time mail tokens (confirm email, reset password).
import type { IssuedToken } from '../security/tokens';
import { keyMatches, UUID } from '../security/tokens';
import type { Db } from './db';

export type TokenPurpose = 'confirm' | 'reset';

export class TokenStore {
  constructor(private readonly schema: string) {}

  /** Stores a new token; earlier unused tokens of the same purpose stop working (only the latest mail counts). */
  async issue(db: Db, userId: number, purpose: TokenPurpose, token: IssuedToken, ttlMinutes: number): Promise<void> {
    await db.query(
      `UPDATE ${this.schema}.mail_tokens SET used_at = now() WHERE user_id = $1 AND purpose = $2 AND used_at IS NULL`,
      [userId, purpose],
    );
    await db.query(
      `INSERT INTO ${this.schema}.mail_tokens (id, user_id, purpose, key_hash, expires_at)
       VALUES ($1, $2, $3, $4, now() + make_interval(mins => $5))`,
      [token.id, userId, purpose, token.keyHash, ttlMinutes],
    );
  }

  /**
   * Uses a token once: returns its user id when id and key match, it is unused and
   * unexpired, and marks it used in the caller's transaction. Otherwise null.
   */
  async consume(db: Db, id: string, key: string, purpose: TokenPurpose): Promise<number | null> {
    if (!UUID.test(id)) return null;
    const { rows } = await db.query<{ user_id: number; key_hash: string; live: boolean }>(
      `SELECT user_id, key_hash, (used_at IS NULL AND expires_at > now()) AS live
         FROM ${this.schema}.mail_tokens WHERE id = $1 AND purpose = $2 FOR UPDATE`,
      [id, purpose],
    );
    const row = rows[0];
    if (!row || !row.live || !keyMatches(key, row.key_hash)) return null;
    await db.query(`UPDATE ${this.schema}.mail_tokens SET used_at = now() WHERE id = $1`, [id]);
    return row.user_id;
  }

  async deleteForUser(db: Db, userId: number): Promise<void> {
    await db.query(`DELETE FROM ${this.schema}.mail_tokens WHERE user_id = $1`, [userId]);
  }
}
