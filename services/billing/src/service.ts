import path from 'node:path';
import { defineService } from '@syn/kit';
import { TOPICS } from '@syn/proto';
import { AccountDirectory } from './adapters/accountDirectory';
import { SmtpMailer } from './adapters/mailer';
import { PortOneClient } from './adapters/portone';
import { createBillingApp } from './app';
import { configShape, loadConfig } from './config';
import { systemClock, type Clock } from './domain/clock';
import type { PaymentProvider } from './domain/provider';
import { parseRetryMinutes } from './domain/renewal';
import type { UserDirectory } from './domain/users';
import { createBillingFlows, type JobReport } from './flows';
import { startScheduler } from './jobs/scheduler';
import type { UserScope } from './store/db';
import { billingRepositories } from './store/repositories';
import { startCouponConsumer } from './coupons/events';
import { Coupons } from './coupons/flows';
import { CouponStore } from './coupons/store';

export interface BillingServiceOptions {
  clock?: Clock;
  /** Replaces the PortOne client (never needed by tests: they use the sandbox). */
  provider?: PaymentProvider;
  users?: UserDirectory;
}

/** The billing service: products, orders, payments, subscriptions and passes (schema `billing`). */
export function createBillingService(opts: BillingServiceOptions = {}) {
  const clock = opts.clock ?? systemClock;
  return defineService({
    name: 'billing',
    configShape,
    loadConfig,
    stores: {
      postgres: { schema: 'billing', migrationsDir: path.resolve(__dirname, '../migrations') },
      mail: true,
    },
    produces: [TOPICS.billing],
    build: (deps) => {
      const { log, pool, config, schema, topicPrefix, mailer } = deps;
      const payClient = {
        impCode: config.PORTONE_IMP_CODE,
        scriptUrl: config.PORTONE_SCRIPT_URL ?? `${config.PORTONE_API_URL.replace(/\/+$/, '')}/v1/iamport.js`,
      };
      const users = opts.users ?? new AccountDirectory(config.ACCOUNT_URL, config.IDENTITY_SECRET);
      const store = billingRepositories(schema);
      const billing = createBillingFlows({
        pool,
        store,
        sink: { schema, topicPrefix },
        provider:
          opts.provider ??
          new PortOneClient({
            baseUrl: config.PORTONE_API_URL,
            apiKey: config.PORTONE_API_KEY,
            apiSecret: config.PORTONE_API_SECRET,
          }),
        users,
        mailer: new SmtpMailer(mailer, config.MAIL_FROM),
        clock,
        log,
        customerPrefix: config.SUBSCRIBE_CUSTOMER_PREFIX,
        retryDelaysMs: parseRetryMinutes(config.RENEWAL_RETRY_MINUTES),
        memberRefundDays: config.MEMBER_REFUND_DAYS,
        checkoutTtlMs: config.CHECKOUT_TTL_MINUTES * 60_000,
      });
      const couponStore = new CouponStore(schema);
      const coupons = {
        store: couponStore,
        flows: new Coupons({
          pool,
          billing: store,
          coupons: couponStore,
          sink: { schema, topicPrefix },
          users,
          clock,
          log,
        }),
      };

      const app = createBillingApp({
        log,
        pool,
        bodyLimit: config.BODY_LIMIT,
        identitySecret: config.IDENTITY_SECRET,
        billing,
        store,
        users,
        clock,
        payClient,
        coupons,
      });
      const consumers = async () => [
        await startCouponConsumer({
          kafka: deps.kafka,
          pool,
          schema,
          topicPrefix,
          log,
          coupons: () => coupons.flows,
          now: () => clock.now(),
        }),
      ];
      // Renewals, retries and expiries; SCHEDULER_INTERVAL_MS=0 leaves them to runDueJobs (tests).
      let scheduler: { stop(): void } | null = null;
      const jobs =
        config.SCHEDULER_INTERVAL_MS > 0
          ? [
              {
                name: 'scheduler',
                start: () => {
                  scheduler = startScheduler({ billing, clock, intervalMs: config.SCHEDULER_INTERVAL_MS, log, pool });
                },
                stop: () => scheduler?.stop(),
              },
            ]
          : [];
      const runDueJobs = (now?: Date, scope?: UserScope): Promise<JobReport> =>
        billing.jobs.runDueJobs(now ?? clock.now(), scope);
      return { app, consumers, jobs, billing, runDueJobs };
    },
  });
}

export const billingService = createBillingService();
