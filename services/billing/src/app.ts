// Express app factory of the billing service (no listen here).
import { checks, createApp, type Logger, type Pool } from '@syn/kit';
import type { Express } from 'express';
import type { Clock } from './domain/clock';
import type { BillingFlows } from './flows';
import type { UserDirectory } from './domain/users';
import type { BillingRepositories } from './store/repositories';
import { adminRoutes } from './routes/admin';
import { memberRoutes } from './routes/member';
import { payConfigRoutes, type PayClientConfig } from './routes/payConfig';
import { subscribeRoutes } from './routes/subscribe';
import { couponRoutes } from './coupons/routes';
import { domainErrorsAsHttp } from './routes/errors';
import type { Coupons } from './coupons/flows';
import type { CouponStore } from './coupons/store';

export interface AppDeps {
  log: Logger;
  pool: Pool;
  bodyLimit: string;
  /** Verifies the gateway's identity headers (config IDENTITY_SECRET). */
  identitySecret: string;
  billing: BillingFlows;
  store: BillingRepositories;
  users: UserDirectory;
  clock: Clock;
  /** The browser's PortOne script and merchant code (GET /api/pay/config). */
  payClient: PayClientConfig;
  /** Coupons, gifts, referral rewards and legacy grants (src/coupons). */
  coupons: { flows: Coupons; store: CouponStore };
}

export function createBillingApp(a: AppDeps): Express {
  const d = {
    billing: a.billing,
    store: a.store,
    pool: a.pool,
    clock: a.clock,
    users: a.users,
    warn: (o: object, m: string) => a.log.warn(o, m),
  };
  return createApp({
    service: 'billing',
    log: a.log,
    identitySecret: a.identitySecret,
    bodyLimit: a.bodyLimit,
    health: { postgres: checks.postgres(a.pool) },
    routes: (app) => {
      memberRoutes(app, d);
      payConfigRoutes(app, { billing: a.billing, payClient: a.payClient });
      subscribeRoutes(app, d);
      adminRoutes(app, d);
      couponRoutes(app, {
        coupons: a.coupons.flows,
        store: a.coupons.store,
        pool: a.pool,
        users: a.users,
        warn: d.warn,
      });
      // After every route: the flows' domain errors become their HTTP answers.
      app.use(domainErrorsAsHttp);
    },
  });
}
