// The scheduled jobs: everything due at a moment (renewals, queued passes starting, passes
// ending, withdrawn members' billing keys, abandoned checkouts). Each claims its rows with
// FOR UPDATE SKIP LOCKED, so several replicas may run them at once.
import { withTransaction, type Logger, type Pool, type PoolClient } from '@syn/kit';
import type { Clock } from '../domain/clock';
import type { PaymentProvider, ProviderPayment } from '../domain/provider';
import { CHECKOUT_EXPIRED } from '../domain/status';
import { passChanged, type EventSink } from '../events/publish';
import type { UserScope } from '../store/db';
import type { BillingRepositories } from '../store/repositories';
import type { Pass } from '../store/rows';
import type { Renewals } from './renewal';
import type { PaymentVerification } from './verify';

export interface JobDeps {
  pool: Pool;
  store: Pick<BillingRepositories, 'orders' | 'payments' | 'passes' | 'billingKeys'>;
  sink: EventSink;
  provider: Pick<PaymentProvider, 'findByMerchantUid' | 'deleteBillingKey'>;
  verify: Pick<PaymentVerification, 'applyProviderPayment'>;
  renewals: Pick<Renewals, 'renewOne'>;
  clock: Clock;
  log: Logger;
  /** How long a checkout may wait for its payment before it expires (the payment window was closed). */
  checkoutTtlMs: number;
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

export class Jobs {
  constructor(private readonly d: JobDeps) {}

  /** Everything due at `now`: renewals, queued passes starting, passes ending. Safe on several replicas. */
  async runDueJobs(now: Date = this.d.clock.now(), scope?: UserScope): Promise<JobReport> {
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
      const outcome = await this.d.renewals.renewOne(now, scope);
      if (outcome === null) break;
      report[outcome] += 1;
    }
    report.started = await this.batch(
      now,
      scope,
      (tx, n) => this.d.store.passes.claimStartingPasses(tx, now, n, scope),
      'START',
    );
    report.expired = await this.batch(
      now,
      scope,
      (tx, n) => this.d.store.passes.claimExpiredPasses(tx, now, n, scope),
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
    const before = new Date(now.getTime() - this.d.checkoutTtlMs);
    for (const merchantUid of await this.d.store.orders.abandonedCheckouts(this.d.pool, before, 100, scope)) {
      let pp: ProviderPayment | null;
      try {
        pp = await this.d.provider.findByMerchantUid(merchantUid);
      } catch (err) {
        this.d.log.warn({ err, merchantUid }, 'abandoned checkout left for later: provider unreachable');
        continue;
      }
      if (pp && (pp.status === 'paid' || pp.status === 'cancelled')) {
        const r = await this.d.verify.applyProviderPayment(pp);
        if (r.outcome === 'granted') report.checkoutsPaid += 1;
        continue;
      }
      const expired = await withTransaction(this.d.pool, async (tx) => {
        const order = await this.d.store.orders.orderByMerchant(tx, merchantUid, true);
        // Completed or reported failed meanwhile: nothing to expire.
        if (!order || order.status !== 'STANDBY') return false;
        await this.d.store.payments.upsertPayment(tx, order.orderId, {
          // Not the provider's imp_uid of an unpaid attempt: nothing is owed on it, and it stays free.
          impUid: null,
          status: 'failed',
          amount: order.amount,
          failReason: CHECKOUT_EXPIRED,
          at: now,
        });
        await this.d.store.orders.setOrder(tx, order.orderId, { status: 'FAIL', at: now });
        return true;
      });
      if (expired) report.checkoutsExpired += 1;
    }
  }

  /** Deletes withdrawn members' billing keys at the provider; a failure is retried with back-off. */
  private async deleteBillingKeys(now: Date, scope?: UserScope): Promise<number> {
    let deleted = 0;
    for (let i = 0; i < 100; i++) {
      const job = await withTransaction(this.d.pool, (tx) =>
        this.d.store.billingKeys.claimDueBillingKeyDeletion(tx, now, new Date(now.getTime() + 10 * 60_000), scope),
      );
      if (!job) break;
      try {
        // A key PortOne no longer has (404) counts as deleted.
        await this.d.provider.deleteBillingKey(job.customerUid);
        await this.d.store.billingKeys.billingKeyDeleted(this.d.pool, job.customerUid, now);
        deleted++;
      } catch (err) {
        const retryInMs = Math.min(2 ** job.attempts * 60_000, 24 * 60 * 60_000);
        await this.d.store.billingKeys.billingKeyDeletionFailed(
          this.d.pool,
          job.customerUid,
          err instanceof Error ? err.message : String(err),
          new Date(now.getTime() + retryInMs),
        );
        this.d.log.warn({ err, customerUid: job.customerUid, retryInMs }, 'billing key deletion failed; will retry');
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
      const n = await withTransaction(this.d.pool, async (tx) => {
        const passes = await claim(tx, 100);
        for (const p of passes) {
          const changed = await this.d.store.passes.setPass(tx, p.passId, { status, at: now });
          await passChanged(tx, this.d.sink, changed, now);
        }
        return passes.length;
      });
      total += n;
      if (n < 100) return total;
    }
  }
}
