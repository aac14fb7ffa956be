// Subscriptions: the first month charged on the billing key the member registered at the
// provider, the ready record before it, the mobile redirect's completion, and auto-renewal off
// (the paid days stay) and on again.
import { withTransaction, type Logger, type Pool, type PoolClient } from '@syn/kit';
import { BILLING_MESSAGES as M } from '@syn/kit/rules';
import { conflict, invalid, notFound, paymentFailed } from '../domain/errors';
import { amountOf, customerUidOf, itemIdOfPlan, SUBSCRIPTION_ITEM_ID, type Product } from '../domain/catalogue';
import type { Clock } from '../domain/clock';
import type { PaymentProvider, ProviderPayment } from '../domain/provider';
import type { BillingRepositories } from '../store/repositories';
import type { Order, Pass, Subscription } from '../store/rows';
import { serviceEnd, unscheduleQuietly } from './shared';
import type { GrantResult, PaymentVerification } from './verify';

export interface SubscriptionDeps {
  pool: Pool;
  store: Pick<BillingRepositories, 'products' | 'orders' | 'passes' | 'subscriptions' | 'members' | 'billingKeys'>;
  provider: Pick<PaymentProvider, 'getBillingKey' | 'chargeAgain' | 'findByMerchantUid' | 'unschedule'>;
  verify: Pick<PaymentVerification, 'complete' | 'applyProviderPayment'>;
  clock: Clock;
  log: Logger;
  /** customer_uid = prefix_itemId_userId (spec §7.4). */
  customerPrefix: string;
}

export class Subscriptions {
  constructor(private readonly d: SubscriptionDeps) {}

  customerUidOf(itemId: number, userId: number): string {
    return customerUidOf(this.d.customerPrefix, itemId, userId);
  }

  /** The plan's product and the member's billing key id for it; a customer_uid given must be that one. */
  private async subscriptionPlan(userId: number, plan: string, givenCustomerUid?: string) {
    const itemId = itemIdOfPlan(plan);
    const product = itemId === null ? null : await this.d.store.products.product(this.d.pool, itemId);
    if (!product) throw notFound(M.productNotFound);
    const customerUid = this.customerUidOf(product.itemId, userId);
    if (givenCustomerUid && givenCustomerUid !== customerUid) throw invalid(M.orderRequired);
    return { product, customerUid };
  }

  /** `/subscribe/{product}-billings`: the billing key is at the provider; charge the first month. */
  async subscribe(
    userId: number,
    plan: string,
    input: { merchantUid: string; customerUid?: string },
  ): Promise<GrantResult> {
    const { product, customerUid } = await this.subscriptionPlan(userId, plan, input.customerUid);
    const existing = await this.d.store.orders.orderByMerchant(this.d.pool, input.merchantUid);
    if (existing) {
      if (existing.userId !== userId) throw notFound(M.paymentNotFound);
      if (existing.status === 'SUCCESS') return this.d.verify.complete({ merchantUid: existing.merchantUid, userId });
    }
    if (await this.d.store.passes.currentPass(this.d.pool, userId)) throw conflict(M.passInUse);
    const key = await this.d.provider.getBillingKey(customerUid);
    if (!key) throw paymentFailed(M.recurringUnavailable);
    const amount = amountOf(product);
    const now = this.d.clock.now();
    const sub = await withTransaction(this.d.pool, async (tx) => {
      await this.d.store.members.lockUser(tx, userId);
      const { sub: s, order } = await this.openFirstMonth(tx, userId, customerUid, product, input.merchantUid, now);
      if (!order && !existing) throw conflict(M.orderRequired);
      return s;
    });
    let pp: ProviderPayment | null;
    try {
      pp = await this.d.provider.chargeAgain({
        customerUid,
        merchantUid: input.merchantUid,
        amount,
        name: product.name,
      });
    } catch (err) {
      // e.g. "already paid" after a retried request: the provider's record decides.
      pp = await this.d.provider.findByMerchantUid(input.merchantUid).catch(() => null);
      if (!pp) {
        this.d.log.warn({ err, customerUid }, 'first subscription charge failed');
        await this.failSubscription(sub.subscriptionId);
        throw paymentFailed(M.recurringUnavailable);
      }
    }
    const result = await this.d.verify.applyProviderPayment(pp);
    if (result.outcome !== 'granted' && result.outcome !== 'already') {
      await this.failSubscription(sub.subscriptionId);
      throw paymentFailed(M.paymentFailed);
    }
    return result;
  }

