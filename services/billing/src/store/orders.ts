// Orders: one a checkout, a subscription charge, a renewal or an administrator's grant; with
// their payment and pass for the history screens.
import { CHECKOUT_EXPIRED, type OrderState, type PassState } from '../domain/status';
import { Repository, scopeArgs, scopeSql, type Db, type UserScope } from './db';
import { orderOf, paymentOf, type Order, type OrderKind, type Payment } from './rows';

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

/** An order joined with its payment and pass (member payment history, admin payment rows). */
export interface OrderView extends Order {
  payment: Payment | null;
  passStatus: PassState | null;
}

export class OrderRepository extends Repository {
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

  /** The latest paid order of a subscription (the administrator's cancel by customer_uid). */
  async latestPaidMerchantUid(db: Db, customerUid: string): Promise<string | null> {
    const r = await db.query(
      `SELECT o.merchant_uid FROM ${this.s}.orders o JOIN ${this.s}.subscriptions s ON s.subscription_id = o.subscription_id
        WHERE s.customer_uid = $1 AND o.status = 'SUCCESS' ORDER BY o.created_at DESC, o.order_id DESC LIMIT 1`,
      [customerUid],
    );
    return r.rows[0] ? String(r.rows[0].merchant_uid) : null;
  }
}
