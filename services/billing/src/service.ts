import path from 'node:path';
import { type LegacyServiceDefinition } from '@syn/kit';
import { TOPICS } from '@syn/proto';
import { z } from 'zod';
import { AccountDirectory } from './adapters/accountDirectory';
import { SmtpMailer } from './adapters/mailer';
import { PortOneClient } from './adapters/portone';
import { createBillingApp } from './app';
import { systemClock, type Clock } from './domain/clock';
import type { PaymentProvider } from './domain/provider';
import { parseRetryMinutes } from './domain/renewal';
import type { UserDirectory } from './domain/users';
import { Billing, type JobReport } from './flows/billing';
import { startScheduler } from './jobs/scheduler';
import { BillingStore, type UserScope } from './store/store';
import { startCouponConsumer } from './coupons/events';
import { Coupons } from './coupons/flows';
import { CouponStore } from './coupons/store';

const SANDBOX_KEY = 'sandbox-key';
const SANDBOX_IMP_CODE = 'imp_sandbox';

export const billingConfigShape = {
  /** PortOne v1 API; the default is the local sandbox (deploy/local/portone-sandbox). */
  PORTONE_API_URL: z.string().url().default('http://127.0.0.1:4100'),
  PORTONE_API_KEY: z.string().min(1).default(SANDBOX_KEY),
  PORTONE_API_SECRET: z.string().min(1).default('sandbox-secret'),
  /** Merchant code for the browser's `IMP.init` (production: the PortOne console's 가맹점 식별코드). */
  PORTONE_IMP_CODE: z.string().trim().min(1).default(SANDBOX_IMP_CODE),
  /** The browser script; default `${PORTONE_API_URL}/v1/iamport.js` (the sandbox serves it). */
  PORTONE_SCRIPT_URL: z.string().url().optional(),
  /** Account service, for member emails and names (POST /internal/users/lookup). */
  ACCOUNT_URL: z.string().url().default('http://127.0.0.1:4001'),
  /** customer_uid = prefix_itemId_userId (spec §7.4). */
  SUBSCRIBE_CUSTOMER_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9]+$/)
    .default('syn'),
  /** Waits before each retry of a declined renewal, in minutes; after the last, the pass locks. */
  RENEWAL_RETRY_MINUTES: z
    .string()
    .default('60,360,1440')
    .refine((s) => {
      try {
        parseRetryMinutes(s);
        return true;
      } catch {
        return false;
      }
    }, 'comma-separated minutes'),
  /** 0 turns the in-process scheduler off (tests call runDueJobs). */
  SCHEDULER_INTERVAL_MS: z.coerce.number().int().min(0).default(60_000),
  MEMBER_REFUND_DAYS: z.coerce.number().int().min(0).default(7),
  /** A checkout unpaid this long is asked of PortOne once more, then expires (the window was closed). */
  CHECKOUT_TTL_MINUTES: z.coerce.number().int().min(1).default(30),
  MAIL_FROM: z.string().default('유의어 사전 <no-reply@syndict.local>'),
};

export interface BillingServiceOptions {
  clock?: Clock;
  /** Replaces the PortOne client (never needed by tests: they use the sandbox). */
  provider?: PaymentProvider;
  users?: UserDirectory;
}

export interface BillingHandle {
  billing: Billing;
  runDueJobs(now?: Date, scope?: UserScope): Promise<JobReport>;
}

export type BillingServiceDefinition = LegacyServiceDefinition<typeof billingConfigShape> & {
  /** Available once the service has started. */
  handle(): BillingHandle;
};

