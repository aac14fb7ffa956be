// Refunds: the full amount of a paid order goes back through the provider, its pass ends (days
// queued behind it move up), the subscription it paid for stops; and a refund made at the
// provider (its console, a crash after its answer) is followed here.
import { withTransaction, type Logger, type Pool, type PoolClient } from '@syn/kit';
import { BILLING_MESSAGES as M } from '@syn/kit/rules';
import { conflict, invalid, notFound, upstream } from '../domain/errors';
import { DAY_MS, type Clock } from '../domain/clock';
import { wonOf } from '../domain/charge';
import type { PaymentProvider, ProviderPayment } from '../domain/provider';
import { passChanged, paymentRefunded, type EventSink } from '../events/publish';
import type { BillingRepositories } from '../store/repositories';
import type { Order, Pass, Subscription } from '../store/rows';
import { passOfOrder, unscheduleQuietly } from './shared';

export const MEMBER_REFUND_REASON = '사용자 요청에 의한 환불';

export interface RefundDeps {
  pool: Pool;
  store: Pick<BillingRepositories, 'orders' | 'payments' | 'passes' | 'subscriptions' | 'members'>;
  sink: EventSink;
  provider: Pick<PaymentProvider, 'cancel' | 'getPayment' | 'unschedule'>;
  clock: Clock;
  log: Logger;
  /** Days after payment in which a member may cancel (and be refunded) by themselves. */
  memberRefundDays: number;
}

export class Refunds {
  constructor(private readonly d: RefundDeps) {}

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
    const client = await this.d.pool.connect();
    let stoppedSub: Subscription | null = null;
    try {
      await client.query('BEGIN');
      const order = await this.d.store.orders.orderByMerchant(client, merchantUid, true);
      if (!order || (opts.ownerId !== undefined && order.userId !== opts.ownerId)) throw notFound(M.paymentNotFound);
      const pay = await this.d.store.payments.payment(client, order.orderId, true);
      if (pay && (pay.refundedAmount > 0 || pay.status === 'cancelled')) throw conflict(M.alreadyRefunded);
      if (!pay || pay.status !== 'paid' || !pay.impUid || order.status !== 'SUCCESS') throw notFound(M.paymentNotFound);
      const remaining = pay.amount - pay.refundedAmount;
      let refunded: number;
      try {
        const pp = await this.d.provider.cancel({ impUid: pay.impUid, amount: remaining, checksum: remaining, reason });
        refunded = pp.cancelAmount;
      } catch (err) {
        const cur = await this.d.provider.getPayment(pay.impUid).catch(() => null);
        if (cur?.status === 'cancelled') {
          // Refunded already (a crash after the provider's answer, or the provider's console): catch up, then say so.
          await this.applyRefundInTx(client, order, cur.cancelAmount, reason, opts.stopSubscription);
          await client.query('COMMIT');
          throw conflict(M.alreadyRefunded);
        }
        this.d.log.error({ err, merchantUid }, 'provider refused the refund');
        throw upstream(M.processingError);
      }
      stoppedSub = await this.applyRefundInTx(client, order, refunded, reason, opts.stopSubscription);
      await client.query('COMMIT');
      return { ...order, status: 'CANCEL' };
    } catch (err) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw err;
    } finally {
      client.release();
      if (stoppedSub) await unscheduleQuietly(this.d.provider, stoppedSub.customerUid);
    }
  }

  private async applyRefundInTx(
    tx: PoolClient,
    order: Order,
    amount: number,
    reason: string,
    stopSubscription: boolean,
  ): Promise<Subscription | null> {
    const now = this.d.clock.now();
    await this.d.store.payments.markRefunded(tx, order.orderId, amount, reason, now);
    await this.d.store.orders.setOrder(tx, order.orderId, { status: 'CANCEL', at: now });
    const pass = await passOfOrder(this.d.store, tx, order);
    if (pass && (pass.status === 'START' || pass.status === 'STANDBY' || pass.status === 'LOCK')) {
      const cancelled = await this.d.store.passes.setPass(tx, pass.passId, { status: 'CANCEL', at: now });
      await passChanged(tx, this.d.sink, cancelled, now);
      await this.moveUpQueuedPasses(tx, pass, now);
    }
    // Events count won: a refund in the wallet's dollars is stated as its share of the order.
    const pay = await this.d.store.payments.payment(tx, order.orderId);
    const won = pay ? wonOf(amount, pay, order.amount) : amount;
    await paymentRefunded(
      tx,
      this.d.sink,
      { userId: order.userId, merchantUid: order.merchantUid, itemId: order.itemId, amount: won },
      now,
    );
    let stopped: Subscription | null = null;
    if (stopSubscription && order.subscriptionId) {
      const sub = await this.d.store.subscriptions.subscription(tx, order.subscriptionId, true);
      if (sub && (sub.status === 'START' || sub.status === 'STANDBY' || sub.status === 'LOCK')) {
        await this.d.store.subscriptions.setSubscription(tx, sub.subscriptionId, {
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
    await this.d.store.members.lockUser(tx, refunded.userId);
    const queued = (await this.d.store.passes.livePasses(tx, refunded.userId))
      .filter((p) => p.status === 'STANDBY' && p.startDate >= refunded.endDate)
      .sort((a, b) => a.startDate.getTime() - b.startDate.getTime());
    for (const p of queued) {
      const startDate = new Date(p.startDate.getTime() - gapMs);
      const moved = await this.d.store.passes.setPass(tx, p.passId, {
        status: startDate <= now ? 'START' : 'STANDBY',
        startDate,
        endDate: new Date(p.endDate.getTime() - gapMs),
        at: now,
      });
      await passChanged(tx, this.d.sink, moved, now);
    }
  }

  /** A member cancels their own order: an unpaid one is dropped, a paid one refunded within the window. */
  async memberCancel(userId: number, merchantUid: string, reason: string | undefined): Promise<Order> {
    const order = await this.d.store.orders.orderByMerchant(this.d.pool, merchantUid);
    if (!order || order.userId !== userId) throw notFound(M.paymentNotFound);
    if (order.status === 'STANDBY' || order.status === 'FAIL') {
      await this.d.store.orders.setOrder(this.d.pool, order.orderId, { status: 'CANCEL', at: this.d.clock.now() });
      return { ...order, status: 'CANCEL' };
    }
    if (order.status === 'CANCEL') throw conflict(M.alreadyRefunded);
    if (this.d.clock.now().getTime() - order.createdAt.getTime() > this.d.memberRefundDays * DAY_MS) {
      throw invalid(M.refundWindowPassed);
    }
    return this.refund(merchantUid, reason || MEMBER_REFUND_REASON, { ownerId: userId, stopSubscription: true });
  }

  /** Provider-side cancellation (webhook): our records follow the provider's. */
  async syncCancelled(pp: ProviderPayment): Promise<void> {
    await withTransaction(this.d.pool, async (tx) => {
      const order = await this.d.store.orders.orderByMerchant(tx, pp.merchantUid, true);
      if (!order || order.status !== 'SUCCESS') return;
      const pay = await this.d.store.payments.payment(tx, order.orderId, true);
      if (!pay || pay.refundedAmount > 0) return;
      await this.applyRefundInTx(tx, order, pp.cancelAmount, '결제사에서 취소됨', true);
    });
  }
}
