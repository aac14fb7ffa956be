// Consumes billing's PassChanged into account.passes, so validate can answer "paid" without
// calling billing (ARCHITECTURE rule 1). The consumer is the kit's; account only says who is gone.
import { startPassProjectionConsumer, type Logger, type Pool, type RunningConsumer } from '@syn/kit';
import type { Kafka } from 'kafkajs';
import { TOPICS } from '@syn/proto';
import { PassStore } from '../store/passes';

export function startPassConsumer(opts: {
  kafka: Kafka;
  pool: Pool;
  schema: string;
  topicPrefix: string;
  log: Logger;
}): Promise<RunningConsumer> {
  return startPassProjectionConsumer({
    kafka: opts.kafka,
    pool: opts.pool,
    schema: opts.schema,
    log: opts.log,
    groupId: `${opts.topicPrefix}account`,
    topics: [opts.topicPrefix + TOPICS.billing],
    projection: new PassStore(opts.schema),
    // Withdrawal deletes the member's rows in its own transaction (usecases/member.ts); the
    // anonymised user row stays, marked, so a late pass event is recognised and skipped.
    isGone: async (tx, userId) => {
      const { rowCount } = await tx.query(
        `SELECT 1 FROM ${opts.schema}.users WHERE id = $1 AND withdrawn_at IS NOT NULL`,
        [userId],
      );
      return (rowCount ?? 0) > 0;
    },
  });
}
