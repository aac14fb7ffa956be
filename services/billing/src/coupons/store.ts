// SQL over the coupon tables of schema `billing` (migration 002). Every function takes the
// client to run on, so the flows compose them inside one transaction.
import { assertSchemaName, type Pool, type PoolClient } from '@syn/kit';
import type { CouponStatus } from '@syn/kit/rules';
import { newCouponCode } from './codes';

type Db = Pool | PoolClient;
type Row = Record<string, unknown>;

export interface Coupon {
  couponId: number;
  groupId: number;
  code: string;
  status: CouponStatus;
  userId: number | null;
  issueDate: Date | null;
  usedDate: Date | null;
  expiredDate: Date | null;
  giftedFrom: number | null;
  orderId: number | null;
}

/** A coupon with its group's name and the product it grants. */
export interface CouponView extends Coupon {
  groupName: string;
  itemId: number;
  productName: string;
  /** Nobody holds it because its member withdrew (the admin screens say 탈퇴 회원). */
  ownerWithdrawn: boolean;
}

export interface CouponGroup {
  groupId: number;
  name: string;
  itemId: number;
  productName: string;
  note: string;
  kind: 'ADMIN' | 'SYSTEM';
  createdAt: Date;
  totalCount: number;
  usedCount: number;
}

const dateOrNull = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string | Date));

function couponOf(r: Row): Coupon {
  return {
    couponId: Number(r.coupon_id),
    groupId: Number(r.group_id),
    code: String(r.coupon_code),
    status: String(r.status) as CouponStatus,
    userId: r.user_id === null ? null : Number(r.user_id),
    issueDate: dateOrNull(r.issue_date),
    usedDate: dateOrNull(r.used_date),
    expiredDate: dateOrNull(r.expired_date),
    giftedFrom: r.gifted_from === null ? null : Number(r.gifted_from),
    orderId: r.order_id === null ? null : Number(r.order_id),
  };
}

const couponViewOf = (r: Row): CouponView => ({
  ...couponOf(r),
  groupName: String(r.coupon_name),
  itemId: Number(r.item_id),
  productName: String(r.product_name),
  ownerWithdrawn: r.user_id === null && r.owner_withdrawn_at !== null && r.owner_withdrawn_at !== undefined,
});

function groupOf(r: Row): CouponGroup {
  return {
    groupId: Number(r.group_id),
    name: String(r.coupon_name),
    itemId: Number(r.item_id),
    productName: String(r.product_name),
    note: String(r.note ?? ''),
    kind: String(r.kind) as 'ADMIN' | 'SYSTEM',
    createdAt: new Date(r.created_at as string),
    totalCount: Number(r.total_count ?? 0),
    usedCount: Number(r.used_count ?? 0),
  };
}

export class CouponStore {
  readonly s: string;
  constructor(schema: string) {
    this.s = assertSchemaName(schema);
  }

  private get viewFrom() {
    return `${this.s}.coupons c JOIN ${this.s}.coupon_groups g ON g.group_id = c.group_id
            JOIN ${this.s}.products p ON p.item_id = g.item_id`;
  }

  // --- groups ---------------------------------------------------------------------

  private groupSelect(where: string): string {
    return `SELECT g.*, p.name AS product_name,
              (SELECT count(*) FROM ${this.s}.coupons c WHERE c.group_id = g.group_id AND c.gifted_from IS NULL)::int AS total_count,
              (SELECT count(*) FROM ${this.s}.coupons c WHERE c.group_id = g.group_id AND c.status = 'COMPLETE')::int AS used_count
            FROM ${this.s}.coupon_groups g JOIN ${this.s}.products p ON p.item_id = g.item_id ${where}`;
  }

  async group(db: Db, groupId: number, lock = false): Promise<CouponGroup | null> {
    if (lock) await db.query(`SELECT 1 FROM ${this.s}.coupon_groups WHERE group_id = $1 FOR UPDATE`, [groupId]);
    const r = await db.query(this.groupSelect('WHERE g.group_id = $1'), [groupId]);
    return r.rows[0] ? groupOf(r.rows[0]) : null;
  }

