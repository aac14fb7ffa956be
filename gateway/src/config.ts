// The gateway's environment, validated once at start-up. Everything
// environment-specific or secret comes from here; nothing is committed.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { DEVELOPMENT_IDENTITY_SECRET } from '@syn/kit/identity';
import { z } from 'zod';
import type { RateLimitClass, RateLimitSetting } from './plugin/settings';
import type { SiteInfo } from './plugin/site';

const REPO_ROOT = path.resolve(__dirname, '..', '..');

/** express-gateway substitutes `${NAME}` in its config files from process.env; keep such text out of values. */
const noTemplate = (value: string): boolean => !value.includes('${');

const httpUrl = z
  .string()
  .trim()
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'http:' || url.protocol === 'https:') && url.pathname === '/' && !url.search;
    } catch {
      return false;
    }
  }, 'must be an http(s) origin such as http://127.0.0.1:4001')
  .transform((value) => new URL(value).origin);

const secret = z
  .string()
  .min(32, 'must be at least 32 characters')
  .refine(noTemplate, 'must not contain "${"')
  .optional();

/** "256kb", "1mb", "1024": the size units the `bytes` package understands. */
const BODY_LIMIT_PATTERN = /^(\d+)\s*(b|kb|mb)?$/i;
const UNIT_BYTES: Record<string, number> = { b: 1, kb: 1024, mb: 1024 * 1024 };

/** "120/60": at most 120 requests per 60 seconds from one client address. */
const RATE_PATTERN = /^(\d+)\s*\/\s*(\d+)$/;
const rate = z
  .string()
  .trim()
  .refine((value) => RATE_PATTERN.test(value), 'must look like 120/60 (requests per seconds)')
  .transform((value) => {
    const [, points, seconds] = RATE_PATTERN.exec(value) ?? [];
    return { points: Number(points), durationSeconds: Number(seconds) };
  })
  .pipe(
    z.object({
      points: z.number().int().positive('needs at least one request'),
      durationSeconds: z.number().int().min(1).max(86_400),
    }),
  )
  .optional();

export type { RateLimitClass };
type RateLimit = RateLimitSetting;

/**
 * Per client address. Search allows quick successive look-ups; auth (sign-in, sign-up, mail-sending and
 * password-checking calls) is tight against guessing; admin and the rest sit between.
 */
const RATE_DEFAULTS: Record<RateLimitClass, RateLimit> = {
  search: { points: 300, durationSeconds: 60 },
  auth: { points: 20, durationSeconds: 60 },
  admin: { points: 300, durationSeconds: 60 },
  api: { points: 600, durationSeconds: 60 },
};
/** A test stack's browsers all come from 127.0.0.1: limits are lifted unless a test sets them. */
const RATE_TEST_DEFAULT: RateLimit = { points: 1_000_000, durationSeconds: 60 };

/** Text a person reads on the site: one trimmed line, never an express-gateway template. */
const displayText = z
  .string()
  .trim()
  .min(1, 'must not be blank')
  .max(200, 'must be at most 200 characters')
  .refine((value) => !/\p{Cc}/u.test(value), 'must be one line without control characters')
  .refine(noTemplate, 'must not contain "${"')
  .optional();

const email = z.string().trim().pipe(z.email('must be an email address')).optional();

const REGISTRATION_NUMBER = /^\d{3}-\d{2}-\d{5}$/;
const CHECK_WEIGHTS = [1, 3, 7, 1, 3, 7, 1, 3, 5];

/** The National Tax Service's check digit (the 10th digit) of a 사업자등록번호: a mistyped digit is caught here. */
export function hasValidCheckDigit(registrationNumber: string): boolean {
  const digits = registrationNumber.replace(/\D/g, '').split('').map(Number);
  if (digits.length !== 10) return false;
  const weighted = CHECK_WEIGHTS.reduce((sum, weight, index) => sum + weight * (digits[index] ?? 0), 0);
  const sum = weighted + Math.floor(((digits[8] ?? 0) * 5) / 10);
  return (10 - (sum % 10)) % 10 === digits[9];
}

