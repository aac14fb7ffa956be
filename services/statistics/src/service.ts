import path from 'node:path';
import { assertSchemaName, checks, createApp, type ServiceDefinition } from '@syn/kit';
import { z } from 'zod';
import type { BatchOutcome } from './events/batchConsumer';
import { startConsumers } from './events/consume';
import { sysRoutes } from './routes/sys';

export const MIGRATIONS_DIR = path.resolve(__dirname, '../migrations');
export const DEFAULT_SCHEMA = 'statistics';

export const statisticsConfigShape = {
  /** Searches kept per member for the admin's "dictionary usage info". */
  STATS_HISTORY_PER_USER: z.coerce.number().int().min(1).max(10_000).default(100),
};

export interface StatisticsOptions {
  /** PostgreSQL schema of the aggregates (tests and benchmarks use a scratch one). */
  schema?: string;
  /** Test seam of the consumer: runs after a batch committed, before its offset is. */
  afterApply?: (outcome: BatchOutcome) => Promise<void> | void;
}

/** The statistics service: aggregates of the event stream (schema `statistics`). */
export function createStatisticsService(opts: StatisticsOptions = {}): ServiceDefinition<typeof statisticsConfigShape> {
  const schema = assertSchemaName(opts.schema ?? DEFAULT_SCHEMA);
  return {
    name: 'statistics',
    defaultPort: 4005,
    configShape: statisticsConfigShape,
    postgres: { schema, migrationsDir: MIGRATIONS_DIR },
    consumers: (deps) =>
      startConsumers(deps, { historyPerUser: deps.config.STATS_HISTORY_PER_USER, afterApply: opts.afterApply }),
    app: ({ log, pool, config }) =>
      createApp({
        service: 'statistics',
        log,
        identitySecret: config.IDENTITY_SECRET,
        bodyLimit: config.BODY_LIMIT,
        health: { postgres: checks.postgres(pool!) },
        routes: (app) => app.use('/api/sys', sysRoutes(pool!, schema)),
      }),
  };
}

export const statisticsService = createStatisticsService();
