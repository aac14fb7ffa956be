import { pendingEventOf, type PendingEvent } from '@syn/kit';
import { newEnvelope } from '@syn/proto';

export const PRODUCER = 'wordbook';

/** WordSaved, ready to ride on the saved item's document (kit mongo-outbox). */
export function wordSaved(topicPrefix: string, e: { userId: number; headwordId: number; word: string }): PendingEvent {
  const env = newEnvelope({
    producer: PRODUCER,
    key: String(e.userId),
    event: { case: 'wordSaved', value: { userId: e.userId, headwordId: e.headwordId, word: e.word } },
  });
  return pendingEventOf(env, topicPrefix);
}
