// An administrator's grant: a pass without payment (an order of 0 won), starting now or queued
// after the member's current days; a renewing subscription's next charge waits for it.
import { withTransaction, type Pool } from '@syn/kit';
import { BILLING_MESSAGES as M } from '@syn/kit/rules';
import { invalid } from '../domain/errors';
import type { Clock } from '../domain/clock';
import { passChanged, type EventSink } from '../events/publish';
import type { BillingRepositories } from '../store/repositories';
import type { Pass } from '../store/rows';
import { deferRenewalPast, newMerchantUid, startOrQueuePass } from './shared';

export interface AdminGrantDeps {
  pool: Pool;
  store: Pick<BillingRepositories, 'products' | 'orders' | 'passes' | 'members' | 'subscriptions'>;
  sink: EventSink;
  clock: Clock;
}

export class AdminGrant {
  constructor(private readonly d: AdminGrantDeps) {}

  /** A pass granted by an administrator (no payment): starts now or queues after the current one (and a renewal waits for it). */
  async grant(userId: number, itemId: number): Promise<Pass> {
    const product = await this.d.store.products.product(this.d.pool, itemId);
    if (!product) throw invalid(M.productNotFound);
    const now = this.d.clock.now();
    return withTransaction(this.d.pool, async (tx) => {
      const order = (await this.d.store.orders.insertOrder(tx, {
        merchantUid: newMerchantUid('adm'),
        userId,
        itemId,
        name: product.name,
        amount: 0,
        kind: 'ADMIN',
        status: 'SUCCESS',
        at: now,
      }))!;
      const pass = await startOrQueuePass(this.d.store, tx, order, product, now);
      await this.d.store.orders.setOrder(tx, order.orderId, { status: 'SUCCESS', at: now, passId: pass.passId });
      await passChanged(tx, this.d.sink, pass, now);
      // A subscriber's granted days come after the paid period: the next charge waits for them.
      await deferRenewalPast(this.d.store, tx, userId, pass.endDate, now);
      return pass;
    });
  }
}
