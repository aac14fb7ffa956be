// Repositories over schema `billing`. Every function takes the client to run on, so
// callers compose them inside one transaction.
import type { Pool, PoolClient } from '@syn/kit';
import { assertSchemaName } from '@syn/kit';
import type { Product } from '../domain/catalogue';
import {
  CHECKOUT_EXPIRED,
  type OrderState,
  type PassState,
  type ProviderStatus,
  type SubscriptionState,
} from '../domain/status';
import {
  orderOf,
  passOf,
  paymentOf,
  productOf,
  subscriptionOf,
  type Order,
  type OrderKind,
  type Pass,
  type Payment,
  type Subscription,
} from './rows';

export type Db = Pool | PoolClient;

export interface NewOrder {
  merchantUid: string;
  userId: number;
  itemId: number;
  name: string;
  amount: number;
  kind: OrderKind;
  status: OrderState;
  pg?: string | null;
  payMethod?: string | null;
  subscriptionId?: number | null;
  passId?: number | null;
  at: Date;
}

export interface NewPass {
  userId: number;
  itemId: number;
  orderId: number;
  subscriptionId: number | null;
  status: PassState;
  startDate: Date;
  endDate: Date;
  at: Date;
}

/** A pass joined with its product name and first order's merchant_uid (spec "used item"). */
export interface PassView extends Pass {
  name: string;
  merchantUid: string;
}

/** An order joined with its payment and pass (member payment history, admin payment rows). */
export interface OrderView extends Order {
  payment: Payment | null;
  passStatus: PassState | null;
}

export class BillingStore {
  readonly s: string;
  constructor(schema: string) {
    this.s = assertSchemaName(schema);
  }

  async products(db: Db): Promise<Product[]> {
    const r = await db.query(`SELECT * FROM ${this.s}.products ORDER BY item_id`);
    return r.rows.map(productOf);
  }

  async product(db: Db, itemId: number): Promise<Product | null> {
    const r = await db.query(`SELECT * FROM ${this.s}.products WHERE item_id = $1`, [itemId]);
    return r.rows[0] ? productOf(r.rows[0]) : null;
  }

  /** Inserts an order; null when the merchant_uid already exists. */
  async insertOrder(db: Db, o: NewOrder): Promise<Order | null> {
    const r = await db.query(
      `INSERT INTO ${this.s}.orders (merchant_uid, user_id, item_id, name, amount, kind, status, pg, pay_method, subscription_id, pass_id, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12)
       ON CONFLICT (merchant_uid) DO NOTHING RETURNING *`,
      [
        o.merchantUid,
        o.userId,
        o.itemId,
        o.name,
        o.amount,
        o.kind,
        o.status,
        o.pg ?? null,
        o.payMethod ?? null,
        o.subscriptionId ?? null,
        o.passId ?? null,
        o.at,
      ],
    );
    return r.rows[0] ? orderOf(r.rows[0]) : null;
  }

  async orderByMerchant(db: Db, merchantUid: string, lock = false): Promise<Order | null> {
    const r = await db.query(`SELECT * FROM ${this.s}.orders WHERE merchant_uid = $1${lock ? ' FOR UPDATE' : ''}`, [
      merchantUid,
    ]);
    return r.rows[0] ? orderOf(r.rows[0]) : null;
  }

  async setOrder(
    db: Db,
    orderId: number,
    f: { status: OrderState; at: Date; pg?: string | null; payMethod?: string | null; passId?: number | null },
  ): Promise<void> {
    await db.query(
      `UPDATE ${this.s}.orders SET status = $2, updated_at = $3, pg = COALESCE($4, pg), pay_method = COALESCE($5, pay_method),
              pass_id = COALESCE($6, pass_id) WHERE order_id = $1`,
      [orderId, f.status, f.at, f.pg ?? null, f.payMethod ?? null, f.passId ?? null],
    );
  }

  async payment(db: Db, orderId: number, lock = false): Promise<Payment | null> {
    const r = await db.query(`SELECT * FROM ${this.s}.payments WHERE order_id = $1${lock ? ' FOR UPDATE' : ''}`, [
      orderId,
    ]);
    return r.rows[0] ? paymentOf(r.rows[0]) : null;
  }

