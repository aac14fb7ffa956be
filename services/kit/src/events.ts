// Typed publishing on top of the outbox: an Envelope from @syn/proto goes into the
// outbox of the caller's transaction, on its topic (with the deployment's prefix).
import { encodeEnvelope, timestampDate, topicOf, type Envelope } from '@syn/proto';
import type { PoolClient } from 'pg';
import { enqueue } from './outbox';

export async function publishInTx(tx: PoolClient, schema: string, topicPrefix: string, env: Envelope): Promise<void> {
  await enqueue(tx, schema, {
    id: env.id,
    topic: topicPrefix + topicOf(env),
    key: env.key,
    type: env.type,
    payload: encodeEnvelope(env),
  });
}

/** When the fact happened (falls back to now for an envelope without a time). */
export function eventTime(env: Envelope): Date {
  return env.occurredAt ? timestampDate(env.occurredAt) : new Date();
}