  /**
   * The mobile redirect (`GET /subscribe/{product}-billings`): completes, exactly as the POST
   * completion does, a subscription payment that already exists at the provider for this member's
   * order. It never charges the stored card: a link on another site makes the browser send a GET
   * with the member's cookie (SameSite=Lax), so only the POST, behind the gateway's origin check, charges.
   */
  async verifySubscription(
    userId: number,
    plan: string,
    input: { merchantUid: string; customerUid?: string },
  ): Promise<GrantResult> {
    await this.subscriptionPlan(userId, plan, input.customerUid);
    const order = await this.d.store.orders.orderByMerchant(this.d.pool, input.merchantUid);
    if (!order || order.userId !== userId || order.kind !== 'SUBSCRIBE') throw notFound(M.paymentNotFound);
    return this.d.verify.complete({ merchantUid: order.merchantUid, userId });
  }

  /** Spec "ready record" of a subscription (`/subscribe/payments/initializeDatabase`), before the key is issued. */
  async prepareSubscription(userId: number, plan: string, merchantUid: string): Promise<Order> {
    const itemId = itemIdOfPlan(plan);
    const product = itemId === null ? null : await this.d.store.products.product(this.d.pool, itemId);
    if (!product) throw notFound(M.productNotFound);
    if (await this.d.store.passes.currentPass(this.d.pool, userId)) throw conflict(M.passInUse);
    const customerUid = this.customerUidOf(product.itemId, userId);
    const now = this.d.clock.now();
    return withTransaction(this.d.pool, async (tx) => {
      await this.d.store.members.lockUser(tx, userId);
      const existing = await this.d.store.orders.orderByMerchant(tx, merchantUid);
      if (existing) {
        if (existing.userId !== userId) throw notFound(M.paymentNotFound);
        return existing;
      }
      return (await this.openFirstMonth(tx, userId, customerUid, product, merchantUid, now)).order!;
    });
  }

  /**
   * Under the member's lock: the plan's live subscription (a new STANDBY one when there is none)
   * and the STANDBY order of its first month (null when the merchant_uid exists). A subscription
   * already renewing refuses: the member has the plan.
   */
  private async openFirstMonth(
    tx: PoolClient,
    userId: number,
    customerUid: string,
    product: Product,
    merchantUid: string,
    now: Date,
  ): Promise<{ sub: Subscription; order: Order | null }> {
    const live = await this.d.store.subscriptions.liveSubscription(tx, customerUid, true);
    if (live?.status === 'START') throw conflict(M.passInUse);
    const sub =
      live ??
      (await this.d.store.subscriptions.insertSubscription(tx, {
        customerUid,
        userId,
        itemId: product.itemId,
        at: now,
      }));
    const order = await this.d.store.orders.insertOrder(tx, {
      merchantUid,
      userId,
      itemId: product.itemId,
      name: product.name,
      amount: amountOf(product),
      kind: 'SUBSCRIBE',
      status: 'STANDBY',
      subscriptionId: sub.subscriptionId,
      at: now,
    });
    return { sub, order };
  }

  private async failSubscription(id: number): Promise<void> {
    await this.d.store.subscriptions.setSubscription(this.d.pool, id, {
      status: 'FAIL',
      nextChargeAt: null,
      at: this.d.clock.now(),
    });
  }