  async upsertPayment(
    db: Db,
    orderId: number,
    p: {
      impUid: string | null;
      status: ProviderStatus;
      amount: number;
      /** What the provider charged in; won when not given (our own failure records). */
      currency?: string | null;
      failReason?: string | null;
      paidAt?: Date | null;
      at: Date;
    },
  ): Promise<void> {
    await db.query(
      `INSERT INTO ${this.s}.payments (order_id, imp_uid, status, amount, currency, fail_reason, paid_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (order_id) DO UPDATE SET imp_uid = COALESCE(EXCLUDED.imp_uid, ${this.s}.payments.imp_uid), status = EXCLUDED.status,
         amount = EXCLUDED.amount, currency = EXCLUDED.currency, fail_reason = COALESCE(EXCLUDED.fail_reason, ${this.s}.payments.fail_reason), paid_at = COALESCE(EXCLUDED.paid_at, ${this.s}.payments.paid_at),
         updated_at = EXCLUDED.updated_at`,
      [
        orderId,
        p.impUid,
        p.status,
        p.amount,
        p.currency === undefined ? 'KRW' : p.currency,
        p.failReason ?? null,
        p.paidAt ?? null,
        p.at,
      ],
    );
  }

  /** Clears `impUid` from other orders' payment rows (the provider says it is `orderId`'s); their ids. */
  async releaseImpUid(db: Db, impUid: string, orderId: number): Promise<number[]> {
    const r = await db.query<{ order_id: number }>(
      `UPDATE ${this.s}.payments SET imp_uid = NULL WHERE imp_uid = $1 AND order_id <> $2 RETURNING order_id`,
      [impUid, orderId],
    );
    return r.rows.map((row) => row.order_id);
  }

  async markRefunded(db: Db, orderId: number, refundedAmount: number, reason: string, at: Date): Promise<void> {
    await db.query(
      `UPDATE ${this.s}.payments SET status = 'cancelled', refunded_amount = $2, refund_reason = $3, refunded_at = $4, updated_at = $4
        WHERE order_id = $1`,
      [orderId, refundedAmount, reason, at],
    );
  }

  async insertPass(db: Db, p: NewPass): Promise<Pass> {
    const r = await db.query(
      `INSERT INTO ${this.s}.passes (user_id, item_id, order_id, subscription_id, status, start_date, end_date, created_at, update_date)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8) RETURNING *`,
      [p.userId, p.itemId, p.orderId, p.subscriptionId, p.status, p.startDate, p.endDate, p.at],
    );
    return passOf(r.rows[0]);
  }

  async setPass(
    db: Db,
    passId: number,
    f: {
      status?: PassState;
      startDate?: Date;
      endDate?: Date;
      lockDate?: Date | null;
      subscriptionId?: number;
      at: Date;
    },
  ): Promise<Pass> {
    const r = await db.query(
      `UPDATE ${this.s}.passes SET status = COALESCE($2, status), start_date = COALESCE($3, start_date), end_date = COALESCE($4, end_date),
              lock_date = CASE WHEN $5::boolean THEN $6 ELSE lock_date END, subscription_id = COALESCE($7, subscription_id), update_date = $8
        WHERE pass_id = $1 RETURNING *`,
      [
        passId,
        f.status ?? null,
        f.startDate ?? null,
        f.endDate ?? null,
        f.lockDate !== undefined,
        f.lockDate ?? null,
        f.subscriptionId ?? null,
        f.at,
      ],
    );
    return passOf(r.rows[0]);
  }

  async pass(db: Db, passId: number, lock = false): Promise<Pass | null> {
    const r = await db.query(`SELECT * FROM ${this.s}.passes WHERE pass_id = $1${lock ? ' FOR UPDATE' : ''}`, [passId]);
    return r.rows[0] ? passOf(r.rows[0]) : null;
  }

  async passOfOrder(db: Db, orderId: number): Promise<Pass | null> {
    const r = await db.query(`SELECT * FROM ${this.s}.passes WHERE order_id = $1`, [orderId]);
    return r.rows[0] ? passOf(r.rows[0]) : null;
  }

  /** Passes that are in use or waiting (START, STANDBY), latest end first. */
  async livePasses(db: Db, userId: number): Promise<Pass[]> {
    const r = await db.query(
      `SELECT * FROM ${this.s}.passes WHERE user_id = $1 AND status IN ('START', 'STANDBY') ORDER BY end_date DESC`,
      [userId],
    );
    return r.rows.map(passOf);
  }

  /**
   * The latest end of the member's other passes that reach past `after` (queued coupon or reward
   * days, in use, waiting or already run out): a renewal's paid month starts there, never inside
   * days the member already has. Cancelled and locked passes gave no days.
   */
  async latestEndAfter(db: Db, userId: number, exceptPassId: number, after: Date): Promise<Date | null> {
    const r = await db.query(
      `SELECT max(end_date) AS end_date FROM ${this.s}.passes
        WHERE user_id = $1 AND pass_id <> $2 AND status IN ('START', 'STANDBY', 'EXPIRED') AND end_date > $3`,
      [userId, exceptPassId, after],
    );
    return r.rows[0]?.end_date ? new Date(r.rows[0].end_date as string | Date) : null;
  }