const registrationNumber = z
  .string()
  .trim()
  .refine((value) => REGISTRATION_NUMBER.test(value), 'must look like 000-00-00000')
  .refine((value) => !REGISTRATION_NUMBER.test(value) || hasValidCheckDigit(value), 'has a wrong check digit')
  .optional();

/** 02-123-4567, 1588-0000, +82 2 123 4567: digits with the usual separators, 8 to 15 digits. */
const phone = z
  .string()
  .trim()
  .refine(
    (value) => /^\+?[\d\s()-]+$/.test(value) && /^(?:\D*\d){8,15}\D*$/.test(value),
    'must be a phone number such as 02-123-4567 or 1588-0000',
  )
  .optional();

/** The seller details a Korean paid service shows before it takes a card, and its privacy officer. */
const SITE_DETAILS = [
  'BUSINESS_NAME',
  'BUSINESS_REPRESENTATIVE',
  'BUSINESS_REGISTRATION_NUMBER',
  'BUSINESS_MAIL_ORDER_NUMBER',
  'BUSINESS_ADDRESS',
  'BUSINESS_PHONE',
  'BUSINESS_EMAIL',
  'BUSINESS_HOURS',
  'PRIVACY_OFFICER_NAME',
  'PRIVACY_OFFICER_EMAIL',
  'PRIVACY_TRUSTEE_PAYMENT',
  'PRIVACY_TRUSTEE_MAIL',
] as const;
type SiteDetail = (typeof SITE_DETAILS)[number];

/**
 * Samples for development and test only, plainly fake (marked 개발용/예시, reserved .example
 * domains, an all-zero registration number) so the footer, the purchase page and the privacy
 * policy can be built and tested. Production must set its own and may not reuse these.
 */
export const SAMPLE_SITE_DETAILS: Record<SiteDetail, string> = {
  BUSINESS_NAME: '유의어사전 주식회사(개발용)',
  BUSINESS_REPRESENTATIVE: '홍길동(예시)',
  BUSINESS_REGISTRATION_NUMBER: '000-00-00000',
  BUSINESS_MAIL_ORDER_NUMBER: '제0000-서울종로-0000호(예시)',
  BUSINESS_ADDRESS: '서울특별시 종로구 예시로 1, 0층(개발용 주소)',
  BUSINESS_PHONE: '02-000-0000',
  BUSINESS_EMAIL: 'help@syndict.example',
  BUSINESS_HOURS: '평일 10:00~18:00 (점심시간 12:00~13:00, 주말·공휴일 휴무)',
  PRIVACY_OFFICER_NAME: '김보호(예시)',
  PRIVACY_OFFICER_EMAIL: 'privacy@syndict.example',
  PRIVACY_TRUSTEE_PAYMENT: 'PortOne(포트원) 및 결제대행사(예시)',
  PRIVACY_TRUSTEE_MAIL: '메일 발송 업체(예시)',
};

/** A CSP source that names one origin exactly, or the keywords 'self' / 'none': no wildcards or bare schemes. */
const FRAME_ANCESTOR = /^(?:'self'|'none'|https?:\/\/[A-Za-z0-9.-]+(?::\d{1,5})?)$/;

