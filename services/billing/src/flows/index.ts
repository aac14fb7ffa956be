// The billing flows, one a use case, wired with the dependencies each needs. The HTTP handlers,
// the scheduler and the service handle call these; these call the repositories (inside
// transactions) and the provider (outside them, except where a row lock must cover the call).
import type { Logger, Pool } from '@syn/kit';
import type { Clock } from '../domain/clock';
import type { PaymentProvider } from '../domain/provider';
import type { Mailer, UserDirectory } from '../domain/users';
import type { EventSink } from '../events/publish';
import type { BillingRepositories } from '../store/repositories';
import { AdminGrant } from './adminGrant';
import { Catalogue } from './catalogue';
import { Checkout } from './checkout';
import { Jobs } from './jobs';
import { Refunds } from './refund';
import { Renewals } from './renewal';
import { Subscriptions } from './subscription';
import { PaymentVerification } from './verify';
import { Webhook } from './webhook';

export type { JobReport } from './jobs';
export type { GrantOutcome, GrantResult } from './verify';

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

export interface BillingFlows {
  catalogue: Catalogue;
  verify: PaymentVerification;
  checkout: Checkout;
  refunds: Refunds;
  webhook: Webhook;
  subscriptions: Subscriptions;
  adminGrant: AdminGrant;
  jobs: Jobs;
}

export function createBillingFlows(o: BillingOptions): BillingFlows {
  const { pool, store, sink, provider, clock, log } = o;
  const verify = new PaymentVerification({ pool, store, sink, provider, clock, log });
  const refunds = new Refunds({ pool, store, sink, provider, clock, log, memberRefundDays: o.memberRefundDays });
  const renewals = new Renewals({
    pool,
    store,
    sink,
    provider,
    verify,
    users: o.users,
    mailer: o.mailer,
    log,
    retryDelaysMs: o.retryDelaysMs,
  });
  return {
    catalogue: new Catalogue({ pool, store }),
    verify,
    checkout: new Checkout({ pool, store, provider, verify, clock, log }),
    refunds,
    webhook: new Webhook({ pool, store, provider, verify, refunds }),
    subscriptions: new Subscriptions({ pool, store, provider, verify, clock, log, customerPrefix: o.customerPrefix }),
    adminGrant: new AdminGrant({ pool, store, sink, clock }),
    jobs: new Jobs({ pool, store, sink, provider, verify, renewals, clock, log, checkoutTtlMs: o.checkoutTtlMs }),
  };
}