  async groups(
    db: Db,
    f: { status?: CouponStatus; name?: string; groupId?: number },
    limit: number,
    offset: number,
  ): Promise<{ total: number; rows: CouponGroup[] }> {
    const args: unknown[] = [];
    const conds: string[] = [];
    if (f.groupId !== undefined) {
      args.push(f.groupId);
      conds.push(`g.group_id = $${args.length}`);
    }
    if (f.name) {
      args.push(`%${f.name.replace(/[\\%_]/g, (m) => `\\${m}`)}%`);
      conds.push(`g.coupon_name ILIKE $${args.length}`);
    }
    if (f.status) {
      args.push(f.status);
      conds.push(
        `EXISTS (SELECT 1 FROM ${this.s}.coupons c WHERE c.group_id = g.group_id AND c.status = $${args.length})`,
      );
    }
    const where = conds.length ? `WHERE ${conds.join(' AND ')}` : '';
    const count = await db.query(`SELECT count(*)::int AS n FROM ${this.s}.coupon_groups g ${where}`, args);
    const rows = await db.query(
      `${this.groupSelect(where)} ORDER BY g.group_id DESC LIMIT $${args.length + 1} OFFSET $${args.length + 2}`,
      [...args, limit, offset],
    );
    return { total: Number(count.rows[0].n), rows: rows.rows.map(groupOf) };
  }

  async nameTaken(db: Db, name: string, exceptGroupId?: number): Promise<boolean> {
    const r = await db.query(
      `SELECT 1 FROM ${this.s}.coupon_groups WHERE lower(btrim(coupon_name)) = lower(btrim($1)) AND group_id <> $2`,
      [name, exceptGroupId ?? 0],
    );
    return (r.rowCount ?? 0) > 0;
  }

  /** Null when the name is taken (unique index). */
  async insertGroup(
    db: Db,
    g: { name: string; itemId: number; note: string; kind: 'ADMIN' | 'SYSTEM'; createdBy: number | null; at: Date },
  ): Promise<number | null> {
    const r = await db.query(
      `INSERT INTO ${this.s}.coupon_groups (coupon_name, item_id, note, kind, created_by, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $6) ON CONFLICT DO NOTHING RETURNING group_id`,
      [g.name.trim(), g.itemId, g.note, g.kind, g.createdBy, g.at],
    );
    return r.rows[0] ? Number(r.rows[0].group_id) : null;
  }

  /** False when the new name is taken by another group. */
  async updateGroup(db: Db, groupId: number, f: { name: string; note: string; at: Date }): Promise<boolean> {
    const r = await db.query(
      `UPDATE ${this.s}.coupon_groups SET coupon_name = $2, note = $3, updated_at = $4
        WHERE group_id = $1 AND NOT EXISTS (
          SELECT 1 FROM ${this.s}.coupon_groups o WHERE o.group_id <> $1 AND lower(btrim(o.coupon_name)) = lower(btrim($2)))`,
      [groupId, f.name.trim(), f.note, f.at],
    );
    return (r.rowCount ?? 0) > 0;
  }

  /** The service's own group (e.g. the friend coupon), created on first use. */
  async systemGroup(db: Db, name: string, itemId: number, at: Date): Promise<number> {
    await db.query(
      `INSERT INTO ${this.s}.coupon_groups (coupon_name, item_id, note, kind, created_at, updated_at)
       VALUES ($1, $2, '자동 발급', 'SYSTEM', $3, $3) ON CONFLICT DO NOTHING`,
      [name, itemId, at],
    );
    const r = await db.query(
      `SELECT group_id FROM ${this.s}.coupon_groups WHERE lower(btrim(coupon_name)) = lower(btrim($1))`,
      [name],
    );
    return Number(r.rows[0].group_id);
  }

  // --- coupons --------------------------------------------------------------------

  /** `count` new STANDBY coupons with fresh random codes; a code collision is simply drawn again. */
  async insertCoupons(db: Db, groupId: number, count: number, at: Date): Promise<number> {
    let made = 0;
    while (made < count) {
      const n = Math.min(5000, count - made);
      const codes = Array.from({ length: n }, newCouponCode);
      const r = await db.query(
        `INSERT INTO ${this.s}.coupons (group_id, coupon_code, status, created_at, updated_at)
         SELECT $1, code, 'STANDBY', $3, $3 FROM unnest($2::text[]) AS code
         ON CONFLICT (coupon_code) DO NOTHING`,
        [groupId, codes, at],
      );
      made += r.rowCount ?? 0;
    }
    return made;
  }