const schema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  GATEWAY_PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  GATEWAY_HOST: z.string().trim().min(1).default('127.0.0.1'),
  /** Prometheus metrics on an address of their own (never the public port); unset: not served. */
  GATEWAY_METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  GATEWAY_METRICS_HOST: z.string().trim().min(1).default('127.0.0.1'),
  ACCOUNT_URL: httpUrl.default('http://127.0.0.1:4001'),
  DICTIONARY_URLS: z
    .string()
    .default('http://127.0.0.1:4002')
    .transform((value) =>
      value
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean),
    )
    .pipe(z.array(httpUrl).min(1, 'needs at least one URL')),
  WORDBOOK_URL: httpUrl.default('http://127.0.0.1:4003'),
  BILLING_URL: httpUrl.default('http://127.0.0.1:4004'),
  STATISTICS_URL: httpUrl.default('http://127.0.0.1:4005'),
  REDIS_URL: z
    .string()
    .trim()
    .default('redis://127.0.0.1:6379')
    .refine((value) => /^rediss?:\/\//.test(value), 'must be a redis:// or rediss:// URL'),
  WEB_DIST: z
    .string()
    .trim()
    .min(1)
    .default(path.join(REPO_ROOT, 'web', 'dist'))
    .transform((value) => path.resolve(value)),
  BODY_LIMIT: z
    .string()
    .trim()
    .default('256kb')
    .refine((value) => BODY_LIMIT_PATTERN.test(value), 'must look like 256kb, 1mb or a byte count')
    .transform((value) => {
      const [, amount, unit] = BODY_LIMIT_PATTERN.exec(value) ?? [];
      return Number(amount) * (UNIT_BYTES[(unit ?? 'b').toLowerCase()] ?? 1);
    })
    .pipe(z.number().int().positive('must be positive')),
  /** How long the gateway waits for an upstream before answering 502. */
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  /** Express "trust proxy" value when a load balancer sits in front (hop count or subnet list); off by default. */
  TRUST_PROXY: z.string().trim().default(''),
  /** Origins allowed to embed the app in a frame (the host page of spec §1), space-separated CSP sources. */
  CSP_FRAME_ANCESTORS: z
    .string()
    .trim()
    .default("'self'")
    .refine(
      (value) => words(value).every((word) => FRAME_ANCESTOR.test(word)),
      "must list 'self', 'none' or exact http(s) origins",
    ),
  /** Host pages that may receive the login status (web app/embed.ts); each must also be in CSP_FRAME_ANCESTORS. */
  EMBED_PARENT_ORIGINS: z
    .string()
    .default('')
    .transform((value) => value.split(/[\s,]+/).filter(Boolean))
    .pipe(z.array(httpUrl)),
  BUSINESS_NAME: displayText,
  BUSINESS_REPRESENTATIVE: displayText,
  BUSINESS_REGISTRATION_NUMBER: registrationNumber,
  BUSINESS_MAIL_ORDER_NUMBER: displayText,
  BUSINESS_ADDRESS: displayText,
  BUSINESS_PHONE: phone,
  BUSINESS_EMAIL: email,
  BUSINESS_HOURS: displayText,
  PRIVACY_OFFICER_NAME: displayText,
  PRIVACY_OFFICER_EMAIL: email,
  /** Who processes members' data for us (개인정보 보호법 §26: the privacy policy names each trustee). */
  PRIVACY_TRUSTEE_PAYMENT: displayText,
  PRIVACY_TRUSTEE_MAIL: displayText,
  /** Extra origins the app may load scripts from, connect, frame and post forms to (the payment provider). */
  CSP_EXTRA_ORIGINS: z.string().trim().default(''),
  /** The public address of the app; its origin is trusted for cookie-carrying writes (CSRF check). */
  PUBLIC_URL: z
    .string()
    .trim()
    .optional()
    .refine((value) => value === undefined || URL.canParse(value), 'must be a URL'),
  RATE_LIMIT_SEARCH: rate,
  RATE_LIMIT_AUTH: rate,
  RATE_LIMIT_ADMIN: rate,
  RATE_LIMIT_API: rate,
  // express-gateway's own secrets. We use none of its auth models, but its defaults are public strings.
  EG_CRYPTO_CIPHER_KEY: secret,
  EG_CRYPTO_ALGORITHM: z.string().trim().default('aes256'),
  EG_SESSION_SECRET: secret,
  EG_ACCESS_TOKEN_SECRET: secret,
  /** Signs the identity headers the services believe (kit identity.ts); the services hold the same value. */
  IDENTITY_SECRET: secret,
});

const PRODUCTION_SECRETS = [
  'EG_CRYPTO_CIPHER_KEY',
  'EG_SESSION_SECRET',
  'EG_ACCESS_TOKEN_SECRET',
  'IDENTITY_SECRET',
] as const;

