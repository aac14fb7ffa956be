// Typed configuration from the environment, validated once at start-up.
import { z } from 'zod';
import { DEVELOPMENT_IDENTITY_SECRET } from './identity';

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}

/** Fields every service shares; each service extends this with its own. */
export const baseConfigShape = {
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  HOST: z.string().default('127.0.0.1'),
  BODY_LIMIT: z.string().default('256kb'),
  /** Shared with the gateway: signs and verifies identity headers (identity.ts). Production sets its own. */
  IDENTITY_SECRET: z.string().min(32).default(DEVELOPMENT_IDENTITY_SECRET),
};

export const urls = {
  database: z.string().url().default('postgres://postgres@127.0.0.1:5432/syndict'),
  redis: z.string().url().default('redis://127.0.0.1:6379'),
  kafkaBrokers: z
    .string()
    .default('127.0.0.1:9092')
    .transform((s) =>
      s
        .split(',')
        .map((b) => b.trim())
        .filter(Boolean),
    ),
  elasticsearch: z.string().url().default('http://127.0.0.1:9200'),
  mongo: z.string().default('mongodb://127.0.0.1:27017/syndict'),
  smtp: z.string().default('smtp://127.0.0.1:1025'),
};

/** Topic prefix lets a test stack share the broker with a running dev stack without cross-talk. */
export const kafkaShape = {
  KAFKA_BROKERS: urls.kafkaBrokers,
  KAFKA_TOPIC_PREFIX: z.string().default(''),
};

/** Parses `env` against `shape`; throws ConfigError listing every missing or invalid variable. */
export function loadConfig<S extends z.ZodRawShape>(
  shape: S,
  env: Record<string, string | undefined> = process.env,
): z.infer<z.ZodObject<S>> {
  const result = z.object(shape).safeParse(env);
  if (!result.success) {
    throw new ConfigError(result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  // The development secret is public (it is in this repository): production must bring its own.
  const data = result.data as Record<string, unknown>;
  if (data.NODE_ENV === 'production' && data.IDENTITY_SECRET === DEVELOPMENT_IDENTITY_SECRET) {
    throw new ConfigError(["IDENTITY_SECRET: is required in production (the same value as the gateway's)"]);
  }
  return result.data;
}
