// Verification: what the provider says of one of our orders decides it, never the browser. A paid
// payment of the order's exact amount and currency grants once (a new pass, or a renewal's longer
// one); a wrong amount or currency grants nothing and the money goes back; a failure is recorded.
import { withTransaction, type Logger, type Pool, type PoolClient } from '@syn/kit';
import { BILLING_MESSAGES as M } from '@syn/kit/rules';
import { invalid, notFound } from '../domain/errors';
import { periodEnd } from '../domain/catalogue';
import { chargeOf } from '../domain/charge';
import type { Clock } from '../domain/clock';
import type { PaymentProvider, ProviderPayment } from '../domain/provider';
import { passChanged, paymentCompleted, type EventSink } from '../events/publish';
import type { BillingRepositories } from '../store/repositories';
import type { Order, Pass } from '../store/rows';
import { passOfOrder, startOrQueuePass } from './shared';

export interface VerifyDeps {
  pool: Pool;
  store: Pick<BillingRepositories, 'orders' | 'payments' | 'passes' | 'products' | 'subscriptions' | 'members'>;
  sink: EventSink;
  provider: Pick<PaymentProvider, 'getPayment' | 'findByMerchantUid' | 'cancel'>;
  clock: Clock;
  log: Logger;
}

export type GrantOutcome = 'granted' | 'already' | 'failed' | 'forged' | 'pending' | 'cancelled';

export interface GrantResult {
  outcome: GrantOutcome;
  order: Order;
  pass: Pass | null;
  failReason: string | null;
}

/** `3800원`, `4 USD`: how failure reasons state an amount. */
const money = (amount: number, currency: string) => (currency === 'KRW' ? `${amount}원` : `${amount} ${currency}`);

const FORGED_REFUND_REASON = '결제 금액 불일치로 인한 자동 취소';

export class PaymentVerification {
  constructor(private readonly d: VerifyDeps) {}

  /**
   * Verifies a payment with the provider and grants once. `userId` (the caller) must own
   * the order; the webhook passes none. Never trusts the browser's amount or status.
   */
  async complete(input: { impUid?: string; merchantUid: string; userId?: number }): Promise<GrantResult> {
    const known = await this.d.store.orders.orderByMerchant(this.d.pool, input.merchantUid);
    if (!known || (input.userId !== undefined && known.userId !== input.userId)) throw notFound(M.paymentNotFound);
    if (known.status === 'SUCCESS') {
      return {
        outcome: 'already',
        order: known,
        pass: await this.d.store.passes.passOfOrder(this.d.pool, known.orderId),
        failReason: null,
      };
    }
    const pp = input.impUid
      ? await this.d.provider.getPayment(input.impUid)
      : await this.d.provider.findByMerchantUid(input.merchantUid);
    if (!pp) throw notFound(M.paymentNotFound);
    if (pp.merchantUid !== input.merchantUid) {
      this.d.log.warn(
        { merchantUid: input.merchantUid, impUid: input.impUid, providerMerchantUid: pp.merchantUid },
        'imp_uid of another order',
      );
      throw invalid(M.orderRequired);
    }
    return this.applyProviderPayment(pp);
  }

  /** Applies what the provider says about one of our orders, idempotently. */
  async applyProviderPayment(pp: ProviderPayment): Promise<GrantResult> {
    const result = await withTransaction(this.d.pool, (tx) => this.applyInTx(tx, pp, this.d.clock.now()));
    if (result.outcome === 'forged') await this.refundForged(result.order, pp);
    return result;
  }

