// Repository of account.users. Emails compare case-insensitively (lower(email) is unique).
import type { Member } from '../domain/users';
import { isUniqueViolation, type Db } from './db';

export interface MemberRecord extends Member {
  passwordHash: string;
}

interface UserRow {
  id: number;
  email: string;
  name: string;
  phone: string;
  password_hash: string;
  grade: number;
  email_verified: boolean;
  device_key: string;
  created_at: Date;
  withdrawn_at: Date | null;
}

const COLUMNS = 'id, email, name, phone, password_hash, grade, email_verified, device_key, created_at, withdrawn_at';

function toMember(r: UserRow): MemberRecord {
  return {
    id: r.id,
    email: r.email,
    name: r.name,
    phone: r.phone,
    passwordHash: r.password_hash,
    grade: r.grade,
    emailVerified: r.email_verified,
    deviceKey: r.device_key,
    createdAt: r.created_at,
    withdrawn: r.withdrawn_at !== null,
  };
}

export class UserStore {
  constructor(private readonly schema: string) {}

  async byId(db: Db, id: number, opts: { forUpdate?: boolean } = {}): Promise<MemberRecord | null> {
    const { rows } = await db.query<UserRow>(
      `SELECT ${COLUMNS} FROM ${this.schema}.users WHERE id = $1${opts.forUpdate ? ' FOR UPDATE' : ''}`,
      [id],
    );
    return rows[0] ? toMember(rows[0]) : null;
  }

  /** An active (not withdrawn) member by email, any case. */
  async byEmail(db: Db, email: string): Promise<MemberRecord | null> {
    const { rows } = await db.query<UserRow>(
      `SELECT ${COLUMNS} FROM ${this.schema}.users WHERE lower(email) = lower($1) AND withdrawn_at IS NULL`,
      [email],
    );
    return rows[0] ? toMember(rows[0]) : null;
  }

  /** Inserts a member; null when the email is taken (by any case). */
  async insert(
    db: Db,
    u: {
      email: string;
      name: string;
      phone: string;
      passwordHash: string;
      grade: number;
      emailVerified: boolean;
      recommenderId: number | null;
      recommendType: string;
      consented: boolean;
    },
  ): Promise<number | null> {
    try {
      const { rows } = await db.query<{ id: number }>(
        `INSERT INTO ${this.schema}.users
           (email, name, phone, password_hash, grade, email_verified, recommender_id, recommend_type,
            privacy_agreed_at, terms_agreed_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, CASE WHEN $9 THEN now() END, CASE WHEN $9 THEN now() END)
         RETURNING id`,
        [
          u.email,
          u.name,
          u.phone,
          u.passwordHash,
          u.grade,
          u.emailVerified,
          u.recommenderId,
          u.recommendType,
          u.consented,
        ],
      );
      return rows[0]?.id ?? null;
    } catch (err) {
      if (isUniqueViolation(err)) return null;
      throw err;
    }
  }

  /** True when this call changed the flag (a first confirmation, not a repeated one). */
  async setEmailVerified(db: Db, id: number, verified: boolean): Promise<boolean> {
    const { rowCount } = await db.query(
      `UPDATE ${this.schema}.users SET email_verified = $2, updated_at = now() WHERE id = $1 AND email_verified <> $2`,
      [id, verified],
    );
    return (rowCount ?? 0) > 0;
  }

  async setPasswordHash(db: Db, id: number, hash: string): Promise<void> {
    await db.query(`UPDATE ${this.schema}.users SET password_hash = $2, updated_at = now() WHERE id = $1`, [id, hash]);
  }

  async setDeviceKey(db: Db, id: number, key: string): Promise<void> {
    await db.query(`UPDATE ${this.schema}.users SET device_key = $2, updated_at = now() WHERE id = $1`, [id, key]);
  }

  async setProfile(db: Db, id: number, name: string, phone: string): Promise<void> {
    await db.query(`UPDATE ${this.schema}.users SET name = $2, phone = $3, updated_at = now() WHERE id = $1`, [
      id,
      name,
      phone,
    ]);
  }

  async setAdminFields(db: Db, id: number, verified: boolean, grade: number | null): Promise<void> {
    await db.query(
      `UPDATE ${this.schema}.users SET email_verified = $2, grade = COALESCE($3, grade), updated_at = now() WHERE id = $1`,
      [id, verified, grade],
    );
  }

  async touchLogin(db: Db, id: number): Promise<void> {
    await db.query(`UPDATE ${this.schema}.users SET last_login_at = now() WHERE id = $1`, [id]);
  }

  /**
   * Withdrawal: personal data is removed (email replaced by a placeholder that frees the
   * address for a new registration, name and phone emptied, password unusable). The row
   * stays so ids referenced elsewhere (recommenders, events) keep meaning "a former member".
   */
  async anonymise(db: Db, id: number): Promise<void> {
    await db.query(
      `UPDATE ${this.schema}.users
          SET email = 'withdrawn-' || id || '@invalid', name = '', phone = '', password_hash = '',
              device_key = '', email_verified = false, privacy_agreed_at = NULL, terms_agreed_at = NULL,
              last_login_at = NULL, withdrawn_at = now(), updated_at = now()
        WHERE id = $1`,
      [id],
    );
  }
}