  /** One coupon issued straight to a member (USING). */
  async issue(
    db: Db,
    c: { groupId: number; userId: number; issueDate: Date; expiredDate: Date; giftedFrom: number | null; at: Date },
  ): Promise<Coupon> {
    for (;;) {
      const r = await db.query(
        `INSERT INTO ${this.s}.coupons (group_id, coupon_code, status, user_id, issue_date, expired_date, gifted_from, created_at, updated_at)
         VALUES ($1, $2, 'USING', $3, $4, $5, $6, $7, $7) ON CONFLICT (coupon_code) DO NOTHING RETURNING *`,
        [c.groupId, newCouponCode(), c.userId, c.issueDate, c.expiredDate, c.giftedFrom, c.at],
      );
      if (r.rows[0]) return couponOf(r.rows[0]);
    }
  }

  async coupon(db: Db, couponId: number, lock = false): Promise<Coupon | null> {
    const r = await db.query(`SELECT * FROM ${this.s}.coupons WHERE coupon_id = $1${lock ? ' FOR UPDATE' : ''}`, [
      couponId,
    ]);
    return r.rows[0] ? couponOf(r.rows[0]) : null;
  }

  async setCoupon(
    db: Db,
    couponId: number,
    f: {
      status: CouponStatus;
      userId: number | null;
      issueDate: Date | null;
      usedDate: Date | null;
      expiredDate: Date | null;
      orderId?: number | null;
      at: Date;
    },
  ): Promise<void> {
    await db.query(
      `UPDATE ${this.s}.coupons SET status = $2, user_id = $3, issue_date = $4, used_date = $5, expired_date = $6,
              order_id = COALESCE($7, order_id), updated_at = $8 WHERE coupon_id = $1`,
      [couponId, f.status, f.userId, f.issueDate, f.usedDate, f.expiredDate, f.orderId ?? null, f.at],
    );
  }

  async deleteCoupon(db: Db, couponId: number, groupId: number): Promise<boolean> {
    const r = await db.query(`DELETE FROM ${this.s}.coupons WHERE coupon_id = $1 AND group_id = $2`, [
      couponId,
      groupId,
    ]);
    return (r.rowCount ?? 0) > 0;
  }

  /** A member's coupons, newest first; `name` matches the group or product name. */
  async ofUser(
    db: Db,
    userId: number,
    name: string | undefined,
    limit: number,
    offset: number,
  ): Promise<{ total: number; rows: CouponView[] }> {
    const args: unknown[] = [userId];
    let where = 'WHERE c.user_id = $1';
    if (name) {
      args.push(`%${name.replace(/[\\%_]/g, (m) => `\\${m}`)}%`);
      where += ` AND (g.coupon_name ILIKE $2 OR p.name ILIKE $2)`;
    }
    const count = await db.query(`SELECT count(*)::int AS n FROM ${this.viewFrom} ${where}`, args);
    const rows = await db.query(
      `SELECT c.*, g.coupon_name, g.item_id, p.name AS product_name FROM ${this.viewFrom} ${where}
        ORDER BY c.coupon_id DESC LIMIT $${args.length + 1} OFFSET $${args.length + 2}`,
      [...args, limit, offset],
    );
    return { total: Number(count.rows[0].n), rows: rows.rows.map(couponViewOf) };
  }

  async ofGroup(
    db: Db,
    f: { groupId: number; status?: CouponStatus; couponId?: number },
    limit: number,
    offset: number,
  ): Promise<{ total: number; rows: CouponView[] }> {
    const args: unknown[] = [f.groupId];
    let where = 'WHERE c.group_id = $1';
    if (f.status) {
      args.push(f.status);
      where += ` AND c.status = $${args.length}`;
    }
    if (f.couponId !== undefined) {
      args.push(f.couponId);
      where += ` AND c.coupon_id = $${args.length}`;
    }
    const count = await db.query(`SELECT count(*)::int AS n FROM ${this.viewFrom} ${where}`, args);
    const rows = await db.query(
      `SELECT c.*, g.coupon_name, g.item_id, p.name AS product_name FROM ${this.viewFrom} ${where}
        ORDER BY c.coupon_id DESC LIMIT $${args.length + 1} OFFSET $${args.length + 2}`,
      [...args, limit, offset],
    );
    return { total: Number(count.rows[0].n), rows: rows.rows.map(couponViewOf) };
  }

