// The statistics service's whole environment: the kit's shared fields and its own.
import { configSchema, parseConfig, runtimeShape, SCHEMA_NAME, storeShapes, type Env } from '@syn/kit';
import { z } from 'zod';

export const DEFAULT_SCHEMA = 'statistics';

/** The service's own settings (the rebuild script reads them too). */
export const statisticsShape = {
  /** Searches kept per member for the admin's "dictionary usage info". */
  STATS_HISTORY_PER_USER: z.coerce.number().int().min(1).max(10_000).default(100),
  /** PostgreSQL schema of the aggregates: a benchmark or a second stack keeps its own apart. */
  STATISTICS_SCHEMA: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.string().regex(SCHEMA_NAME, 'must be a PostgreSQL schema name').default(DEFAULT_SCHEMA),
  ),
};

export const configShape = {
  ...runtimeShape(4005),
  ...storeShapes.postgres,
  ...statisticsShape,
};

export const statisticsConfigSchema = configSchema(configShape);
export type StatisticsConfig = z.output<typeof statisticsConfigSchema>;

export function loadConfig(env: Env = process.env): StatisticsConfig {
  return parseConfig(statisticsConfigSchema, env);
}
