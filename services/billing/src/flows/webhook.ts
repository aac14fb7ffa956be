// The provider's notification. Webhooks are unsigned (v1): the body only says which payment to
// look at; the payment is fetched again from the provider and applied as a completion would be.
import type { Pool } from '@syn/kit';
import type { PaymentProvider } from '../domain/provider';
import type { BillingRepositories } from '../store/repositories';
import type { Refunds } from './refund';
import type { GrantOutcome, PaymentVerification } from './verify';

export interface WebhookDeps {
  pool: Pool;
  store: Pick<BillingRepositories, 'orders'>;
  provider: Pick<PaymentProvider, 'getPayment'>;
  verify: Pick<PaymentVerification, 'applyProviderPayment'>;
  refunds: Pick<Refunds, 'syncCancelled'>;
}

export class Webhook {
  constructor(private readonly d: WebhookDeps) {}

  /** Webhooks are unsigned (v1): the body only says which payment to look at. */
  async receive(impUid: string, merchantUid: string | undefined): Promise<GrantOutcome | 'ignored'> {
    const pp = await this.d.provider.getPayment(impUid);
    if (!pp || (merchantUid && pp.merchantUid !== merchantUid)) return 'ignored';
    const order = await this.d.store.orders.orderByMerchant(this.d.pool, pp.merchantUid);
    if (!order) return 'ignored';
    if (pp.status === 'cancelled' && order.status === 'SUCCESS') {
      await this.d.refunds.syncCancelled(pp);
      return 'cancelled';
    }
    return (await this.d.verify.applyProviderPayment(pp)).outcome;
  }
}
