import type { Kafka } from 'kafkajs';
import type { Logger, Pool, RunningConsumer } from '@syn/kit';
import { TOPICS } from '@syn/proto';
import { startBatchConsumer, type BatchOutcome } from './batchConsumer';

/** Topics the statistics service learns from (unprefixed). */
export const STATISTICS_TOPICS = [TOPICS.account, TOPICS.dictionary, TOPICS.billing];

/** The live consumer group (and the name its processed event ids are recorded under). */
export const consumerGroupOf = (topicPrefix: string) => `${topicPrefix}statistics`;

/** The advisory lock shared by live batches and taken exclusively by a rebuild's swap. */
export const applyLockOf = (schema: string) => `statistics-apply:${schema}`;

export interface ConsumerTuning {
  historyPerUser: number;
  afterApply?: (outcome: BatchOutcome) => Promise<void> | void;
}

/** The statistics service learns everything from events; each is counted once. */
export async function startConsumers(
  deps: { kafka: Kafka; pool: Pool; schema: string; log: Logger; topicPrefix: string },
  tuning: ConsumerTuning,
): Promise<RunningConsumer[]> {
  const { kafka, pool, schema, log, topicPrefix } = deps;
  const consumer = await startBatchConsumer({
    kafka,
    pool,
    schema,
    log,
    groupId: consumerGroupOf(topicPrefix),
    consumerName: consumerGroupOf(topicPrefix),
    lockKey: applyLockOf(schema),
    historyPerUser: tuning.historyPerUser,
    topics: STATISTICS_TOPICS.map((t) => topicPrefix + t),
    afterApply: tuning.afterApply,
  });
  return [consumer];
}
