// A withdrawn member's wordbook is deleted (account publishes UserWithdrawn). Deleting by
// user id is idempotent by nature; the processed-id record makes a redelivery count once.
import { startMongoConsumer, type Logger, type RunningConsumer } from '@syn/kit';
import { decodeEnvelope, TOPICS, type ValidEnvelope } from '@syn/proto';
import type { Kafka } from 'kafkajs';
import type { Connection } from 'mongoose';
import type { ItemStore } from '../store/items';

export function startWithdrawalConsumer(opts: {
  kafka: Kafka;
  connection: Connection;
  items: ItemStore;
  topicPrefix: string;
  log: Logger;
}): Promise<RunningConsumer> {
  return startMongoConsumer<ValidEnvelope>({
    kafka: opts.kafka,
    connection: opts.connection,
    log: opts.log,
    groupId: `${opts.topicPrefix}wordbook`,
    topics: [opts.topicPrefix + TOPICS.account],
    decode: (raw) => decodeEnvelope(raw.value),
    idOf: (env) => env.id,
    handle: async (env) => {
      if (env.event.case !== 'userWithdrawn') return; // other account facts are not ours
      const userId = env.event.value.userId;
      const deleted = await opts.items.purge(userId);
      opts.log.info({ userId, deleted, eventId: env.id }, 'purged the wordbook of a withdrawn member');
    },
  });
}
