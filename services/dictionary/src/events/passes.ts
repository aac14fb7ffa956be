// Consumes billing's PassChanged into dictionary.passes (ARCHITECTURE rule 1: the dictionary
// decides "paid" from its own projection, never by reading billing's tables). Idempotent by event id.
import { eventTime, startIdempotentConsumer, type Logger, type Pool, type RunningConsumer } from '@syn/kit';
import type { Kafka } from 'kafkajs';
import { decodeEnvelope, passChangeOf, TOPICS, type ValidEnvelope } from '@syn/proto';
import type { PassStore } from '../store/passes';

export function startPassConsumer(opts: {
  kafka: Kafka;
  pool: Pool;
  schema: string;
  topicPrefix: string;
  log: Logger;
  passes: PassStore;
}): Promise<RunningConsumer> {
  return startIdempotentConsumer<ValidEnvelope>({
    kafka: opts.kafka,
    pool: opts.pool,
    schema: opts.schema,
    log: opts.log,
    groupId: `${opts.topicPrefix}dictionary`,
    topics: [opts.topicPrefix + TOPICS.billing],
    decode: (raw) => decodeEnvelope(raw.value),
    idOf: (env) => env.id,
    handle: async (tx, env) => {
      const pass = passChangeOf(env);
      if (!pass) return;
      await opts.passes.apply(tx, pass, eventTime(env));
      opts.passes.forget(pass.userId);
    },
  });
}
