// Consumes billing's PassChanged into account.passes, so validate can answer "paid" without
// calling billing (ARCHITECTURE rule 1). Idempotent by event id (kit applyOnce).
import { eventTime, startIdempotentConsumer, type Logger, type Pool, type RunningConsumer } from '@syn/kit';
import type { Kafka } from 'kafkajs';
import { decodeEnvelope, passChangeOf, TOPICS, type ValidEnvelope } from '@syn/proto';
import { PassStore } from '../store/passes';

export function startPassConsumer(opts: {
  kafka: Kafka;
  pool: Pool;
  schema: string;
  topicPrefix: string;
  log: Logger;
}): Promise<RunningConsumer> {
  const passes = new PassStore(opts.schema);
  return startIdempotentConsumer<ValidEnvelope>({
    kafka: opts.kafka,
    pool: opts.pool,
    schema: opts.schema,
    log: opts.log,
    groupId: `${opts.topicPrefix}account`,
    topics: [opts.topicPrefix + TOPICS.billing],
    decode: (raw) => decodeEnvelope(raw.value),
    idOf: (env) => env.id,
    handle: async (tx, env) => {
      const pass = passChangeOf(env);
      if (!pass) return; // other billing facts are not ours
      // A withdrawn member's data is gone; a late pass event must not bring a row back.
      const { rowCount } = await tx.query(
        `SELECT 1 FROM ${opts.schema}.users WHERE id = $1 AND withdrawn_at IS NOT NULL`,
        [pass.userId],
      );
      if ((rowCount ?? 0) > 0) return;
      await passes.apply(tx, pass, eventTime(env));
    },
  });
}
