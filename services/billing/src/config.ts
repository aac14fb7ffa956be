// The billing service's whole environment: the kit's shared fields and its own. Outside production
// PortOne is the local sandbox (deploy/local/portone-sandbox); production must name the real one.
import { baseConfigShape, configSchema, parseConfig, runtimeShape, storeShapes, type Env } from '@syn/kit';
import { z } from 'zod';
import { parseRetryMinutes } from './domain/renewal';

const SANDBOX_KEY = 'sandbox-key';
const SANDBOX_IMP_CODE = 'imp_sandbox';

/** The local stand-ins of the settings below: the sandbox and the local account service. */
const LOCAL = {
  PORTONE_API_URL: 'http://127.0.0.1:4100',
  PORTONE_API_KEY: SANDBOX_KEY,
  PORTONE_API_SECRET: 'sandbox-secret',
  PORTONE_IMP_CODE: SANDBOX_IMP_CODE,
  ACCOUNT_URL: 'http://127.0.0.1:4001',
};

/** PortOne v1 API credentials (the service and the reconcile script). */
const portoneShape = {
  PORTONE_API_URL: z.string().url(),
  PORTONE_API_KEY: z.string().min(1),
  PORTONE_API_SECRET: z.string().min(1),
};

export const configShape = {
  ...runtimeShape(4004),
  ...storeShapes.postgres,
  ...storeShapes.mail,
  ...portoneShape,
  /** Merchant code for the browser's `IMP.init` (production: the PortOne console's 가맹점 식별코드). */
  PORTONE_IMP_CODE: z.string().trim().min(1),
  /** The browser script; default `${PORTONE_API_URL}/v1/iamport.js` (the sandbox serves it). Required in production. */
  PORTONE_SCRIPT_URL: z.string().url().optional(),
  /** Account service, for member emails and names (POST /internal/users/lookup). */
  ACCOUNT_URL: z.string().url(),
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

export const billingConfigSchema = configSchema(configShape, {
  local: LOCAL,
  production: (c, problem) => {
    if (c.PORTONE_API_KEY === SANDBOX_KEY) problem('PORTONE_API_KEY', "is the sandbox's: production needs its own");
    if (c.PORTONE_IMP_CODE === SANDBOX_IMP_CODE)
      problem('PORTONE_IMP_CODE', "is the sandbox's: production needs its own");
    if (c.PORTONE_SCRIPT_URL === undefined) problem('PORTONE_SCRIPT_URL', 'is required in production');
  },
});
export type BillingConfig = z.output<typeof billingConfigSchema>;

export function loadConfig(env: Env = process.env): BillingConfig {
  return parseConfig(billingConfigSchema, env);
}

const reconcileSchema = configSchema(
  { NODE_ENV: baseConfigShape.NODE_ENV, DATABASE_URL: storeShapes.postgres.DATABASE_URL, ...portoneShape },
  {
    local: LOCAL,
    production: (c, problem) => {
      if (c.PORTONE_API_KEY === SANDBOX_KEY) problem('PORTONE_API_KEY', "is the sandbox's: production needs its own");
    },
  },
);

/** What `npm run billing:reconcile` reads: the database and PortOne. */
export function loadReconcileConfig(env: Env = process.env): z.output<typeof reconcileSchema> {
  return parseConfig(reconcileSchema, env);
}
