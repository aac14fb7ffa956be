// The account service's own environment (validated with kit's shared fields at start-up).
import { z } from 'zod';

const int = (def: number, min = 0) => z.coerce.number().int().min(min).default(def);

export const accountConfigShape = {
  /** Origin of the web app, for mail links (/confirmEmail, /changePwByMail). */
  PUBLIC_URL: z.string().url().default('http://127.0.0.1:8080'),
  /** Required in production (checked by resolvePepper at start-up); dev/test use a fixed default. */
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
export type AccountConfig = z.infer<z.ZodObject<typeof accountConfigShape>>;
