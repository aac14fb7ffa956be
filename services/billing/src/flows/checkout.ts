// The one-off checkout: an order at our price, the browser's failure report, and the pass the
// paid order granted (verified once more when the browser is ahead of the provider).
import { withTransaction, type Logger, type Pool } from '@syn/kit';
import { BILLING_MESSAGES as M } from '@syn/kit/rules';
import { conflict, invalid, notFound, paymentFailed } from '../domain/errors';
import { amountOf } from '../domain/catalogue';
import { chargeOf } from '../domain/charge';
import type { Clock } from '../domain/clock';
import type { PaymentProvider } from '../domain/provider';
import type { BillingRepositories } from '../store/repositories';
import type { Order, Pass } from '../store/rows';
import { newMerchantUid } from './shared';
import type { PaymentVerification } from './verify';

export interface CheckoutDeps {
  pool: Pool;
  store: Pick<BillingRepositories, 'products' | 'orders' | 'payments' | 'passes'>;
  provider: Pick<PaymentProvider, 'prepare' | 'getPayment'>;
  verify: Pick<PaymentVerification, 'complete' | 'applyProviderPayment'>;
  clock: Clock;
  log: Logger;
}

export class Checkout {
  constructor(private readonly d: CheckoutDeps) {}

  /** A ready (STANDBY) order; the amount is ours, registered with the provider (prepare). */
  async createOrder(
    userId: number,
    input: { itemId: number; amount?: number; pg?: string; payMethod?: string },
  ): Promise<Order> {
    const product = await this.d.store.products.product(this.d.pool, input.itemId);
    if (!product || !product.purchasable) throw invalid(M.productNotFound);
    const amount = amountOf(product);
    if (input.amount !== undefined && input.amount !== amount) {
      this.d.log.warn(
        { userId, itemId: input.itemId, sent: input.amount, amount },
        'order create with a wrong amount refused',
      );
      throw invalid(M.amountMismatch);
    }
    if (await this.d.store.passes.currentPass(this.d.pool, userId)) throw conflict(M.passInUse);
    const merchantUid = newMerchantUid('ord');
    const order = await this.d.store.orders.insertOrder(this.d.pool, {
      merchantUid,
      userId,
      itemId: product.itemId,
      name: product.name,
      amount,
      kind: 'ONEOFF',
      status: 'STANDBY',
      pg: input.pg ?? null,
      payMethod: input.payMethod ?? null,
      at: this.d.clock.now(),
    });
    // Registered in what the checkout charges (US dollars for the international wallet).
    await this.d.provider.prepare(merchantUid, chargeOf(order!).amount).catch((err: unknown) => {
      // The server-side amount check still guards; prepare only stops a tampered checkout earlier.
      this.d.log.warn({ err, merchantUid }, 'provider prepare failed');
    });
    return order!;
  }

  /**
   * The browser reports a failure: recorded unless the provider says it was paid after all. Its
   * imp_uid is kept only when the provider confirms it is this order's: imp_uid is unique, so an
   * unverified one could squat another member's payment and block that payment's completion.
   */
  async fail(userId: number, input: { impUid?: string; merchantUid: string; message: string }): Promise<Order> {
    const order = await this.d.store.orders.orderByMerchant(this.d.pool, input.merchantUid);
    if (!order || order.userId !== userId) throw notFound(M.paymentNotFound);
    let verifiedImpUid: string | null = null;
    if (input.impUid) {
      const pp = await this.d.provider.getPayment(input.impUid).catch(() => null);
      if (pp && pp.merchantUid === order.merchantUid) {
        if (pp.status === 'paid') return (await this.d.verify.applyProviderPayment(pp)).order;
        verifiedImpUid = pp.impUid;
      } else if (pp) {
        this.d.log.warn(
          { merchantUid: order.merchantUid, impUid: input.impUid, providerMerchantUid: pp.merchantUid, userId },
          'failure reported with the imp_uid of another order: not stored',
        );
      }
    }
    return withTransaction(this.d.pool, async (tx) => {
      const locked = (await this.d.store.orders.orderByMerchant(tx, input.merchantUid, true))!;
      if (locked.status !== 'STANDBY') return locked;
      const now = this.d.clock.now();
      await this.d.store.payments.upsertPayment(tx, locked.orderId, {
        impUid: verifiedImpUid,
        status: 'failed',
        amount: locked.amount,
        failReason: input.message,
        at: now,
      });
      await this.d.store.orders.setOrder(tx, locked.orderId, { status: 'FAIL', at: now });
      return { ...locked, status: 'FAIL' as const };
    });
  }

  /** Spec "mark usage successful": the order's pass is in use (a queued one says STANDBY). */
  async usedSuccess(userId: number, merchantUid: string): Promise<Pass> {
    const order = await this.d.store.orders.orderByMerchant(this.d.pool, merchantUid);
    if (!order || order.userId !== userId) throw notFound(M.paymentNotFound);
    if (order.status !== 'SUCCESS') {
      // The browser may be ahead of the provider's answer: verify once more.
      const r = await this.d.verify.complete({ merchantUid, userId });
      if (r.outcome !== 'granted' && r.outcome !== 'already') throw paymentFailed(M.paymentFailed);
    }
    const fresh = (await this.d.store.orders.orderByMerchant(this.d.pool, merchantUid))!;
    const pass = fresh.passId ? await this.d.store.passes.pass(this.d.pool, fresh.passId) : null;
    if (!pass) throw notFound(M.paymentNotFound);
    return pass;
  }
}
