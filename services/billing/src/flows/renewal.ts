// Renewals: a due subscription charged again on its billing key, under its row lock. A decline
// retries after the configured waits; after the last the pass locks and the member is told by mail.
import { withTransaction, type Logger, type Pool } from '@syn/kit';
import { amountOf } from '../domain/catalogue';
import { ProviderError, type PaymentProvider, type ProviderPayment } from '../domain/provider';
import { onRenewalDeclined, renewalMerchantUid } from '../domain/renewal';
import type { Mailer, UserDirectory } from '../domain/users';
import { passChanged, type EventSink } from '../events/publish';
import type { UserScope } from '../store/db';
import type { BillingRepositories } from '../store/repositories';
import type { Order } from '../store/rows';
import type { PaymentVerification } from './verify';

export interface RenewalDeps {
  pool: Pool;
  store: Pick<BillingRepositories, 'subscriptions' | 'products' | 'orders' | 'payments' | 'passes'>;
  sink: EventSink;
  provider: Pick<PaymentProvider, 'findByMerchantUid' | 'chargeAgain'>;
  verify: Pick<PaymentVerification, 'applyInTx' | 'refundForged'>;
  users: UserDirectory;
  mailer: Mailer | null;
  log: Logger;
  /** Waits before each retry of a declined renewal; after the last, the pass locks. */
  retryDelaysMs: number[];
}

export type RenewalOutcome = 'renewed' | 'declined' | 'locked';

export class Renewals {
  constructor(private readonly d: RenewalDeps) {}

  /** One due renewal under its row lock; the merchant_uid is deterministic so a crash never charges twice. */
  async renewOne(now: Date, scope?: UserScope): Promise<RenewalOutcome | null> {
    let lockedUser: number | null = null;
    // Set inside the transaction callback (the cast keeps TypeScript from narrowing it to null).
    let forged = null as { order: Order; pp: ProviderPayment } | null;
    const outcome = await withTransaction(this.d.pool, async (tx) => {
      const sub = await this.d.store.subscriptions.claimDueRenewal(tx, now, scope);
      if (!sub) return null;
      const product = (await this.d.store.products.product(tx, sub.itemId))!;
      const amount = amountOf(product);
      const merchantUid = renewalMerchantUid(sub.subscriptionId, sub.cycle, sub.retryCount);
      const order =
        (await this.d.store.orders.orderByMerchant(tx, merchantUid, true)) ??
        (await this.d.store.orders.insertOrder(tx, {
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
      let pp: ProviderPayment | null = await this.d.provider.findByMerchantUid(merchantUid).catch(() => null);
      if (!pp || pp.status !== 'paid') {
        try {
          pp = await this.d.provider.chargeAgain({
            customerUid: sub.customerUid,
            merchantUid,
            amount,
            name: product.name,
          });
        } catch (err) {
          if (err instanceof ProviderError && err.providerCode === null) {
            // Provider unreachable: not the member's fault, try again shortly without counting a decline.
            this.d.log.warn({ err, subscriptionId: sub.subscriptionId }, 'renewal postponed: provider unreachable');
            await this.d.store.subscriptions.setSubscription(tx, sub.subscriptionId, {
              nextChargeAt: new Date(now.getTime() + 10 * 60_000),
              at: now,
            });
            return 'declined' as const;
          }
          pp = null;
          this.d.log.warn({ err, subscriptionId: sub.subscriptionId }, 'renewal refused by provider');
        }
      }
      if (pp && pp.status === 'paid') {
        const r = await this.d.verify.applyInTx(tx, pp, now);
        if (r.outcome === 'granted' || r.outcome === 'already') return 'renewed' as const;
        // Wrong amount or currency: refunded once the row locks are released, then handled as a decline.
        if (r.outcome === 'forged') forged = { order: r.order, pp };
      } else {
        await this.d.store.payments.upsertPayment(tx, order.orderId, {
          impUid: pp?.impUid ?? null,
          status: 'failed',
          amount,
          failReason: pp?.failReason ?? '결제사 오류',
          at: now,
        });
        await this.d.store.orders.setOrder(tx, order.orderId, { status: 'FAIL', at: now });
      }
      const next = onRenewalDeclined(now, sub.retryCount, this.d.retryDelaysMs);
      if (next.action === 'retry') {
        await this.d.store.subscriptions.setSubscription(tx, sub.subscriptionId, {
          retryCount: next.retryCount,
          nextChargeAt: next.at,
          at: now,
        });
        return 'declined' as const;
      }
      await this.d.store.subscriptions.setSubscription(tx, sub.subscriptionId, {
        status: 'LOCK',
        nextChargeAt: null,
        at: now,
      });
      if (sub.passId) {
        const locked = await this.d.store.passes.setPass(tx, sub.passId, { status: 'LOCK', lockDate: now, at: now });
        await passChanged(tx, this.d.sink, locked, now);
      }
      lockedUser = sub.userId;
      return 'locked' as const;
    });
    if (forged) await this.d.verify.refundForged(forged.order, forged.pp);
    if (lockedUser !== null) await this.mailLocked(lockedUser);
    return outcome;
  }

  private async mailLocked(userId: number): Promise<void> {
    if (!this.d.mailer) return;
    try {
      const contact = (await this.d.users.lookup([userId])).get(userId);
      if (!contact) throw new Error(`user ${userId} unknown to the account service`);
      await this.d.mailer.send(
        contact.email,
        '[유의어 사전] 정기 결제 실패로 이용이 일시 정지되었습니다',
        `${contact.name}님, 등록하신 카드로 정기 결제를 여러 차례 시도하였으나 승인되지 않아 이용권이 일시 정지(LOCK)되었습니다.\n` +
          '다른 카드로 다시 결제해 주시면 바로 이용하실 수 있습니다.',
      );
    } catch (err) {
      this.d.log.error({ err, userId }, 'LOCK notice mail not sent');
    }
  }
}
