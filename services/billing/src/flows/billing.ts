// The billing rules at work: orders, verification against the provider, grants,
// refunds, subscriptions and the scheduled jobs. Handlers call these; these call
// the store (inside transactions) and the provider (outside them, except where a
// row lock must cover the provider call).
import {
  HttpError,
  badRequest,
  conflict,
  notFound,
  withTransaction,
  type Logger,
  type Pool,
  type PoolClient,
} from '@syn/kit';
import { BILLING_MESSAGES as M } from '@syn/kit/rules';
import { randomBytes } from 'node:crypto';
import {
  amountOf,
  customerUidOf,
  itemIdOfPlan,
  periodEnd,
  SUBSCRIPTION_ITEM_ID,
  type Product,
} from '../domain/catalogue';
import { DAY_MS, type Clock } from '../domain/clock';
import { CHECKOUT_EXPIRED } from '../domain/status';
import { chargeOf, wonOf } from '../domain/charge';
import { ProviderError, type PaymentProvider, type ProviderPayment } from '../domain/provider';
import { onRenewalDeclined, renewalMerchantUid } from '../domain/renewal';
import type { Mailer, UserDirectory } from '../domain/users';
import { passChanged, paymentCompleted, paymentRefunded, type EventSink } from '../events/publish';
import type { Order, Pass, Subscription } from '../store/rows';
import type { UserScope } from '../store/db';
import type { PassView } from '../store/passes';
import type { BillingRepositories } from '../store/repositories';
import { deferRenewalPast } from './deferRenewal';

export interface BillingOptions {
  pool: Pool;
  store: BillingRepositories;
  sink: EventSink;
  provider: PaymentProvider;
  users: UserDirectory;
  mailer: Mailer | null;
  clock: Clock;
  log: Logger;
  customerPrefix: string;
  retryDelaysMs: number[];
  /** Days after payment in which a member may cancel (and be refunded) by themselves. */
  memberRefundDays: number;
  /** How long a checkout may wait for its payment before it expires (the payment window was closed). */
  checkoutTtlMs: number;
}

export type GrantOutcome = 'granted' | 'already' | 'failed' | 'forged' | 'pending' | 'cancelled';

export interface GrantResult {
  outcome: GrantOutcome;
  order: Order;
  pass: Pass | null;
  failReason: string | null;
}

export interface JobReport {
  /** Withdrawn members' billing keys deleted at the provider. */
  keysDeleted: number;
  renewed: number;
  declined: number;
  locked: number;
  expired: number;
  started: number;
  /** Checkouts found paid at the provider after all (granted) or expired unpaid. */
  checkoutsPaid: number;
  checkoutsExpired: number;
}

export const MEMBER_REFUND_REASON = '사용자 요청에 의한 환불';
/** `3800원`, `4 USD`: how failure reasons state an amount. */
const money = (amount: number, currency: string) => (currency === 'KRW' ? `${amount}원` : `${amount} ${currency}`);

const FORGED_REFUND_REASON = '결제 금액 불일치로 인한 자동 취소';

const failHttp = (message: string) => new HttpError(400, message, { code: 'fail' });

export class Billing {
  constructor(private readonly o: BillingOptions) {}

  private get store() {
    return this.o.store;
  }
  private now(): Date {
    return this.o.clock.now();
  }

  // --- catalogue and reads ------------------------------------------------------

  async products(): Promise<Product[]> {
    return this.store.products.products(this.o.pool);
  }

  async currentPass(userId: number): Promise<PassView | null> {
    return this.store.passes.currentPass(this.o.pool, userId);
  }

  /**
   * When the member's service ends: `from` (a subscription pass's end) or later, when passes
   * queued after it (a coupon used while subscribed) carry on.
   */
  async serviceEnd(userId: number, from: Date): Promise<Date> {
    const latest = (await this.store.passes.livePasses(this.o.pool, userId))[0]?.endDate;
    return latest && latest > from ? latest : from;
  }

  customerUidOf(itemId: number, userId: number): string {
    return customerUidOf(this.o.customerPrefix, itemId, userId);
  }

  // --- one-off payment ----------------------------------------------------------

  /** A ready (STANDBY) order; the amount is ours, registered with the provider (prepare). */
  async createOrder(
    userId: number,
    input: { itemId: number; amount?: number; pg?: string; payMethod?: string },
  ): Promise<Order> {
    const product = await this.store.products.product(this.o.pool, input.itemId);
    if (!product || !product.purchasable) throw badRequest(M.productNotFound);
    const amount = amountOf(product);
    if (input.amount !== undefined && input.amount !== amount) {
      this.o.log.warn(
        { userId, itemId: input.itemId, sent: input.amount, amount },
        'order create with a wrong amount refused',
      );
      throw badRequest(M.amountMismatch);
    }
    if (await this.store.passes.currentPass(this.o.pool, userId)) throw conflict(M.passInUse);
    const merchantUid = `ord_${Date.now().toString(36)}_${randomBytes(6).toString('hex')}`;
    const order = await this.store.orders.insertOrder(this.o.pool, {
      merchantUid,
      userId,
      itemId: product.itemId,
      name: product.name,
      amount,
      kind: 'ONEOFF',
      status: 'STANDBY',
      pg: input.pg ?? null,
      payMethod: input.payMethod ?? null,
      at: this.now(),
    });
    // Registered in what the checkout charges (US dollars for the international wallet).
    await this.o.provider.prepare(merchantUid, chargeOf(order!).amount).catch((err: unknown) => {
      // The server-side amount check still guards; prepare only stops a tampered checkout earlier.
      this.o.log.warn({ err, merchantUid }, 'provider prepare failed');
    });
    return order!;
  }