  async view(db: Db, couponId: number): Promise<CouponView | null> {
    const r = await db.query(
      `SELECT c.*, g.coupon_name, g.item_id, p.name AS product_name FROM ${this.viewFrom} WHERE c.coupon_id = $1`,
      [couponId],
    );
    return r.rows[0] ? couponViewOf(r.rows[0]) : null;
  }

  // --- withdrawal ----------------------------------------------------------------------

  /**
   * A withdrawn member's coupon data (UserWithdrawn). Their coupons stop naming them; one not
   * used yet also expires now, so it can never be redeemed. Their own referral tally goes; the
   * joins they count in for their recommender, reward and legacy-grant rows stay, because those
   * record passes granted (kept with the orders). Running it twice changes nothing.
   */
  async purgeMember(db: Db, userId: number, at: Date): Promise<{ coupons: number; referralJoins: number }> {
    const coupons = await db.query(
      `UPDATE ${this.s}.coupons
          SET user_id = NULL, owner_withdrawn_at = $2, updated_at = $2,
              expired_date = CASE WHEN status = 'USING' THEN LEAST(COALESCE(expired_date, $2), $2) ELSE expired_date END
        WHERE user_id = $1`,
      [userId, at],
    );
    const joins = await db.query(`DELETE FROM ${this.s}.referral_joins WHERE recommender_id = $1`, [userId]);
    return { coupons: coupons.rowCount ?? 0, referralJoins: joins.rowCount ?? 0 };
  }

  // --- referral rewards and legacy grants -------------------------------------------

  /** True when this join was not counted before. */
  async recordJoin(db: Db, recommenderId: number, joinedUserId: number, at: Date): Promise<boolean> {
    const r = await db.query(
      `INSERT INTO ${this.s}.referral_joins (recommender_id, joined_user_id, joined_at) VALUES ($1, $2, $3)
       ON CONFLICT DO NOTHING`,
      [recommenderId, joinedUserId, at],
    );
    return (r.rowCount ?? 0) > 0;
  }

  async joinCount(db: Db, recommenderId: number): Promise<number> {
    const r = await db.query(`SELECT count(*)::int AS n FROM ${this.s}.referral_joins WHERE recommender_id = $1`, [
      recommenderId,
    ]);
    return Number(r.rows[0].n);
  }

  /** True when this threshold had not been rewarded yet. */
  async claimReward(db: Db, recommenderId: number, threshold: number, itemId: number, at: Date): Promise<boolean> {
    const r = await db.query(
      `INSERT INTO ${this.s}.referral_rewards (recommender_id, threshold, item_id, granted_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT DO NOTHING`,
      [recommenderId, threshold, itemId, at],
    );
    return (r.rowCount ?? 0) > 0;
  }

  async setRewardPass(db: Db, recommenderId: number, threshold: number, passId: number): Promise<void> {
    await db.query(`UPDATE ${this.s}.referral_rewards SET pass_id = $3 WHERE recommender_id = $1 AND threshold = $2`, [
      recommenderId,
      threshold,
      passId,
    ]);
  }

  async rewards(db: Db, recommenderId: number): Promise<{ threshold: number; grantedAt: Date }[]> {
    const r = await db.query(
      `SELECT threshold, granted_at FROM ${this.s}.referral_rewards WHERE recommender_id = $1 ORDER BY threshold`,
      [recommenderId],
    );
    return r.rows.map((x: Row) => ({ threshold: Number(x.threshold), grantedAt: new Date(x.granted_at as string) }));
  }

  /** True when this member had no legacy grant yet. */
  async claimLegacy(db: Db, userId: number, remainingDays: number, bonusMonths: number, at: Date): Promise<boolean> {
    const r = await db.query(
      `INSERT INTO ${this.s}.legacy_grants (user_id, remaining_days, bonus_months, granted_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT DO NOTHING`,
      [userId, remainingDays, bonusMonths, at],
    );
    return (r.rowCount ?? 0) > 0;
  }

  async setLegacyPass(db: Db, userId: number, passId: number): Promise<void> {
    await db.query(`UPDATE ${this.s}.legacy_grants SET pass_id = $2 WHERE user_id = $1`, [userId, passId]);
  }
}
