// The referral credit ledger (migrations/004) and the facts domain/referral.ts judges.
import type { ReferralFacts } from '../domain/referral';
import type { Db } from './db';

interface PersonRow {
  id: number;
  phone: string;
  email: string;
  email_verified: boolean;
  withdrawn_at: Date | null;
  recommender_id: number | null;
}

export class ReferralStore {
  constructor(private readonly schema: string) {}

  /**
   * What the verdict needs, read inside the confirming transaction. The recommender's row is
   * locked: two of their referrals confirming at once are judged one after the other (daily limit).
   */
  async facts(db: Db, memberId: number, dailyLimit: number): Promise<ReferralFacts | null> {
    const person = async (id: number, lock: boolean) =>
      (
        await db.query<PersonRow>(
          `SELECT id, phone, email, email_verified, withdrawn_at, recommender_id
             FROM ${this.schema}.users WHERE id = $1${lock ? ' FOR UPDATE' : ''}`,
          [id],
        )
      ).rows[0];
    const member = await person(memberId, false);
    if (!member) return null;
    const recommenderId = member.recommender_id ?? 0;
    const recommender = recommenderId > 0 && recommenderId !== memberId ? await person(recommenderId, true) : undefined;
    const { rows } = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ${this.schema}.referral_credits
        WHERE recommender_id = $1 AND credited_at > now() - interval '1 day'`,
      [recommenderId],
    );
    const earlier = await db.query(
      `SELECT 1 FROM ${this.schema}.users
        WHERE id < $1 AND email_verified AND withdrawn_at IS NULL AND phone <> '' AND phone = $2 LIMIT 1`,
      [memberId, member.phone],
    );
    return {
      memberId,
      recommenderId,
      member: { phone: member.phone, email: member.email },
      recommender: recommender
        ? {
            phone: recommender.phone,
            email: recommender.email,
            active: recommender.withdrawn_at === null,
            confirmed: recommender.email_verified,
          }
        : null,
      phoneOfEarlierMember: (earlier.rowCount ?? 0) > 0,
      creditsToday: rows[0]?.n ?? 0,
      dailyLimit,
    };
  }

  /** Records the credit; false when this member, their phone or their mailbox was credited before. */
  async credit(
    db: Db,
    entry: { memberId: number; recommenderId: number; phoneKey: string | null; mailboxKey: string },
  ): Promise<boolean> {
    const { rowCount } = await db.query(
      `INSERT INTO ${this.schema}.referral_credits (member_id, recommender_id, phone_key, mailbox_key)
       VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING`,
      [entry.memberId, entry.recommenderId, entry.phoneKey, entry.mailboxKey],
    );
    return (rowCount ?? 0) > 0;
  }
}
