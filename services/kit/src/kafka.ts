import { Kafka, logLevel, type Admin, type KafkaConfig, type LogEntry } from 'kafkajs';
import type { Logger } from './logger';

const LEVELS: Record<number, 'error' | 'warn' | 'info' | 'debug'> = {
  [logLevel.ERROR]: 'error',
  [logLevel.WARN]: 'warn',
  [logLevel.INFO]: 'info',
  [logLevel.DEBUG]: 'debug',
};

/** Consumer tuning a service's config sets once for every consumer it starts on this client. */
export interface ConsumerTuning {
  /** KAFKA_CONSUMER_STALL_MS: replaces the supervisor's default stall limit (supervisor.ts). */
  consumerStallMs?: number;
}

/** kafkajs logs through our pino logger; its INFO chatter is demoted to debug. */
export function createKafka(
  clientId: string,
  brokers: string[],
  log: Logger,
  extra: Partial<KafkaConfig> = {},
  tuning: ConsumerTuning = {},
): Kafka {
  const kafka = new Kafka({
    clientId,
    brokers,
    connectionTimeout: 3_000,
    retry: { initialRetryTime: 200, retries: 8 },
    logLevel: logLevel.WARN,
    logCreator:
      () =>
      ({ level, log: entry }: LogEntry) => {
        const { message, ...rest } = entry;
        const lvl = LEVELS[level] ?? 'info';
        log[lvl === 'info' ? 'debug' : lvl]({ kafka: rest }, message);
      },
    ...extra,
  });
  return Object.assign(kafka, { consumerTuning: tuning });
}

/** The tuning createKafka attached to this client (none for a client made elsewhere). */
export function consumerTuningOf(kafka: Kafka): ConsumerTuning {
  return 'consumerTuning' in kafka ? (kafka.consumerTuning as ConsumerTuning) : {};
}

/**
 * Creates missing topics (idempotent). Partitions let consumers scale; keys keep per-user order.
 * Event topics are kept forever: statistics can be rebuilt by replaying them from the beginning.
 */
export async function ensureTopics(kafka: Kafka, topics: string[], numPartitions = 3): Promise<void> {
  const admin = kafka.admin();
  await admin.connect();
  try {
    const existing = new Set(await admin.listTopics());
    const missing = topics.filter((t) => !existing.has(t));
    if (missing.length > 0) {
      // kafkajs's own waitForLeaders gives up on UNKNOWN_TOPIC_OR_PARTITION, which a busy fresh
      // broker answers for a moment after the creation (the service then failed to start).
      await admin.createTopics({
        waitForLeaders: false,
        topics: missing.map((topic) => ({
          topic,
          numPartitions,
          replicationFactor: 1,
          configEntries: [{ name: 'retention.ms', value: '-1' }],
        })),
      });
      await waitForMetadata(admin, missing);
    }
  } finally {
    await admin.disconnect();
  }
}

/**
 * A topic just created is not in the broker's metadata at once (KRaft publishes it a moment
 * later): until then metadata requests fail with UNKNOWN_TOPIC_OR_PARTITION. Waits, tolerating
 * that, until every partition has a leader.
 */
async function waitForMetadata(admin: Admin, topics: string[], timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const { topics: meta } = await admin.fetchTopicMetadata({ topics });
      if (meta.every((t) => t.partitions.length > 0 && t.partitions.every((p) => p.leader >= 0))) return;
    } catch (err) {
      if (Date.now() > deadline) throw err;
    }
    if (Date.now() > deadline) throw new Error(`topics ${topics.join(', ')} have no leaders after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
