// Payments: what the provider says of an order (one row an order), and its refund.
import type { ProviderStatus } from '../domain/status';
import { Repository, type Db } from './db';
import { paymentOf, type Payment } from './rows';

export class PaymentRepository extends Repository {
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
