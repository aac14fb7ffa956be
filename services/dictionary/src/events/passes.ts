// Consumes billing's PassChanged into dictionary.passes (ARCHITECTURE rule 1: the dictionary
// decides "paid" from its own projection, never by reading billing's tables), and account's
// UserWithdrawn, which deletes the member's passes for good. One group reads both topics, so the
// service keeps its one consumer; the pass handling itself is the kit's, as in account. The group
// is shared by the replicas, so each change is also NOTIFYed for the others' caches (store/passes.ts).
import {
  eventTime,
  passChangeChannel,
  startPassProjectionConsumer,
  type Logger,
  type Pool,
  type RunningConsumer,
} from '@syn/kit';
import type { Kafka } from 'kafkajs';
import { TOPICS } from '@syn/proto';
import type { PassStore } from '../store/passes';

export function startPassConsumer(opts: {
  kafka: Kafka;
  pool: Pool;
  schema: string;
  topicPrefix: string;
  log: Logger;
  passes: PassStore;
}): Promise<RunningConsumer> {
  return startPassProjectionConsumer({
    kafka: opts.kafka,
    pool: opts.pool,
    schema: opts.schema,
    log: opts.log,
    groupId: `${opts.topicPrefix}dictionary`,
    topics: [opts.topicPrefix + TOPICS.billing, opts.topicPrefix + TOPICS.account],
    projection: opts.passes,
    isGone: (tx, userId) => opts.passes.isWithdrawn(tx, userId),
    // This replica forgets at once; every replica (this one too) forgets again on the NOTIFY.
    onApplied: (userId) => opts.passes.forget(userId),
    notifyChannel: passChangeChannel(opts.schema),
    onOtherEvent: async (tx, env) => {
      if (env.event.case !== 'userWithdrawn') return undefined; // other account and billing facts are not ours
      const { userId } = env.event.value;
      await opts.passes.withdraw(tx, userId, eventTime(env));
      return userId;
    },
  });
}