  /** Serialises grants and purchases of one user (two payments completing at once queue, not overlap). */
  async lockUser(db: PoolClient, userId: number): Promise<void> {
    await db.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`${this.s}:user:${userId}`]);
  }

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

  /**
   * Withdrawal ends the member's service: every live pass (in use, queued, paused) becomes EXPIRED
   * at that moment, so no screen goes on saying 사용중 for an account that is gone.
   */
  async endPassesOfUser(db: Db, userId: number, at: Date): Promise<Pass[]> {
    const r = await db.query(
      `UPDATE ${this.s}.passes
          SET status = 'EXPIRED', start_date = LEAST(start_date, $2), end_date = LEAST(end_date, $2), update_date = $2
        WHERE user_id = $1 AND status IN ('START', 'STANDBY', 'LOCK') RETURNING *`,
      [userId, at],
    );
    return r.rows.map(passOf);
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

  async currentPass(db: Db, userId: number): Promise<PassView | null> {
    const r = await db.query(
      `SELECT p.*, pr.name, o.merchant_uid FROM ${this.s}.passes p
         JOIN ${this.s}.products pr ON pr.item_id = p.item_id JOIN ${this.s}.orders o ON o.order_id = p.order_id
        WHERE p.user_id = $1 AND p.status = 'START' ORDER BY p.end_date DESC LIMIT 1`,
      [userId],
    );
    return r.rows[0]
      ? { ...passOf(r.rows[0]), name: String(r.rows[0].name), merchantUid: String(r.rows[0].merchant_uid) }
      : null;
  }

  async passesOfUser(
    db: Db,
    userId: number,
    limit: number,
    offset: number,
  ): Promise<{ total: number; rows: PassView[] }> {
    const [c, r] = await Promise.all([
      db.query(`SELECT count(*)::int AS n FROM ${this.s}.passes WHERE user_id = $1`, [userId]),
      db.query(
        `SELECT p.*, pr.name, o.merchant_uid FROM ${this.s}.passes p
           JOIN ${this.s}.products pr ON pr.item_id = p.item_id JOIN ${this.s}.orders o ON o.order_id = p.order_id
          WHERE p.user_id = $1 ORDER BY p.start_date DESC, p.pass_id DESC LIMIT $2 OFFSET $3`,
        [userId, limit, offset],
      ),
    ]);
    return {
      total: Number(c.rows[0].n),
      rows: r.rows.map((x) => ({ ...passOf(x), name: String(x.name), merchantUid: String(x.merchant_uid) })),
    };
  }

  /** Orders with their payment and pass, newest first; `where` filters on o/pay columns. */
  async orders(
    db: Db,
    filter: {
      userId?: number;
      userIds?: number[];
      merchantUid?: string;
      productName?: string;
      withPaymentOnly?: boolean;
      withoutExpiredCheckouts?: boolean;
    },
    limit: number,
    offset: number,
  ): Promise<{ total: number; rows: OrderView[] }> {
    const cond: string[] = [];
    const args: unknown[] = [];
    if (filter.userId !== undefined) cond.push(`o.user_id = $${args.push(filter.userId)}`);
    if (filter.userIds !== undefined) cond.push(`o.user_id = ANY($${args.push(filter.userIds)}::int[])`);
    if (filter.merchantUid !== undefined) cond.push(`o.merchant_uid = $${args.push(filter.merchantUid)}`);
    if (filter.productName !== undefined) cond.push(`o.name ILIKE '%' || $${args.push(filter.productName)} || '%'`);
    if (filter.withPaymentOnly) cond.push(`o.kind <> 'ADMIN'`);
    // A checkout that expired unpaid is no payment of the member's: kept for the administrator only.
    if (filter.withoutExpiredCheckouts)
      cond.push(
        `NOT (o.status = 'FAIL' AND pay.status = 'failed' AND pay.fail_reason = $${args.push(CHECKOUT_EXPIRED)})`,
      );
    const where = cond.length ? `WHERE ${cond.join(' AND ')}` : '';
    const from = `${this.s}.orders o LEFT JOIN ${this.s}.payments pay ON pay.order_id = o.order_id
                  LEFT JOIN ${this.s}.passes ps ON ps.pass_id = o.pass_id`;
    const [c, r] = await Promise.all([
      db.query(`SELECT count(*)::int AS n FROM ${from} ${where}`, args),
      db.query(
        `SELECT o.*, ps.status AS pass_status, pay.order_id AS pay_order_id, pay.imp_uid, pay.status AS pay_status, pay.amount AS pay_amount, pay.currency AS pay_currency,
                pay.refunded_amount, pay.fail_reason, pay.refund_reason, pay.paid_at, pay.refunded_at, pay.updated_at AS pay_updated_at
           FROM ${from} ${where} ORDER BY o.created_at DESC, o.order_id DESC LIMIT $${args.length + 1} OFFSET $${args.length + 2}`,
        [...args, limit, offset],
      ),
    ]);
    return {
      total: Number(c.rows[0].n),
      rows: r.rows.map((x) => ({
        ...orderOf(x),
        passStatus: x.pass_status === null ? null : (String(x.pass_status) as PassState),
        payment:
          x.pay_order_id === null
            ? null
            : paymentOf({
                ...x,
                order_id: x.pay_order_id,
                status: x.pay_status,
                amount: x.pay_amount,
                currency: x.pay_currency,
                updated_at: x.pay_updated_at,
              }),
      })),
    };
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

  /**
   * Passes past their end that no live subscription will renew, locked. A pass of a
   * START subscription waits for its renewal (or its final decline, which locks it), unless it is
   * no longer the subscription's pass (a renewal after queued days starts a new one) or another
   * pass carries the member meanwhile (a coupon used while subscribed pushed the renewal back).
   */
  async claimExpiredPasses(db: PoolClient, now: Date, limit: number, scope?: UserScope): Promise<Pass[]> {
    const r = await db.query(
      `SELECT p.* FROM ${this.s}.passes p LEFT JOIN ${this.s}.subscriptions s ON s.subscription_id = p.subscription_id
        WHERE p.status = 'START' AND p.end_date <= $1
          AND (s.subscription_id IS NULL OR s.status <> 'START' OR s.pass_id IS DISTINCT FROM p.pass_id
               OR EXISTS (SELECT 1 FROM ${this.s}.passes q WHERE q.user_id = p.user_id AND q.pass_id <> p.pass_id
                             AND q.status = 'START' AND q.start_date <= $1 AND q.end_date > $1)) ${scopeSql(scope, 3, 'p.')}
        ORDER BY p.end_date LIMIT $2 FOR UPDATE OF p SKIP LOCKED`,
      [now, limit, ...scopeArgs(scope)],
    );
    return r.rows.map(passOf);
  }

  async claimStartingPasses(db: PoolClient, now: Date, limit: number, scope?: UserScope): Promise<Pass[]> {
    const r = await db.query(
      `SELECT * FROM ${this.s}.passes WHERE status = 'STANDBY' AND start_date <= $1 ${scopeSql(scope, 3)}
        ORDER BY start_date LIMIT $2 FOR UPDATE SKIP LOCKED`,
      [now, limit, ...scopeArgs(scope)],
    );
    return r.rows.map(passOf);
  }

  /**
   * Checkouts (one-off and first subscription orders) still waiting since before `before`: the
   * member closed the payment window or never came back. Oldest first; not locked (the flow
   * re-checks each under its row lock).
   */
  async abandonedCheckouts(db: Db, before: Date, limit: number, scope?: UserScope): Promise<string[]> {
    const r = await db.query<{ merchant_uid: string }>(
      `SELECT merchant_uid FROM ${this.s}.orders
        WHERE status = 'STANDBY' AND kind IN ('ONEOFF', 'SUBSCRIBE') AND created_at < $1 ${scopeSql(scope, 3)}
        ORDER BY created_at LIMIT $2`,
      [before, limit, ...scopeArgs(scope)],
    );
    return r.rows.map((row) => row.merchant_uid);
  }

  /** Our payments created in [from, to) that reached the provider (reconciliation). */
  async paymentsBetween(db: Db, from: Date, to: Date): Promise<(Payment & { merchantUid: string })[]> {
    const r = await db.query(
      `SELECT pay.*, o.merchant_uid FROM ${this.s}.payments pay JOIN ${this.s}.orders o ON o.order_id = pay.order_id
        WHERE o.created_at >= $1 AND o.created_at < $2 ORDER BY o.order_id`,
      [from, to],
    );
    return r.rows.map((x) => ({ ...paymentOf(x), merchantUid: String(x.merchant_uid) }));
  }
}

/** Restricts jobs to a user id range (tests sharing one database). */
export interface UserScope {
  userIdFrom: number;
  userIdTo: number;
}
function scopeSql(scope: UserScope | undefined, firstArg: number, alias = ''): string {
  return scope ? `AND ${alias}user_id BETWEEN $${firstArg} AND $${firstArg + 1}` : '';
}
function scopeArgs(scope: UserScope | undefined): number[] {
  return scope ? [scope.userIdFrom, scope.userIdTo] : [];
}