export function createBillingService(opts: BillingServiceOptions = {}): BillingServiceDefinition {
  const clock = opts.clock ?? systemClock;
  let handle: BillingHandle | null = null;
  // Built once and shared by the account-event consumer (started first) and the HTTP app.
  let couponParts: { flows: Coupons; store: CouponStore } | null = null;
  const couponsOf = (deps: {
    pool?: import('@syn/kit').Pool;
    schema?: string;
    topicPrefix: string;
    log: import('@syn/kit').Logger;
    config: { ACCOUNT_URL: string; IDENTITY_SECRET: string };
  }) => {
    if (!couponParts) {
      const store = new CouponStore(deps.schema!);
      couponParts = {
        store,
        flows: new Coupons({
          pool: deps.pool!,
          billing: new BillingStore(deps.schema!),
          coupons: store,
          sink: { schema: deps.schema!, topicPrefix: deps.topicPrefix },
          users: opts.users ?? new AccountDirectory(deps.config.ACCOUNT_URL, deps.config.IDENTITY_SECRET),
          clock,
          log: deps.log,
        }),
      };
    }
    return couponParts;
  };
  return {
    name: 'billing',
    defaultPort: 4004,
    configShape: billingConfigShape,
    postgres: { schema: 'billing', migrationsDir: path.resolve(__dirname, '../migrations') },
    produces: [TOPICS.billing],
    mail: true,
    consumers: async (deps) => [
      await startCouponConsumer({
        kafka: deps.kafka,
        pool: deps.pool!,
        schema: deps.schema!,
        topicPrefix: deps.topicPrefix,
        log: deps.log,
        coupons: () => couponsOf(deps).flows,
        now: () => clock.now(),
      }),
    ],
    app: (deps) => {
      const { log, pool, config, schema, topicPrefix, mailer } = deps;
      if (config.NODE_ENV === 'production' && config.PORTONE_API_KEY === SANDBOX_KEY) {
        throw new Error('PORTONE_API_URL, PORTONE_API_KEY and PORTONE_API_SECRET must be set in production');
      }
      if (
        config.NODE_ENV === 'production' &&
        (config.PORTONE_IMP_CODE === SANDBOX_IMP_CODE || config.PORTONE_SCRIPT_URL === undefined)
      ) {
        throw new Error('PORTONE_IMP_CODE and PORTONE_SCRIPT_URL must be set in production');
      }
      const payClient = {
        impCode: config.PORTONE_IMP_CODE,
        scriptUrl: config.PORTONE_SCRIPT_URL ?? `${config.PORTONE_API_URL.replace(/\/+$/, '')}/v1/iamport.js`,
      };
      const store = new BillingStore(schema!);
      const users = opts.users ?? new AccountDirectory(config.ACCOUNT_URL, config.IDENTITY_SECRET);
      const billing = new Billing({
        pool: pool!,
        store,
        sink: { schema: schema!, topicPrefix },
        provider:
          opts.provider ??
          new PortOneClient({
            baseUrl: config.PORTONE_API_URL,
            apiKey: config.PORTONE_API_KEY,
            apiSecret: config.PORTONE_API_SECRET,
          }),
        users,
        mailer: mailer ? new SmtpMailer(mailer, config.MAIL_FROM) : null,
        clock,
        log,
        customerPrefix: config.SUBSCRIBE_CUSTOMER_PREFIX,
        retryDelaysMs: parseRetryMinutes(config.RENEWAL_RETRY_MINUTES),
        memberRefundDays: config.MEMBER_REFUND_DAYS,
        checkoutTtlMs: config.CHECKOUT_TTL_MINUTES * 60_000,
      });
      handle = { billing, runDueJobs: (now, scope) => billing.runDueJobs(now ?? clock.now(), scope) };
      if (config.SCHEDULER_INTERVAL_MS > 0) {
        startScheduler({ billing, clock, intervalMs: config.SCHEDULER_INTERVAL_MS, log, pool: pool! });
      }
      return createBillingApp({
        log,
        pool: pool!,
        bodyLimit: config.BODY_LIMIT,
        identitySecret: config.IDENTITY_SECRET,
        billing,
        store,
        users,
        clock,
        payClient,
        coupons: couponsOf(deps),
      });
    },
    handle() {
      if (!handle) throw new Error('billing service not started');
      return handle;
    },
  };
}

/** The billing service: products, orders, payments, subscriptions and passes (schema `billing`). */
export const billingService = createBillingService();
