// The account service's whole environment (the kit's shared fields and its own), and what the
// seeding of `npm start` reads.
import { baseConfigShape, configSchema, parseConfig, runtimeShape, storeShapes, type Env } from '@syn/kit';
import { z } from 'zod';

const int = (def: number, min = 0) => z.coerce.number().int().min(min).default(def);

export const configShape = {
  ...runtimeShape(4001),
  ...storeShapes.postgres,
  ...storeShapes.redis,
  ...storeShapes.mail,
  /** Origin of the web app, for mail links (/confirmEmail, /changePwByMail); the local web app outside production. */
  PUBLIC_URL: z.string().url(),
  /** Required in production; dev/test use a fixed default (security/passwords.ts resolvePepper). */
  PASSWORD_PEPPER: z.string().min(16).optional(),
  MAIL_FROM: z.string().default('"유의어 사전" <no-reply@syndict.local>'),
  CONFIRM_TOKEN_TTL_MINUTES: int(24 * 60, 1),
  RESET_TOKEN_TTL_MINUTES: int(60, 1),
  /** Spec: at most 100 failed logins an hour per account. */
  LOGIN_MAX_FAILURES_PER_HOUR: int(100, 1),
  /** Failed logins per client address per hour; accounts that signed in there before are exempt. */
  LOGIN_IP_MAX_FAILURES_PER_HOUR: int(300, 1),
  /** Failures of one account without delay before its exponential back-off starts. */
  LOGIN_BACKOFF_FREE_FAILURES: int(5),
  LOGIN_BACKOFF_BASE_MS: int(1_000, 1),
  LOGIN_BACKOFF_MAX_MS: int(15 * 60_000, 1),
  /** Coupon-gift recipient searches a member may run per minute, and per day. */
  MEMBER_SEARCH_PER_MINUTE: int(20, 1),
  MEMBER_SEARCH_PER_DAY: int(100, 1),
  /** Coupon-gift recipient searches per client address per hour (each confirms or denies an address). */
  MEMBER_SEARCH_IP_PER_HOUR: int(60, 1),
  /** Recommender checks and mail requests per IP per hour (they reveal whether an email is registered). */
  LOOKUPS_PER_HOUR: int(60, 1),
  /** Referral credits one recommender can earn in a day (domain/referral.ts). */
  REFERRAL_CREDITS_PER_DAY: int(10, 1),
  /** Mails (verification, reset) per address per hour. */
  MAILS_PER_ADDRESS_PER_HOUR: int(5, 1),
};

export const accountConfigSchema = configSchema(configShape, {
  local: { PUBLIC_URL: 'http://127.0.0.1:8080' },
  production: (c, problem) => {
    if (c.PASSWORD_PEPPER === undefined) problem('PASSWORD_PEPPER', 'is required in production');
  },
});
export type AccountConfig = z.output<typeof accountConfigSchema>;

export function loadConfig(env: Env = process.env): AccountConfig {
  return parseConfig(accountConfigSchema, env);
}

/** What seeding the administrator and the sample predecessor members reads (jobs/seed.ts). */
const seedSchema = z.object({
  NODE_ENV: baseConfigShape.NODE_ENV,
  ACCOUNT_SCHEMA: z.string().default('account'),
  /** The administrator to create (default admin@syndict.local). */
  ADMIN_EMAIL: z.string().optional(),
  /** Unset: a random password is printed once. */
  ADMIN_PASSWORD: z.string().optional(),
  PASSWORD_PEPPER: z.string().optional(),
});
export type SeedConfig = z.output<typeof seedSchema>;

export function loadSeedConfig(env: Env = process.env): SeedConfig {
  return parseConfig(seedSchema, env);
}