  /** applyProviderPayment inside the caller's transaction (a renewal holds its subscription row). */
  async applyInTx(tx: PoolClient, pp: ProviderPayment, now: Date): Promise<GrantResult> {
    const order = await this.d.store.orders.orderByMerchant(tx, pp.merchantUid, true);
    if (!order) throw notFound(M.paymentNotFound);
    if (order.status === 'SUCCESS' || order.status === 'CANCEL') {
      return { outcome: 'already', order, pass: await passOfOrder(this.d.store, tx, order), failReason: null };
    }
    // The provider says this payment is this order's, so another order's row naming its imp_uid
    // (an unverified failure report stored before) is wrong; left there it would fail the unique key
    // and the member would have paid for nothing.
    const squatted = await this.d.store.payments.releaseImpUid(tx, pp.impUid, order.orderId);
    if (squatted.length > 0)
      this.d.log.warn(
        { merchantUid: order.merchantUid, impUid: pp.impUid, otherOrderIds: squatted },
        'imp_uid held by another order released',
      );
    const record = (status: ProviderPayment['status'], failReason: string | null) =>
      this.d.store.payments.upsertPayment(tx, order.orderId, {
        impUid: pp.impUid,
        status,
        amount: pp.amount,
        currency: pp.currency,
        failReason,
        paidAt: pp.paidAt,
        at: now,
      });
    if (pp.status === 'paid' || pp.status === 'cancelled') {
      // Amount and currency both: the same number in another currency is another amount, and a
      // payment whose currency the provider does not state is refused too (fail closed).
      const expected = chargeOf(order);
      const currencyOk = pp.currency === expected.currency;
      if (pp.amount !== expected.amount || !currencyOk) {
        const paid = money(pp.amount, pp.currency ?? '(통화 없음)');
        const reason = `결제 ${currencyOk ? '금액' : '통화'} 불일치: 주문 ${money(expected.amount, expected.currency)}, 결제 ${paid}`;
        this.d.log.warn(
          {
            merchantUid: order.merchantUid,
            impUid: pp.impUid,
            userId: order.userId,
            expected: expected.amount,
            paid: pp.amount,
            expectedCurrency: expected.currency,
            currency: pp.currency,
          },
          currencyOk ? 'tampered payment amount: nothing granted' : 'payment currency mismatch: nothing granted',
        );
        await record(pp.status, reason);
        await this.d.store.orders.setOrder(tx, order.orderId, { status: 'FAIL', at: now });
        return { outcome: 'forged', order: { ...order, status: 'FAIL' }, pass: null, failReason: reason };
      }
    }
    if (pp.status === 'paid') {
      await record('paid', null);
      const pass = await this.grantInTx(tx, order, pp, now);
      return {
        outcome: 'granted',
        order: { ...order, status: 'SUCCESS', passId: pass.passId },
        pass,
        failReason: null,
      };
    }
    if (pp.status === 'failed' || pp.status === 'cancelled') {
      await record(pp.status, pp.failReason);
      await this.d.store.orders.setOrder(tx, order.orderId, { status: 'FAIL', at: now });
      return {
        outcome: pp.status === 'failed' ? 'failed' : 'cancelled',
        order: { ...order, status: 'FAIL' },
        pass: null,
        failReason: pp.failReason,
      };
    }
    await record('ready', null);
    return { outcome: 'pending', order, pass: null, failReason: null };
  }

  /** The order is paid and verified: a new pass, or (renewal) a longer one. */
  private async grantInTx(tx: PoolClient, order: Order, pp: ProviderPayment, now: Date): Promise<Pass> {
    const product = await this.d.store.products.product(tx, order.itemId);
    if (!product) throw new Error(`order ${order.merchantUid} names unknown item ${order.itemId}`);
    let pass: Pass;
    if (order.kind === 'RENEWAL' && order.passId) {
      const current = (await this.d.store.passes.pass(tx, order.passId, true))!;
      // Days the member already has after the paid period (a coupon used while subscribed) come
      // first: the paid month starts after them, as a pass of its own, so no day is paid twice.
      const queuedUntil = await this.d.store.passes.latestEndAfter(tx, order.userId, current.passId, current.endDate);
      if (queuedUntil) {
        pass = await this.d.store.passes.insertPass(tx, {
          userId: order.userId,
          itemId: order.itemId,
          orderId: order.orderId,
          subscriptionId: order.subscriptionId,
          status: queuedUntil > now ? 'STANDBY' : 'START',
          startDate: queuedUntil,
          endDate: periodEnd(queuedUntil, product),
          at: now,
        });
      } else {
        pass = await this.d.store.passes.setPass(tx, current.passId, {
          status: 'START',
          endDate: periodEnd(current.endDate, product),
          lockDate: null,
          at: now,
        });
      }
    } else {
      pass = await startOrQueuePass(this.d.store, tx, order, product, now);
    }
    await this.d.store.orders.setOrder(tx, order.orderId, {
      status: 'SUCCESS',
      at: now,
      pg: pp.pg,
      payMethod: pp.payMethod,
      passId: pass.passId,
    });
    if (order.subscriptionId) {
      const sub = (await this.d.store.subscriptions.subscription(tx, order.subscriptionId, true))!;
      await this.d.store.subscriptions.setSubscription(tx, sub.subscriptionId, {
        status: 'START',
        passId: pass.passId,
        cycle: sub.cycle + 1,
        retryCount: 0,
        nextChargeAt: pass.endDate,
        at: now,
      });
    }
    await paymentCompleted(
      tx,
      this.d.sink,
      // Won, as every statistic counts (verified: the provider charged exactly chargeOf(order)).
      { userId: order.userId, merchantUid: order.merchantUid, itemId: order.itemId, amount: order.amount },
      now,
    );
    await passChanged(tx, this.d.sink, pass, now);
    return pass;
  }

  /** Money that does not match the order goes back to the payer. */
  async refundForged(order: Order, pp: ProviderPayment): Promise<void> {
    const remaining = pp.amount - pp.cancelAmount;
    if (remaining <= 0) return;
    try {
      await this.d.provider.cancel({
        impUid: pp.impUid,
        amount: remaining,
        checksum: remaining,
        reason: FORGED_REFUND_REASON,
      });
      await this.d.store.payments.markRefunded(
        this.d.pool,
        order.orderId,
        remaining,
        FORGED_REFUND_REASON,
        this.d.clock.now(),
      );
    } catch (err) {
      this.d.log.error(
        { err, merchantUid: order.merchantUid },
        'refund of a tampered payment failed: reconcile by hand',
      );
    }
  }
}
