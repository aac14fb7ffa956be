// Typed configuration from the environment, validated once at start-up. This file and each
// service's src/config.ts are the only readers of process.env in the services.
import { z } from 'zod';
import { DEVELOPMENT_IDENTITY_SECRET } from './identity';

export type Env = Record<string, string | undefined>;

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}

/**
 * The local servers (deploy/local) and the public development identity secret. They stand in for a
 * missing setting outside production only: in production every one of them must be given.
 */
export const LOCAL_SETTINGS = {
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/syndict',
  REDIS_URL: 'redis://127.0.0.1:6379',
  KAFKA_BROKERS: '127.0.0.1:9092',
  ELASTICSEARCH_URL: 'http://127.0.0.1:9200',
  MONGO_URL: 'mongodb://127.0.0.1:27017/syndict',
  SMTP_URL: 'smtp://127.0.0.1:1025',
  IDENTITY_SECRET: DEVELOPMENT_IDENTITY_SECRET,
} as const;

const brokerList = z.string().transform((s) =>
  s
    .split(',')
    .map((b) => b.trim())
    .filter(Boolean),
);

/** Fields every service shares; each service's config.ts spreads these into its own schema. */
export const baseConfigShape = {
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  HOST: z.string().default('127.0.0.1'),
  BODY_LIMIT: z.string().default('256kb'),
  /** Shared with the gateway: signs and verifies identity headers (identity.ts). Production sets its own. */
  IDENTITY_SECRET: z.string().min(32),
};

/** Topic prefix lets a test stack share the broker with a running dev stack without cross-talk. */
export const kafkaShape = {
  KAFKA_BROKERS: brokerList,
  KAFKA_TOPIC_PREFIX: z.string().default(''),
  /** How long a consumer with lag may handle nothing before its supervisor replaces it (supervisor.ts). */
  KAFKA_CONSUMER_STALL_MS: z.coerce.number().int().positive().optional(),
};

/** What the kit's runtime reads of every service's config. */
export const runtimeShape = (defaultPort: number) => ({
  ...baseConfigShape,
  ...kafkaShape,
  PORT: z.coerce.number().int().min(0).max(65535).default(defaultPort),
});

/** The outbox buffer's defaults: the longest a fact waits for its batch, and the largest batch. */
export const OUTBOX_BUFFER_DEFAULTS = { delayMs: 10, size: 500 } as const;

/** The store settings, one shape per store a service declares (runtime.ts `StoreNeeds`). */
export const storeShapes = {
  postgres: {
    DATABASE_URL: z.string().url(),
    /** 'off' runs a service without its relay (another replica or process relays). */
    OUTBOX_RELAY: z.enum(['on', 'off']).default('on'),
    /** The outbox buffer (publishBuffered): the longest a fact waits for its batch, and the largest batch. */
    OUTBOX_BUFFER_MS: z.coerce.number().int().min(0).max(1_000).default(OUTBOX_BUFFER_DEFAULTS.delayMs),
    OUTBOX_BUFFER_SIZE: z.coerce.number().int().min(1).max(10_000).default(OUTBOX_BUFFER_DEFAULTS.size),
  },
  redis: { REDIS_URL: z.string().url() },
  mongo: {
    MONGO_URL: z.string().min(1),
    /** 'off' runs a service without its relay (another replica or process relays). */
    OUTBOX_RELAY: z.enum(['on', 'off']).default('on'),
  },
  elastic: { ELASTICSEARCH_URL: z.string().url() },
  mail: { SMTP_URL: z.string().min(1) },
};

/** Settings with the local default filled in when missing: for operator scripts and tests. */
export const urls = {
  database: z.string().url().default(LOCAL_SETTINGS.DATABASE_URL),
  redis: z.string().url().default(LOCAL_SETTINGS.REDIS_URL),
  kafkaBrokers: z.string().default(LOCAL_SETTINGS.KAFKA_BROKERS).pipe(brokerList),
  elasticsearch: z.string().url().default(LOCAL_SETTINGS.ELASTICSEARCH_URL),
  mongo: z.string().default(LOCAL_SETTINGS.MONGO_URL),
  smtp: z.string().default(LOCAL_SETTINGS.SMTP_URL),
};

/** Reports one problem of a production configuration (the variable and what is wrong). */
export type Problem = (variable: string, message: string) => void;

export interface ConfigSchemaOptions<T> {
  /** Local stand-ins of this service's own settings (another service's URL, a sandbox), like LOCAL_SETTINGS. */
  local?: Readonly<Record<string, string>>;
  /** Rules a production configuration must also pass. */
  production?: (config: T, problem: Problem) => void;
}

/**
 * One schema for a service's whole environment. Outside production a missing local setting
 * (LOCAL_SETTINGS, `options.local`) takes its local value; in production it is reported missing, so
 * no local default hides a forgotten store URL. The public development identity secret is refused
 * in production too.
 */
export function configSchema<S extends z.ZodRawShape>(
  shape: S,
  options: ConfigSchemaOptions<z.output<z.ZodObject<S>>> = {},
) {
  const local: Record<string, string> = { ...LOCAL_SETTINGS, ...options.local };
  const checked = z.object(shape).superRefine((config, ctx) => {
    const c = config as Record<string, unknown>;
    if (c.NODE_ENV !== 'production') return;
    const problem: Problem = (variable, message) => ctx.addIssue({ code: 'custom', path: [variable], message });
    if (c.IDENTITY_SECRET === DEVELOPMENT_IDENTITY_SECRET)
      problem('IDENTITY_SECRET', "is required in production (the same value as the gateway's)");
    options.production?.(config, problem);
  });
  return z.preprocess((raw) => {
    if (typeof raw !== 'object' || raw === null) return raw;
    const env = raw as Env;
    if (env.NODE_ENV === 'production') return env;
    const filled: Env = { ...env };
    for (const key of Object.keys(shape)) if (filled[key] === undefined && key in local) filled[key] = local[key];
    return filled;
  }, checked);
}

/** Parses `env` with `schema`; throws ConfigError listing every missing or invalid variable. */
export function parseConfig<T>(schema: z.ZodType<T>, env: Env): T {
  const result = schema.safeParse(env);
  if (!result.success) {
    const required = env.NODE_ENV === 'production' ? 'is required in production' : 'is required';
    throw new ConfigError(
      result.error.issues.map((i) => {
        const missing = i.code === 'invalid_type' && env[String(i.path[0])] === undefined;
        return `${i.path.join('.')}: ${missing ? required : i.message}`;
      }),
    );
  }
  return result.data;
}

/** Parses `env` against `shape` (with the rules of configSchema); for scripts and tests. */
export function loadConfig<S extends z.ZodRawShape>(shape: S, env: Env = process.env): z.infer<z.ZodObject<S>> {
  return parseConfig(configSchema(shape), env);
}
