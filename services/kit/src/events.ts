// Typed publishing on top of the outbox: an Envelope from @syn/proto goes into the
// outbox of the caller's transaction, on its topic (with the deployment's prefix).
import { encodeEnvelope, timestampDate, topicOf, type Envelope } from '@syn/proto';
import type { PoolClient } from 'pg';
import type { GroupCommit } from './group-commit';
import { enqueue, type OutboxMessage } from './outbox';

/** The outbox row of an envelope, on its topic with the deployment's prefix. */
export function outboxMessageOf(topicPrefix: string, env: Envelope): OutboxMessage {
  return { id: env.id, topic: topicPrefix + topicOf(env), key: env.key, type: env.type, payload: encodeEnvelope(env) };
}

export async function publishInTx(tx: PoolClient, schema: string, topicPrefix: string, env: Envelope): Promise<void> {
  await enqueue(tx, schema, outboxMessageOf(topicPrefix, env));
}

/**
 * For a fact nobody waits on (a search, a view): the envelope joins the service's outbox buffer and
 * reaches the outbox with the next batch, within its delay. False when the buffer refused it.
 */
export function publishBuffered(buffer: GroupCommit<OutboxMessage>, topicPrefix: string, env: Envelope): boolean {
  return buffer.add(outboxMessageOf(topicPrefix, env));
}

/** When the fact happened (falls back to now for an envelope without a time). */
export function eventTime(env: Envelope): Date {
  return env.occurredAt ? timestampDate(env.occurredAt) : new Date();
}