  /**
   * Verifies a payment with the provider and grants once. `userId` (the caller) must own
   * the order; the webhook passes none. Never trusts the browser's amount or status.
   */
  async complete(input: { impUid?: string; merchantUid: string; userId?: number }): Promise<GrantResult> {
    const known = await this.store.orders.orderByMerchant(this.o.pool, input.merchantUid);
    if (!known || (input.userId !== undefined && known.userId !== input.userId)) throw notFound(M.paymentNotFound);
    if (known.status === 'SUCCESS') {
      return {
        outcome: 'already',
        order: known,
        pass: await this.store.passes.passOfOrder(this.o.pool, known.orderId),
        failReason: null,
      };
    }
    const pp = input.impUid
      ? await this.o.provider.getPayment(input.impUid)
      : await this.o.provider.findByMerchantUid(input.merchantUid);
    if (!pp) throw notFound(M.paymentNotFound);
    if (pp.merchantUid !== input.merchantUid) {
      this.o.log.warn(
        { merchantUid: input.merchantUid, impUid: input.impUid, providerMerchantUid: pp.merchantUid },
        'imp_uid of another order',
      );
      throw badRequest(M.orderRequired);
    }
    return this.applyProviderPayment(pp);
  }

  /** Applies what the provider says about one of our orders, idempotently. */
  async applyProviderPayment(pp: ProviderPayment): Promise<GrantResult> {
    const result = await withTransaction(this.o.pool, (tx) => this.applyInTx(tx, pp, this.now()));
    if (result.outcome === 'forged') await this.refundForged(result.order, pp);
    return result;
  }

