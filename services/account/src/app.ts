// Express app factory of the account service (no listen: kit startService does that).
import { checks, createApp, type Logger, type Pool, type Redis } from '@syn/kit';
import type { Express } from 'express';
import type { Transporter } from 'nodemailer';
import type { AccountConfig } from './config';
import { createPublisher } from './events/publish';
import { createAccountMailer } from './mail/mailer';
import { accountErrors } from './routes/errors';
import { userRoutes } from './routes/user';
import { internalRoutes } from './routes/internal';
import { sysRoutes } from './routes/sys';
import { createHasher, resolvePepper } from './security/passwords';
import { ReferralStore } from './store/referrals';
import { LegacyStore } from './store/legacy';
import { LoginThrottle } from './store/limits';
import { PassStore } from './store/passes';
import { SessionStore } from './store/sessions';
import { TokenStore } from './store/tokens';
import { UserStore } from './store/users';
import type { AccountContext } from './usecases/context';

export interface AccountAppDeps {
  log: Logger;
  pool: Pool;
  redis: Redis;
  mailer: Transporter;
  schema: string;
  topicPrefix: string;
  config: AccountConfig;
}

export const LEGACY_SCHEMA = 'legacy';

export function buildContext(deps: AccountAppDeps): AccountContext {
  const c = deps.config;
  return {
    schema: deps.schema,
    pool: deps.pool,
    redis: deps.redis,
    log: deps.log,
    config: c,
    users: new UserStore(deps.schema),
    referrals: new ReferralStore(deps.schema),
    tokens: new TokenStore(deps.schema),
    passes: new PassStore(deps.schema),
    legacy: new LegacyStore(LEGACY_SCHEMA, deps.schema),
    sessions: new SessionStore(deps.redis),
    throttle: new LoginThrottle(
      deps.redis,
      {
        maxFailuresPerHour: c.LOGIN_MAX_FAILURES_PER_HOUR,
        freeFailures: c.LOGIN_BACKOFF_FREE_FAILURES,
        baseDelayMs: c.LOGIN_BACKOFF_BASE_MS,
        maxDelayMs: c.LOGIN_BACKOFF_MAX_MS,
      },
      // An address (an office, a campus) is only limited in volume: many members share it.
      c.LOGIN_IP_MAX_FAILURES_PER_HOUR,
    ),
    hasher: createHasher(resolvePepper(c)),
    // The credit ledger's keyed hashes use the same server secret: never in the database it protects.
    referralSecret: resolvePepper(c),
    mailer: createAccountMailer(deps.mailer, c.MAIL_FROM, {
      confirmMinutes: c.CONFIRM_TOKEN_TTL_MINUTES,
      resetMinutes: c.RESET_TOKEN_TTL_MINUTES,
    }),
    publish: createPublisher(deps.schema, deps.topicPrefix),
  };
}

export function createAccountApp(deps: AccountAppDeps): Express {
  const ctx = buildContext(deps);
  return createApp({
    service: 'account',
    log: deps.log,
    identitySecret: deps.config.IDENTITY_SECRET,
    bodyLimit: deps.config.BODY_LIMIT,
    health: { postgres: checks.postgres(deps.pool), redis: checks.redis(deps.redis) },
    routes: (app) => {
      app.use('/api/user', userRoutes(ctx));
      app.use('/api/sys', sysRoutes(ctx));
      app.use('/internal', internalRoutes(ctx));
      // The use cases' refusals become statuses here, before the kit's error handler answers.
      app.use(accountErrors);
    },
  });
}
