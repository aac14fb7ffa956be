// `npm run stats:rebuild [-- --keep-old]`: recomputes every statistics aggregate from the
// beginning of the event topics into a fresh schema and swaps it in for the live one
// (services/statistics/src/jobs/rebuild.ts). The live service may keep running meanwhile.
// Environment as the service's: DATABASE_URL, KAFKA_BROKERS, KAFKA_TOPIC_PREFIX,
// STATISTICS_SCHEMA (default statistics), STATS_HISTORY_PER_USER (default 100).
import { parseArgs } from 'node:util';
import { baseConfigShape, createLogger, createPool, kafkaShape, loadConfig, urls } from '@syn/kit';
import { SingleBar, Presets } from 'cli-progress';
import { statisticsShape } from '../../services/statistics/src/config';
import { rebuild } from '../../services/statistics/src/jobs/rebuild';

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { 'keep-old': { type: 'boolean', default: false } } });
  const config = loadConfig(
    {
      NODE_ENV: baseConfigShape.NODE_ENV,
      DATABASE_URL: urls.database,
      KAFKA_BROKERS: urls.kafkaBrokers,
      KAFKA_TOPIC_PREFIX: kafkaShape.KAFKA_TOPIC_PREFIX,
      LOG_LEVEL: baseConfigShape.LOG_LEVEL.default('warn'),
      ...statisticsShape,
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