  private async applyInTx(tx: PoolClient, pp: ProviderPayment, now: Date): Promise<GrantResult> {
    const order = await this.store.orders.orderByMerchant(tx, pp.merchantUid, true);
    if (!order) throw notFound(M.paymentNotFound);
    if (order.status === 'SUCCESS' || order.status === 'CANCEL') {
      return { outcome: 'already', order, pass: await this.passOfOrder(tx, order), failReason: null };
    }
    // The provider says this payment is this order's, so another order's row naming its imp_uid
    // (an unverified failure report stored before) is wrong; left there it would fail the unique key
    // and the member would have paid for nothing.
    const squatted = await this.store.payments.releaseImpUid(tx, pp.impUid, order.orderId);
    if (squatted.length > 0)
      this.o.log.warn(
        { merchantUid: order.merchantUid, impUid: pp.impUid, otherOrderIds: squatted },
        'imp_uid held by another order released',
      );
    const record = (status: ProviderPayment['status'], failReason: string | null) =>
      this.store.payments.upsertPayment(tx, order.orderId, {
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
        this.o.log.warn(
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
        await this.store.orders.setOrder(tx, order.orderId, { status: 'FAIL', at: now });
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
      await this.store.orders.setOrder(tx, order.orderId, { status: 'FAIL', at: now });
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

  private async passOfOrder(db: PoolClient, order: Order): Promise<Pass | null> {
    return order.passId ? this.store.passes.pass(db, order.passId) : this.store.passes.passOfOrder(db, order.orderId);
  }

  /** The order is paid and verified: a new pass, or (renewal) a longer one. */
  private async grantInTx(tx: PoolClient, order: Order, pp: ProviderPayment, now: Date): Promise<Pass> {
    const product = await this.store.products.product(tx, order.itemId);
    if (!product) throw new Error(`order ${order.merchantUid} names unknown item ${order.itemId}`);
    let pass: Pass;
    if (order.kind === 'RENEWAL' && order.passId) {
      const current = (await this.store.passes.pass(tx, order.passId, true))!;
      // Days the member already has after the paid period (a coupon used while subscribed) come
      // first: the paid month starts after them, as a pass of its own, so no day is paid twice.
      const queuedUntil = await this.store.passes.latestEndAfter(tx, order.userId, current.passId, current.endDate);
      if (queuedUntil) {
        pass = await this.store.passes.insertPass(tx, {
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
        pass = await this.store.passes.setPass(tx, current.passId, {
          status: 'START',
          endDate: periodEnd(current.endDate, product),
          lockDate: null,
          at: now,
        });
      }
    } else {
      pass = await this.newPass(tx, order, product, now);
    }
    await this.store.orders.setOrder(tx, order.orderId, {
      status: 'SUCCESS',
      at: now,
      pg: pp.pg,
      payMethod: pp.payMethod,
      passId: pass.passId,
    });
    if (order.subscriptionId) {
      const sub = (await this.store.subscriptions.subscription(tx, order.subscriptionId, true))!;
      await this.store.subscriptions.setSubscription(tx, sub.subscriptionId, {
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
      this.o.sink,
      // Won, as every statistic counts (verified: the provider charged exactly chargeOf(order)).
      { userId: order.userId, merchantUid: order.merchantUid, itemId: order.itemId, amount: order.amount },
      now,
    );
    await passChanged(tx, this.o.sink, pass, now);
    return pass;
  }

  /** A pass starts now, or queues after the user's live passes (never overlaps, never lost). */
  private async newPass(tx: PoolClient, order: Order, product: Product, now: Date): Promise<Pass> {
    await this.store.members.lockUser(tx, order.userId);
    const live = await this.store.passes.livePasses(tx, order.userId);
    const latestEnd = live[0]?.endDate;
    const start = latestEnd && latestEnd > now ? latestEnd : now;
    return this.store.passes.insertPass(tx, {
      userId: order.userId,
      itemId: order.itemId,
      orderId: order.orderId,
      subscriptionId: order.subscriptionId,
      status: start > now ? 'STANDBY' : 'START',
      startDate: start,
      endDate: periodEnd(start, product),
      at: now,
    });
  }

  /** Money that does not match the order goes back to the payer. */
  private async refundForged(order: Order, pp: ProviderPayment): Promise<void> {
    const remaining = pp.amount - pp.cancelAmount;
    if (remaining <= 0) return;
    try {
      await this.o.provider.cancel({
        impUid: pp.impUid,
        amount: remaining,
        checksum: remaining,
        reason: FORGED_REFUND_REASON,
      });
      await this.store.payments.markRefunded(this.o.pool, order.orderId, remaining, FORGED_REFUND_REASON, this.now());
    } catch (err) {
      this.o.log.error(
        { err, merchantUid: order.merchantUid },
        'refund of a tampered payment failed: reconcile by hand',
      );
    }
  }

  /**
   * The browser reports a failure: recorded unless the provider says it was paid after all. Its
   * imp_uid is kept only when the provider confirms it is this order's: imp_uid is unique, so an
   * unverified one could squat another member's payment and block that payment's completion.
   */
  async fail(userId: number, input: { impUid?: string; merchantUid: string; message: string }): Promise<Order> {
    const order = await this.store.orders.orderByMerchant(this.o.pool, input.merchantUid);
    if (!order || order.userId !== userId) throw notFound(M.paymentNotFound);
    let verifiedImpUid: string | null = null;
    if (input.impUid) {
      const pp = await this.o.provider.getPayment(input.impUid).catch(() => null);
      if (pp && pp.merchantUid === order.merchantUid) {
        if (pp.status === 'paid') return (await this.applyProviderPayment(pp)).order;
        verifiedImpUid = pp.impUid;
      } else if (pp) {
        this.o.log.warn(
          { merchantUid: order.merchantUid, impUid: input.impUid, providerMerchantUid: pp.merchantUid, userId },
          'failure reported with the imp_uid of another order: not stored',
        );
      }
    }
    return withTransaction(this.o.pool, async (tx) => {
      const locked = (await this.store.orders.orderByMerchant(tx, input.merchantUid, true))!;
      if (locked.status !== 'STANDBY') return locked;
      const now = this.now();
      await this.store.payments.upsertPayment(tx, locked.orderId, {
        impUid: verifiedImpUid,
        status: 'failed',
        amount: locked.amount,
        failReason: input.message,
        at: now,
      });
      await this.store.orders.setOrder(tx, locked.orderId, { status: 'FAIL', at: now });
      return { ...locked, status: 'FAIL' as const };
    });
  }

  /** Spec "mark usage successful": the order's pass is in use (a queued one says STANDBY). */
  async usedSuccess(userId: number, merchantUid: string): Promise<Pass> {
    const order = await this.store.orders.orderByMerchant(this.o.pool, merchantUid);
    if (!order || order.userId !== userId) throw notFound(M.paymentNotFound);
    if (order.status !== 'SUCCESS') {
      // The browser may be ahead of the provider's answer: verify once more.
      const r = await this.complete({ merchantUid, userId });
      if (r.outcome !== 'granted' && r.outcome !== 'already') throw failHttp(M.paymentFailed);
    }
    const fresh = (await this.store.orders.orderByMerchant(this.o.pool, merchantUid))!;
    const pass = fresh.passId ? await this.store.passes.pass(this.o.pool, fresh.passId) : null;
    if (!pass) throw notFound(M.paymentNotFound);
    return pass;
  }

  // --- refunds ------------------------------------------------------------------

  /**
   * Refunds a paid order in full. The order and payment rows stay locked across the provider
   * call, so concurrent refunds queue and the second sees REFUND; the provider `checksum`
   * refuses a refund of money already returned even if our row was lost.
   */
  async refund(
    merchantUid: string,
    reason: string,
    opts: { ownerId?: number; stopSubscription: boolean },
  ): Promise<Order> {
    const client = await this.o.pool.connect();
    let stoppedSub: Subscription | null = null;
    try {
      await client.query('BEGIN');
      const order = await this.store.orders.orderByMerchant(client, merchantUid, true);
      if (!order || (opts.ownerId !== undefined && order.userId !== opts.ownerId)) throw notFound(M.paymentNotFound);
      const pay = await this.store.payments.payment(client, order.orderId, true);
      if (pay && (pay.refundedAmount > 0 || pay.status === 'cancelled')) throw conflict(M.alreadyRefunded);
      if (!pay || pay.status !== 'paid' || !pay.impUid || order.status !== 'SUCCESS') throw notFound(M.paymentNotFound);
      const remaining = pay.amount - pay.refundedAmount;
      let refunded: number;
      try {
        const pp = await this.o.provider.cancel({ impUid: pay.impUid, amount: remaining, checksum: remaining, reason });
        refunded = pp.cancelAmount;
      } catch (err) {
        const cur = await this.o.provider.getPayment(pay.impUid).catch(() => null);
        if (cur?.status === 'cancelled') {
          // Refunded already (a crash after the provider's answer, or the provider's console): catch up, then say so.
          await this.applyRefundInTx(client, order, cur.cancelAmount, reason, opts.stopSubscription);
          await client.query('COMMIT');
          throw conflict(M.alreadyRefunded);
        }
        this.o.log.error({ err, merchantUid }, 'provider refused the refund');
        throw new HttpError(502, M.processingError);
      }
      stoppedSub = await this.applyRefundInTx(client, order, refunded, reason, opts.stopSubscription);
      await client.query('COMMIT');
      return { ...order, status: 'CANCEL' };
    } catch (err) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw err;
    } finally {
      client.release();
      if (stoppedSub) await this.unscheduleQuietly(stoppedSub.customerUid);
    }
  }

  private async applyRefundInTx(
    tx: PoolClient,
    order: Order,
    amount: number,
    reason: string,
    stopSubscription: boolean,
  ): Promise<Subscription | null> {
    const now = this.now();
    await this.store.payments.markRefunded(tx, order.orderId, amount, reason, now);
    await this.store.orders.setOrder(tx, order.orderId, { status: 'CANCEL', at: now });
    const pass = await this.passOfOrder(tx, order);
    if (pass && (pass.status === 'START' || pass.status === 'STANDBY' || pass.status === 'LOCK')) {
      const cancelled = await this.store.passes.setPass(tx, pass.passId, { status: 'CANCEL', at: now });
      await passChanged(tx, this.o.sink, cancelled, now);
      await this.moveUpQueuedPasses(tx, pass, now);
    }
    // Events count won: a refund in the wallet's dollars is stated as its share of the order.
    const pay = await this.store.payments.payment(tx, order.orderId);
    const won = pay ? wonOf(amount, pay, order.amount) : amount;
    await paymentRefunded(
      tx,
      this.o.sink,
      { userId: order.userId, merchantUid: order.merchantUid, itemId: order.itemId, amount: won },
      now,
    );
    let stopped: Subscription | null = null;
    if (stopSubscription && order.subscriptionId) {
      const sub = await this.store.subscriptions.subscription(tx, order.subscriptionId, true);
      if (sub && (sub.status === 'START' || sub.status === 'STANDBY' || sub.status === 'LOCK')) {
        await this.store.subscriptions.setSubscription(tx, sub.subscriptionId, {
          status: 'CANCEL',
          nextChargeAt: null,
          cancelReason: reason,
          cancelledAt: now,
          at: now,
        });
        stopped = sub;
      }
    }
    return stopped;
  }

  /**
   * Days queued behind a refunded pass (a coupon used while subscribed, a reward) move up by the
   * refunded days, so the member's own days follow without a gap; one that now begins is in use at once.
   */
  private async moveUpQueuedPasses(tx: PoolClient, refunded: Pass, now: Date): Promise<void> {
    const from = refunded.startDate > now ? refunded.startDate : now;
    const gapMs = refunded.endDate.getTime() - from.getTime();
    if (gapMs <= 0) return;
    // A coupon used at this moment queues behind the live passes: it must see them moved or not at all.
    await this.store.members.lockUser(tx, refunded.userId);
    const queued = (await this.store.passes.livePasses(tx, refunded.userId))
      .filter((p) => p.status === 'STANDBY' && p.startDate >= refunded.endDate)
      .sort((a, b) => a.startDate.getTime() - b.startDate.getTime());
    for (const p of queued) {
      const startDate = new Date(p.startDate.getTime() - gapMs);
      const moved = await this.store.passes.setPass(tx, p.passId, {
        status: startDate <= now ? 'START' : 'STANDBY',
        startDate,
        endDate: new Date(p.endDate.getTime() - gapMs),
        at: now,
      });
      await passChanged(tx, this.o.sink, moved, now);
    }
  }

  /** A member cancels their own order: an unpaid one is dropped, a paid one refunded within the window. */
  async memberCancel(userId: number, merchantUid: string, reason: string | undefined): Promise<Order> {
    const order = await this.store.orders.orderByMerchant(this.o.pool, merchantUid);
    if (!order || order.userId !== userId) throw notFound(M.paymentNotFound);
    if (order.status === 'STANDBY' || order.status === 'FAIL') {
      await this.store.orders.setOrder(this.o.pool, order.orderId, { status: 'CANCEL', at: this.now() });
      return { ...order, status: 'CANCEL' };
    }
    if (order.status === 'CANCEL') throw conflict(M.alreadyRefunded);
    if (this.now().getTime() - order.createdAt.getTime() > this.o.memberRefundDays * DAY_MS) {
      throw badRequest(M.refundWindowPassed);
    }
    return this.refund(merchantUid, reason || MEMBER_REFUND_REASON, { ownerId: userId, stopSubscription: true });
  }

  /** Provider-side cancellation (webhook): our records follow the provider's. */
  async syncCancelled(pp: ProviderPayment): Promise<void> {
    await withTransaction(this.o.pool, async (tx) => {
      const order = await this.store.orders.orderByMerchant(tx, pp.merchantUid, true);
      if (!order || order.status !== 'SUCCESS') return;
      const pay = await this.store.payments.payment(tx, order.orderId, true);
      if (!pay || pay.refundedAmount > 0) return;
      await this.applyRefundInTx(tx, order, pp.cancelAmount, '결제사에서 취소됨', true);
    });
  }

  /** Webhooks are unsigned (v1): the body only says which payment to look at. */
  async webhook(impUid: string, merchantUid: string | undefined): Promise<GrantOutcome | 'ignored'> {
    const pp = await this.o.provider.getPayment(impUid);
    if (!pp || (merchantUid && pp.merchantUid !== merchantUid)) return 'ignored';
    const order = await this.store.orders.orderByMerchant(this.o.pool, pp.merchantUid);
    if (!order) return 'ignored';
    if (pp.status === 'cancelled' && order.status === 'SUCCESS') {
      await this.syncCancelled(pp);
      return 'cancelled';
    }
    return (await this.applyProviderPayment(pp)).outcome;
  }

  // --- subscriptions ------------------------------------------------------------

  /** The plan's product and the member's billing key id for it; a customer_uid given must be that one. */
  private async subscriptionPlan(userId: number, plan: string, givenCustomerUid?: string) {
    const itemId = itemIdOfPlan(plan);
    const product = itemId === null ? null : await this.store.products.product(this.o.pool, itemId);
    if (!product) throw notFound(M.productNotFound);
    const customerUid = this.customerUidOf(product.itemId, userId);
    if (givenCustomerUid && givenCustomerUid !== customerUid) throw badRequest(M.orderRequired);
    return { product, customerUid };
  }

  /** `/subscribe/{product}-billings`: the billing key is at the provider; charge the first month. */
  async subscribe(
    userId: number,
    plan: string,
    input: { merchantUid: string; customerUid?: string },
  ): Promise<GrantResult> {
    const { product, customerUid } = await this.subscriptionPlan(userId, plan, input.customerUid);
    const existing = await this.store.orders.orderByMerchant(this.o.pool, input.merchantUid);
    if (existing) {
      if (existing.userId !== userId) throw notFound(M.paymentNotFound);
      if (existing.status === 'SUCCESS') return this.complete({ merchantUid: existing.merchantUid, userId });
    }
    if (await this.store.passes.currentPass(this.o.pool, userId)) throw conflict(M.passInUse);
    const key = await this.o.provider.getBillingKey(customerUid);
    if (!key) throw failHttp(M.recurringUnavailable);
    const amount = amountOf(product);
    const now = this.now();
    const sub = await withTransaction(this.o.pool, async (tx) => {
      await this.store.members.lockUser(tx, userId);
      const live = await this.store.subscriptions.liveSubscription(tx, customerUid, true);
      if (live?.status === 'START') throw conflict(M.passInUse);
      const s =
        live ??
        (await this.store.subscriptions.insertSubscription(tx, {
          customerUid,
          userId,
          itemId: product.itemId,
          at: now,
        }));
      const order = await this.store.orders.insertOrder(tx, {
        merchantUid: input.merchantUid,
        userId,
        itemId: product.itemId,
        name: product.name,
        amount,
        kind: 'SUBSCRIBE',
        status: 'STANDBY',
        subscriptionId: s.subscriptionId,
        at: now,
      });
      if (!order && !existing) throw conflict(M.orderRequired);
      return s;
    });
    let pp: ProviderPayment | null;
    try {
      pp = await this.o.provider.chargeAgain({
        customerUid,
        merchantUid: input.merchantUid,
        amount,
        name: product.name,
      });
    } catch (err) {
      // e.g. "already paid" after a retried request: the provider's record decides.
      pp = await this.o.provider.findByMerchantUid(input.merchantUid).catch(() => null);
      if (!pp) {
        this.o.log.warn({ err, customerUid }, 'first subscription charge failed');
        await this.failSubscription(sub.subscriptionId);
        throw failHttp(M.recurringUnavailable);
      }
    }
    const result = await this.applyProviderPayment(pp);
    if (result.outcome !== 'granted' && result.outcome !== 'already') {
      await this.failSubscription(sub.subscriptionId);
      throw failHttp(M.paymentFailed);
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
    const order = await this.store.orders.orderByMerchant(this.o.pool, input.merchantUid);
    if (!order || order.userId !== userId || order.kind !== 'SUBSCRIBE') throw notFound(M.paymentNotFound);
    return this.complete({ merchantUid: order.merchantUid, userId });
  }

  /** Spec "ready record" of a subscription (`/subscribe/payments/initializeDatabase`), before the key is issued. */
  async prepareSubscription(userId: number, plan: string, merchantUid: string): Promise<Order> {
    const itemId = itemIdOfPlan(plan);
    const product = itemId === null ? null : await this.store.products.product(this.o.pool, itemId);
    if (!product) throw notFound(M.productNotFound);
    if (await this.store.passes.currentPass(this.o.pool, userId)) throw conflict(M.passInUse);
    const customerUid = this.customerUidOf(product.itemId, userId);
    const now = this.now();
    return withTransaction(this.o.pool, async (tx) => {
      await this.store.members.lockUser(tx, userId);
      const existing = await this.store.orders.orderByMerchant(tx, merchantUid);
      if (existing) {
        if (existing.userId !== userId) throw notFound(M.paymentNotFound);
        return existing;
      }
      const live = await this.store.subscriptions.liveSubscription(tx, customerUid, true);
      if (live?.status === 'START') throw conflict(M.passInUse);
      const sub =
        live ??
        (await this.store.subscriptions.insertSubscription(tx, {
          customerUid,
          userId,
          itemId: product.itemId,
          at: now,
        }));
      return (await this.store.orders.insertOrder(tx, {
        merchantUid,
        userId,
        itemId: product.itemId,
        name: product.name,
        amount: amountOf(product),
        kind: 'SUBSCRIBE',
        status: 'STANDBY',
        subscriptionId: sub.subscriptionId,
        at: now,
      }))!;
    });
  }

  private async failSubscription(id: number): Promise<void> {
    await this.store.subscriptions.setSubscription(this.o.pool, id, {
      status: 'FAIL',
      nextChargeAt: null,
      at: this.now(),
    });
  }

  /** Stops auto-billing; the pass runs to its end date. `userId` undefined = administrator. */
  async cancelSubscription(
    customerUid: string,
    reason: string | undefined,
    userId?: number,
  ): Promise<{ sub: Subscription; pass: Pass | null }> {
    const result = await withTransaction(this.o.pool, async (tx) => {
      const sub = await this.store.subscriptions.liveSubscription(tx, customerUid, true);
      if (!sub || (userId !== undefined && sub.userId !== userId)) throw notFound(M.subscriptionNotFound);
      const now = this.now();
      await this.store.subscriptions.setSubscription(tx, sub.subscriptionId, {
        status: 'CANCEL',
        nextChargeAt: null,
        cancelReason: reason ?? null,
        cancelledAt: now,
        at: now,
      });
      const pass = sub.passId ? await this.store.passes.pass(tx, sub.passId) : null;
      return { sub: { ...sub, status: 'CANCEL' as const }, pass };
    });
    await this.unscheduleQuietly(customerUid);
    return result;
  }

  /**
   * Stops the renewal (cancelSubscription) and says when the member's service ends: after the
   * subscription's pass and any days queued behind it (coupons), or null when it has no pass.
   */
  async stopRenewal(customerUid: string, reason: string | undefined, userId?: number): Promise<Date | null> {
    const { pass } = await this.cancelSubscription(customerUid, reason, userId);
    return pass ? this.serviceEnd(pass.userId, pass.endDate) : null;
  }

  /**
   * Auto-renewal on again: the member's own subscription they stopped, while the month it paid for
   * still runs (a refund or a withdrawal ends that month, so neither comes back this way). The
   * billing key registered at PortOne charges again, first after every day the member already has
   * (coupon or reward days queued behind the month).
   */
  async resumeSubscription(userId: number): Promise<{ sub: Subscription; nextChargeAt: Date }> {
    const customerUid = this.customerUidOf(SUBSCRIPTION_ITEM_ID, userId);
    return withTransaction(this.o.pool, async (tx) => {
      await this.store.members.lockUser(tx, userId);
      const latest = await this.store.subscriptions.latestSubscription(tx, customerUid);
      if (!latest) throw notFound(M.subscriptionNotFound);
      const sub = (await this.store.subscriptions.subscription(tx, latest.subscriptionId, true))!;
      if (sub.status === 'START') throw conflict(M.autoRenewAlreadyOn);
      const now = this.now();
      const pass = sub.passId ? await this.store.passes.pass(tx, sub.passId) : null;
      const running = pass !== null && (pass.status === 'START' || pass.status === 'STANDBY') && pass.endDate > now;
      if (
        sub.status !== 'CANCEL' ||
        !running ||
        (await this.store.billingKeys.billingKeyDeletionRequested(tx, customerUid))
      ) {
        throw conflict(M.autoRenewUnavailable);
      }
      const latestEnd = (await this.store.passes.livePasses(tx, userId))[0]?.endDate;
      const nextChargeAt = latestEnd && latestEnd > pass.endDate ? latestEnd : pass.endDate;
      await this.store.subscriptions.setSubscription(tx, sub.subscriptionId, {
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
    await this.o.provider.unschedule(customerUid).catch(() => undefined);
  }

  async subscriptionInfo(customerUid: string): Promise<{ sub: Subscription; pass: Pass | null } | null> {
    const sub = await this.store.subscriptions.latestSubscription(this.o.pool, customerUid);
    if (!sub) return null;
    return { sub, pass: sub.passId ? await this.store.passes.pass(this.o.pool, sub.passId) : null };
  }

  /** The latest paid order of a subscription (admin cancel by customer_uid). */
  async latestPaidMerchantUid(customerUid: string): Promise<string | null> {
    return this.store.orders.latestPaidMerchantUid(this.o.pool, customerUid);
  }

  // --- administrator --------------------------------------------------------------

  /** A pass granted by an administrator (no payment): starts now or queues after the current one (and a renewal waits for it). */
  async adminGrant(userId: number, itemId: number): Promise<Pass> {
    const product = await this.store.products.product(this.o.pool, itemId);
    if (!product) throw badRequest(M.productNotFound);
    const now = this.now();
    return withTransaction(this.o.pool, async (tx) => {
      const order = (await this.store.orders.insertOrder(tx, {
        merchantUid: `adm_${Date.now().toString(36)}_${randomBytes(6).toString('hex')}`,
        userId,
        itemId,
        name: product.name,
        amount: 0,
        kind: 'ADMIN',
        status: 'SUCCESS',
        at: now,
      }))!;
      const pass = await this.newPass(tx, order, product, now);
      await this.store.orders.setOrder(tx, order.orderId, { status: 'SUCCESS', at: now, passId: pass.passId });
      await passChanged(tx, this.o.sink, pass, now);
      // A subscriber's granted days come after the paid period: the next charge waits for them.
      await deferRenewalPast(this.store, tx, userId, pass.endDate, now);
      return pass;
    });
  }

  // --- scheduled jobs -------------------------------------------------------------

  /** Everything due at `now`: renewals, queued passes starting, passes ending. Safe on several replicas. */
  async runDueJobs(now: Date = this.now(), scope?: UserScope): Promise<JobReport> {
    const report: JobReport = {
      renewed: 0,
      declined: 0,
      locked: 0,
      expired: 0,
      started: 0,
      keysDeleted: 0,
      checkoutsPaid: 0,
      checkoutsExpired: 0,
    };
    for (let i = 0; i < 500; i++) {
      const outcome = await this.renewOne(now, scope);
      if (outcome === null) break;
      report[outcome] += 1;
    }
    report.started = await this.batch(
      now,
      scope,
      (tx, n) => this.store.passes.claimStartingPasses(tx, now, n, scope),
      'START',
    );
    report.expired = await this.batch(
      now,
      scope,
      (tx, n) => this.store.passes.claimExpiredPasses(tx, now, n, scope),
      'EXPIRED',
    );
    report.keysDeleted = await this.deleteBillingKeys(now, scope);
    await this.settleAbandonedCheckouts(now, scope, report);
    return report;
  }

  /**
   * Checkouts still waiting after the checkout's time: each is asked of the provider once more. A
   * payment that went through (its completion never reached us) is applied as the webhook would;
   * one that never did expires, so no "결제대기" stays in anyone's history. A provider that cannot
   * be asked leaves the order for the next run.
   */
  private async settleAbandonedCheckouts(now: Date, scope: UserScope | undefined, report: JobReport): Promise<void> {
    const before = new Date(now.getTime() - this.o.checkoutTtlMs);
    for (const merchantUid of await this.store.orders.abandonedCheckouts(this.o.pool, before, 100, scope)) {
      let pp: ProviderPayment | null;
      try {
        pp = await this.o.provider.findByMerchantUid(merchantUid);
      } catch (err) {
        this.o.log.warn({ err, merchantUid }, 'abandoned checkout left for later: provider unreachable');
        continue;
      }
      if (pp && (pp.status === 'paid' || pp.status === 'cancelled')) {
        const r = await this.applyProviderPayment(pp);
        if (r.outcome === 'granted') report.checkoutsPaid += 1;
        continue;
      }
      const expired = await withTransaction(this.o.pool, async (tx) => {
        const order = await this.store.orders.orderByMerchant(tx, merchantUid, true);
        // Completed or reported failed meanwhile: nothing to expire.
        if (!order || order.status !== 'STANDBY') return false;
        await this.store.payments.upsertPayment(tx, order.orderId, {
          // Not the provider's imp_uid of an unpaid attempt: nothing is owed on it, and it stays free.
          impUid: null,
          status: 'failed',
          amount: order.amount,
          failReason: CHECKOUT_EXPIRED,
          at: now,
        });
        await this.store.orders.setOrder(tx, order.orderId, { status: 'FAIL', at: now });
        return true;
      });
      if (expired) report.checkoutsExpired += 1;
    }
  }

  /** Deletes withdrawn members' billing keys at the provider; a failure is retried with back-off. */
  private async deleteBillingKeys(now: Date, scope?: UserScope): Promise<number> {
    let deleted = 0;
    for (let i = 0; i < 100; i++) {
      const job = await withTransaction(this.o.pool, (tx) =>
        this.store.billingKeys.claimDueBillingKeyDeletion(tx, now, new Date(now.getTime() + 10 * 60_000), scope),
      );
      if (!job) break;
      try {
        // A key PortOne no longer has (404) counts as deleted.
        await this.o.provider.deleteBillingKey(job.customerUid);
        await this.store.billingKeys.billingKeyDeleted(this.o.pool, job.customerUid, now);
        deleted++;
      } catch (err) {
        const retryInMs = Math.min(2 ** job.attempts * 60_000, 24 * 60 * 60_000);
        await this.store.billingKeys.billingKeyDeletionFailed(
          this.o.pool,
          job.customerUid,
          err instanceof Error ? err.message : String(err),
          new Date(now.getTime() + retryInMs),
        );
        this.o.log.warn({ err, customerUid: job.customerUid, retryInMs }, 'billing key deletion failed; will retry');
      }
    }
    return deleted;
  }

  private async batch(
    now: Date,
    _scope: UserScope | undefined,
    claim: (tx: PoolClient, n: number) => Promise<Pass[]>,
    status: 'START' | 'EXPIRED',
  ): Promise<number> {
    let total = 0;
    for (;;) {
      const n = await withTransaction(this.o.pool, async (tx) => {
        const passes = await claim(tx, 100);
        for (const p of passes) {
          const changed = await this.store.passes.setPass(tx, p.passId, { status, at: now });
          await passChanged(tx, this.o.sink, changed, now);
        }
        return passes.length;
      });
      total += n;
      if (n < 100) return total;
    }
  }

  /** One due renewal under its row lock; the merchant_uid is deterministic so a crash never charges twice. */
  private async renewOne(now: Date, scope?: UserScope): Promise<'renewed' | 'declined' | 'locked' | null> {
    let lockedUser: number | null = null;
    // Set inside the transaction callback (the cast keeps TypeScript from narrowing it to null).
    let forged = null as { order: Order; pp: ProviderPayment } | null;
    const outcome = await withTransaction(this.o.pool, async (tx) => {
      const sub = await this.store.subscriptions.claimDueRenewal(tx, now, scope);
      if (!sub) return null;
      const product = (await this.store.products.product(tx, sub.itemId))!;
      const amount = amountOf(product);
      const merchantUid = renewalMerchantUid(sub.subscriptionId, sub.cycle, sub.retryCount);
      const order =
        (await this.store.orders.orderByMerchant(tx, merchantUid, true)) ??
        (await this.store.orders.insertOrder(tx, {
          merchantUid,
          userId: sub.userId,
          itemId: sub.itemId,
          name: product.name,
          amount,
          kind: 'RENEWAL',
          status: 'STANDBY',
          subscriptionId: sub.subscriptionId,
          passId: sub.passId,
          at: now,
        }))!;
      let pp: ProviderPayment | null = await this.o.provider.findByMerchantUid(merchantUid).catch(() => null);
      if (!pp || pp.status !== 'paid') {
        try {
          pp = await this.o.provider.chargeAgain({
            customerUid: sub.customerUid,
            merchantUid,
            amount,
            name: product.name,
          });
        } catch (err) {
          if (err instanceof ProviderError && err.providerCode === null) {
            // Provider unreachable: not the member's fault, try again shortly without counting a decline.
            this.o.log.warn({ err, subscriptionId: sub.subscriptionId }, 'renewal postponed: provider unreachable');
            await this.store.subscriptions.setSubscription(tx, sub.subscriptionId, {
              nextChargeAt: new Date(now.getTime() + 10 * 60_000),
              at: now,
            });
            return 'declined' as const;
          }
          pp = null;
          this.o.log.warn({ err, subscriptionId: sub.subscriptionId }, 'renewal refused by provider');
        }
      }
      if (pp && pp.status === 'paid') {
        const r = await this.applyInTx(tx, pp, now);
        if (r.outcome === 'granted' || r.outcome === 'already') return 'renewed' as const;
        // Wrong amount or currency: refunded once the row locks are released, then handled as a decline.
        if (r.outcome === 'forged') forged = { order: r.order, pp };
      } else {
        await this.store.payments.upsertPayment(tx, order.orderId, {
          impUid: pp?.impUid ?? null,
          status: 'failed',
          amount,
          failReason: pp?.failReason ?? '결제사 오류',
          at: now,
        });
        await this.store.orders.setOrder(tx, order.orderId, { status: 'FAIL', at: now });
      }
      const next = onRenewalDeclined(now, sub.retryCount, this.o.retryDelaysMs);
      if (next.action === 'retry') {
        await this.store.subscriptions.setSubscription(tx, sub.subscriptionId, {
          retryCount: next.retryCount,
          nextChargeAt: next.at,
          at: now,
        });
        return 'declined' as const;
      }
      await this.store.subscriptions.setSubscription(tx, sub.subscriptionId, {
        status: 'LOCK',
        nextChargeAt: null,
        at: now,
      });
      if (sub.passId) {
        const locked = await this.store.passes.setPass(tx, sub.passId, { status: 'LOCK', lockDate: now, at: now });
        await passChanged(tx, this.o.sink, locked, now);
      }
      lockedUser = sub.userId;
      return 'locked' as const;
    });
    if (forged) await this.refundForged(forged.order, forged.pp);
    if (lockedUser !== null) await this.mailLocked(lockedUser);
    return outcome;
  }

  private async mailLocked(userId: number): Promise<void> {
    if (!this.o.mailer) return;
    try {
      const contact = (await this.o.users.lookup([userId])).get(userId);
      if (!contact) throw new Error(`user ${userId} unknown to the account service`);
      await this.o.mailer.send(
        contact.email,
        '[유의어 사전] 정기 결제 실패로 이용이 일시 정지되었습니다',
        `${contact.name}님, 등록하신 카드로 정기 결제를 여러 차례 시도하였으나 승인되지 않아 이용권이 일시 정지(LOCK)되었습니다.\n` +
          '다른 카드로 다시 결제해 주시면 바로 이용하실 수 있습니다.',
      );
    } catch (err) {
      this.o.log.error({ err, userId }, 'LOCK notice mail not sent');
    }
  }
}