  /** Stops auto-billing; the pass runs to its end date. `userId` undefined = administrator. */
  async cancelSubscription(
    customerUid: string,
    reason: string | undefined,
    userId?: number,
  ): Promise<{ sub: Subscription; pass: Pass | null }> {
    const result = await withTransaction(this.d.pool, async (tx) => {
      const sub = await this.d.store.subscriptions.liveSubscription(tx, customerUid, true);
      if (!sub || (userId !== undefined && sub.userId !== userId)) throw notFound(M.subscriptionNotFound);
      const now = this.d.clock.now();
      await this.d.store.subscriptions.setSubscription(tx, sub.subscriptionId, {
        status: 'CANCEL',
        nextChargeAt: null,
        cancelReason: reason ?? null,
        cancelledAt: now,
        at: now,
      });
      const pass = sub.passId ? await this.d.store.passes.pass(tx, sub.passId) : null;
      return { sub: { ...sub, status: 'CANCEL' as const }, pass };
    });
    await unscheduleQuietly(this.d.provider, customerUid);
    return result;
  }

  /**
   * Stops the renewal (cancelSubscription) and says when the member's service ends: after the
   * subscription's pass and any days queued behind it (coupons), or null when it has no pass.
   */
  async stopRenewal(customerUid: string, reason: string | undefined, userId?: number): Promise<Date | null> {
    const { pass } = await this.cancelSubscription(customerUid, reason, userId);
    return pass ? serviceEnd(this.d.store, this.d.pool, pass.userId, pass.endDate) : null;
  }

  /**
   * Auto-renewal on again: the member's own subscription they stopped, while the month it paid for
   * still runs (a refund or a withdrawal ends that month, so neither comes back this way). The
   * billing key registered at PortOne charges again, first after every day the member already has
   * (coupon or reward days queued behind the month).
   */
  async resumeSubscription(userId: number): Promise<{ sub: Subscription; nextChargeAt: Date }> {
    const customerUid = this.customerUidOf(SUBSCRIPTION_ITEM_ID, userId);
    return withTransaction(this.d.pool, async (tx) => {
      await this.d.store.members.lockUser(tx, userId);
      const latest = await this.d.store.subscriptions.latestSubscription(tx, customerUid);
      if (!latest) throw notFound(M.subscriptionNotFound);
      const sub = (await this.d.store.subscriptions.subscription(tx, latest.subscriptionId, true))!;
      if (sub.status === 'START') throw conflict(M.autoRenewAlreadyOn);
      const now = this.d.clock.now();
      const pass = sub.passId ? await this.d.store.passes.pass(tx, sub.passId) : null;
      const running = pass !== null && (pass.status === 'START' || pass.status === 'STANDBY') && pass.endDate > now;
      if (
        sub.status !== 'CANCEL' ||
        !running ||
        (await this.d.store.billingKeys.billingKeyDeletionRequested(tx, customerUid))
      ) {
        throw conflict(M.autoRenewUnavailable);
      }
      const latestEnd = (await this.d.store.passes.livePasses(tx, userId))[0]?.endDate;
      const nextChargeAt = latestEnd && latestEnd > pass.endDate ? latestEnd : pass.endDate;
      await this.d.store.subscriptions.setSubscription(tx, sub.subscriptionId, {
        // retryCount stays: renewal merchant_uids count attempts, and an earlier attempt's must not be reused.
        status: 'START',
        nextChargeAt,
        cancelReason: null,
        cancelledAt: null,
        at: now,
      });
      return { sub: { ...sub, status: 'START' as const, nextChargeAt }, nextChargeAt };
    });
  }

  private async unscheduleQuietly(customerUid: string): Promise<void> {
    // We renew with `again`, not provider schedules; this only clears any left at the provider.
    await this.d.provider.unschedule(customerUid).catch(() => undefined);
  }

  async subscriptionInfo(customerUid: string): Promise<{ sub: Subscription; pass: Pass | null } | null> {
    const sub = await this.d.store.subscriptions.latestSubscription(this.d.pool, customerUid);
    if (!sub) return null;
    return { sub, pass: sub.passId ? await this.d.store.passes.pass(this.d.pool, sub.passId) : null };
  }

  /** The latest paid order of a subscription (admin cancel by customer_uid). */
  async latestPaidMerchantUid(customerUid: string): Promise<string | null> {
    return this.d.store.orders.latestPaidMerchantUid(this.d.pool, customerUid);
  }
}
