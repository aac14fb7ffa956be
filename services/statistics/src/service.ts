import { checks, createApp, defineService } from '@syn/kit';
import { configShape, loadConfig } from './config';
import type { BatchOutcome } from './events/batchConsumer';
import { startConsumers } from './events/consume';
import { sysRoutes } from './routes/sys';
import { MIGRATIONS_DIR } from './store/migrations';

export interface StatisticsOptions {
  /** Test seam of the consumer: runs after a batch committed, before its offset is. */
  afterApply?: (outcome: BatchOutcome) => Promise<void> | void;
}

/** The statistics service: aggregates of the event stream (schema STATISTICS_SCHEMA, default `statistics`). */
export function createStatisticsService(opts: StatisticsOptions = {}) {
  return defineService({
    name: 'statistics',
    configShape,
    loadConfig,
    stores: (config) => ({ postgres: { schema: config.STATISTICS_SCHEMA, migrationsDir: MIGRATIONS_DIR } }),
    build: (deps) => ({
      app: createApp({
        service: 'statistics',
        log: deps.log,
        identitySecret: deps.config.IDENTITY_SECRET,
        bodyLimit: deps.config.BODY_LIMIT,
        health: { postgres: checks.postgres(deps.pool) },
        routes: (app) => app.use('/api/sys', sysRoutes(deps.pool, deps.schema)),
      }),
      consumers: () =>
        startConsumers(deps, { historyPerUser: deps.config.STATS_HISTORY_PER_USER, afterApply: opts.afterApply }),
    }),
  });
}

export const statisticsService = createStatisticsService();
