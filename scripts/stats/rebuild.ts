// `npm run stats:rebuild [-- --keep-old]`: recomputes every statistics aggregate from the
// beginning of the event topics into a fresh schema and swaps it in for the live one
// (services/statistics/src/rebuild.ts). The live service may keep running meanwhile.
// Environment as the service's: DATABASE_URL, KAFKA_BROKERS, KAFKA_TOPIC_PREFIX,
// STATISTICS_SCHEMA (default statistics), STATS_HISTORY_PER_USER (default 100).
import { parseArgs } from 'node:util';
import { createLogger, createPool, loadConfig, runtimeShape } from '@syn/kit';
import { SingleBar, Presets } from 'cli-progress';
import { z } from 'zod';
import { rebuild } from '../../services/statistics/src/rebuild';
import { DEFAULT_SCHEMA, statisticsConfigShape } from '../../services/statistics/src/service';

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { 'keep-old': { type: 'boolean', default: false } } });
  const config = loadConfig(
    {
      DATABASE_URL: runtimeShape.DATABASE_URL,
      KAFKA_BROKERS: runtimeShape.KAFKA_BROKERS,
      KAFKA_TOPIC_PREFIX: runtimeShape.KAFKA_TOPIC_PREFIX,
      LOG_LEVEL: runtimeShape.LOG_LEVEL.default('warn'),
      STATISTICS_SCHEMA: z
        .string()
        .regex(/^[a-z_][a-z0-9_]*$/)
        .default(DEFAULT_SCHEMA),
      ...statisticsConfigShape,
    },
    process.env,
  );
  const log = createLogger('stats-rebuild', config.LOG_LEVEL);
  const pool = createPool(config.DATABASE_URL);
  const bar = new SingleBar(
    {
      format: 'replaying events [{bar}] {percentage}% | {value}/{total} | ETA {eta}s',
      hideCursor: true,
      // Also a line every 2 s when the output is a log file, not a terminal.
      noTTYOutput: true,
      notTTYSchedule: 2_000,
    },
    Presets.shades_classic,
  );
  try {
    process.stdout.write(
      `Rebuilding schema "${config.STATISTICS_SCHEMA}" from topics "${config.KAFKA_TOPIC_PREFIX}{account,dictionary,billing}.events"\n`,
    );
    const result = await rebuild({
      pool,
      brokers: config.KAFKA_BROKERS,
      log,
      schema: config.STATISTICS_SCHEMA,
      topicPrefix: config.KAFKA_TOPIC_PREFIX,
      historyPerUser: config.STATS_HISTORY_PER_USER,
      keepOld: values['keep-old'],
      onStart: (total) => bar.start(total, 0),
      onProgress: (done) => bar.update(done),
    });
    bar.stop();
    process.stdout.write(
      `Swapped in: ${result.events} events replayed (${result.applied} counted, ${result.duplicates} duplicates skipped) in ${(result.millis / 1000).toFixed(1)} s.\n`,
    );
    if (result.oldSchema) process.stdout.write(`The replaced aggregates are kept in schema "${result.oldSchema}".\n`);
    if (result.missingFromTopics > 0) {
      process.stdout.write(
        `Warning: ${result.missingFromTopics} events counted before are no longer in Kafka (topic retention); they are not in the rebuilt aggregates.\n`,
      );
    }
  } finally {
    bar.stop();
    await pool.end();
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    process.stderr.write(`stats:rebuild failed: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  },
);