export interface GatewayConfig {
  nodeEnv: 'development' | 'test' | 'production';
  port: number;
  host: string;
  /** Where GET /metrics is served, or null when it is not. */
  metrics: { port: number; host: string } | null;
  services: {
    account: string;
    dictionary: string[];
    wordbook: string;
    billing: string;
    statistics: string;
  };
  redisUrl: string;
  webDist: string;
  bodyLimitBytes: number;
  upstreamTimeoutMs: number;
  trustProxy: string;
  csp: { frameAncestors: string[]; extraOrigins: string[] };
  /** Origins besides the request's own that may send cookie-carrying writes. */
  trustedOrigins: string[];
  rateLimits: Record<RateLimitClass, RateLimit>;
  /** Shared with the services: the gateway signs who each caller is with it. */
  identitySecret: string;
  /** Seller details, privacy officer and embed origins the web app reads at GET /site.json. */
  site: SiteInfo;
  expressGateway: {
    cipherKey: string;
    algorithm: string;
    sessionSecret: string;
    accessTokenSecret: string;
  };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid gateway environment:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const randomSecret = (): string => randomBytes(32).toString('hex');
function words(value: string): string[] {
  return value.split(/\s+/).filter(Boolean);
}

function originOf(value: string): string | undefined {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/** The variables whose origins the CSRF check trusts (see trustedOrigins below). */
const TRUSTED_ORIGIN_SOURCES = ['PUBLIC_URL', 'CSP_FRAME_ANCESTORS', 'CSP_EXTRA_ORIGINS'] as const;

/** https and not a loopback or unqualified local name: what a production browser origin must be. */
export function isProductionOrigin(origin: string): boolean {
  const url = new URL(origin);
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const local =
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host === '::1' ||
    host === '0.0.0.0' ||
    /^127\.\d+\.\d+\.\d+$/.test(host);
  return url.protocol === 'https:' && !local;
}

function rateLimits(e: z.infer<typeof schema>): Record<RateLimitClass, RateLimit> {
  const fallback = (name: RateLimitClass): RateLimit =>
    e.NODE_ENV === 'test' ? RATE_TEST_DEFAULT : RATE_DEFAULTS[name];
  return {
    search: e.RATE_LIMIT_SEARCH ?? fallback('search'),
    auth: e.RATE_LIMIT_AUTH ?? fallback('auth'),
    admin: e.RATE_LIMIT_ADMIN ?? fallback('admin'),
    api: e.RATE_LIMIT_API ?? fallback('api'),
  };
}

/** Reads the environment; throws ConfigError listing every missing or invalid variable. */
export function loadConfig(env: NodeJS.ProcessEnv): GatewayConfig {
  // An empty variable means "unset", so `FOO=` in a shell falls back to the default.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = schema.safeParse(present);
  const problems = parsed.success
    ? []
    : parsed.error.issues.map((issue) => `${issue.path.join('.') || '(env)'}: ${issue.message}`);
  if (present.NODE_ENV === 'production') {
    // A per-process random secret would silently differ between replicas: production must set them.
    for (const key of PRODUCTION_SECRETS) if (!present[key]) problems.push(`${key}: is required in production`);
    if (present.IDENTITY_SECRET === DEVELOPMENT_IDENTITY_SECRET)
      problems.push('IDENTITY_SECRET: the development value is public; production needs its own');
    // A paid service must name its seller before taking a card (전자상거래법) and its privacy officer
    // (개인정보 보호법): no default can stand in for them.
    for (const key of SITE_DETAILS) {
      const value = present[key]?.trim();
      if (!value) problems.push(`${key}: is required in production`);
      else if (value === SAMPLE_SITE_DETAILS[key])
        problems.push(`${key}: is the development sample; production needs the real value`);
    }
    // Origins trusted for cookie-carrying writes: the local PortOne sandbox (http://127.0.0.1:…)
    // is trusted in development and test only; production trusts https origins of real hosts.
    for (const key of TRUSTED_ORIGIN_SOURCES) {
      for (const origin of words(present[key] ?? '').map(originOf)) {
        if (origin !== undefined && !isProductionOrigin(origin))
          problems.push(`${key}: ${origin} cannot be trusted in production (https on a public host only)`);
      }
    }
  }
  if (parsed.success) {
    // The browser lets only CSP_FRAME_ANCESTORS frame the app: another parent could never hear the status.
    const framers = new Set(words(parsed.data.CSP_FRAME_ANCESTORS).map(originOf));
    for (const origin of parsed.data.EMBED_PARENT_ORIGINS) {
      // (Being one of them also holds it to production's https rule above.)
      if (!framers.has(origin)) problems.push(`EMBED_PARENT_ORIGINS: ${origin} is not in CSP_FRAME_ANCESTORS`);
    }
  }
  if (!parsed.success || problems.length) throw new ConfigError(problems);
  const e = parsed.data;
  const detail = (key: SiteDetail): string => e[key] ?? SAMPLE_SITE_DETAILS[key];
  return {
    nodeEnv: e.NODE_ENV,
    port: e.GATEWAY_PORT,
    host: e.GATEWAY_HOST,
    metrics:
      e.GATEWAY_METRICS_PORT === undefined ? null : { port: e.GATEWAY_METRICS_PORT, host: e.GATEWAY_METRICS_HOST },
    services: {
      account: e.ACCOUNT_URL,
      dictionary: e.DICTIONARY_URLS,
      wordbook: e.WORDBOOK_URL,
      billing: e.BILLING_URL,
      statistics: e.STATISTICS_URL,
    },
    redisUrl: e.REDIS_URL,
    webDist: e.WEB_DIST,
    bodyLimitBytes: e.BODY_LIMIT,
    upstreamTimeoutMs: e.UPSTREAM_TIMEOUT_MS,
    trustProxy: e.TRUST_PROXY,
    csp: { frameAncestors: words(e.CSP_FRAME_ANCESTORS), extraOrigins: words(e.CSP_EXTRA_ORIGINS) },
    // The host page that embeds the app, the payment provider and the public URL may post with the cookie.
    trustedOrigins: [
      ...new Set(
        [e.PUBLIC_URL ?? '', ...words(e.CSP_FRAME_ANCESTORS), ...words(e.CSP_EXTRA_ORIGINS)]
          .map(originOf)
          .filter((origin): origin is string => origin !== undefined),
      ),
    ],
    rateLimits: rateLimits(e),
    // Development and test stacks share the kit's public development value with their services.
    identitySecret: e.IDENTITY_SECRET ?? DEVELOPMENT_IDENTITY_SECRET,
    // Outside production a detail left unset is its sample (production has refused to start without it).
    site: {
      business: {
        name: detail('BUSINESS_NAME'),
        representative: detail('BUSINESS_REPRESENTATIVE'),
        registrationNumber: detail('BUSINESS_REGISTRATION_NUMBER'),
        mailOrderNumber: detail('BUSINESS_MAIL_ORDER_NUMBER'),
        address: detail('BUSINESS_ADDRESS'),
        phone: detail('BUSINESS_PHONE'),
        email: detail('BUSINESS_EMAIL'),
        hours: detail('BUSINESS_HOURS'),
      },
      privacyOfficer: { name: detail('PRIVACY_OFFICER_NAME'), email: detail('PRIVACY_OFFICER_EMAIL') },
      privacyTrustees: { payment: detail('PRIVACY_TRUSTEE_PAYMENT'), mail: detail('PRIVACY_TRUSTEE_MAIL') },
      embedParentOrigins: e.EMBED_PARENT_ORIGINS,
    },
    expressGateway: {
      cipherKey: e.EG_CRYPTO_CIPHER_KEY ?? randomSecret(),
      algorithm: e.EG_CRYPTO_ALGORITHM,
      sessionSecret: e.EG_SESSION_SECRET ?? randomSecret(),
      accessTokenSecret: e.EG_ACCESS_TOKEN_SECRET ?? randomSecret(),
    },
  };
}
