// What the dictionary publishes on `dictionary.events`, always through its outbox, keyed by the
// user id so one user's events stay in order: a link click in the transaction of its row (kit
// publishInTx), the usage facts through the outbox buffer (kit publishBuffered).
import {
  publishBuffered,
  publishInTx,
  type GroupCommit,
  type GroupCommitStats,
  type OutboxMessage,
  type PoolClient,
} from '@syn/kit';
import { ExternalLinkType, nameBasedEventId, newEnvelope, type Envelope } from '@syn/proto';

const LINK_TYPES = { natmal: ExternalLinkType.NATMAL, opendic: ExternalLinkType.OPENDIC } as const;

export const PRODUCER = 'dictionary';

export async function externalLinkOpened(
  tx: PoolClient,
  schema: string,
  topicPrefix: string,
  e: { userId: number; linkType: keyof typeof LINK_TYPES; headwordId: number },
): Promise<void> {
  await publishInTx(
    tx,
    schema,
    topicPrefix,
    newEnvelope({
      producer: PRODUCER,
      key: String(e.userId),
      event: {
        case: 'externalLinkOpened',
        value: { userId: e.userId, linkType: LINK_TYPES[e.linkType], headwordId: e.headwordId },
      },
    }),
  );
}

export interface SearchFact {
  userId: number;
  sessionHash: string;
  query: string;
  resultCount: number;
  page: number;
}

export interface ViewFact {
  userId: number;
  sessionHash: string;
  headwordId: number;
  word: string;
  /** '' when the headword has no hanja. */
  hanja: string;
}

/**
 * Usage facts (HeadwordSearched, HeadwordViewed) for statistics. No answer waits for them: they go
 * through the service's outbox buffer, one transaction for the facts of a few milliseconds. A fact
 * is acknowledged once its batch committed (`stats.committed`); a SIGKILL loses what was still
 * buffered (at most OUTBOX_BUFFER_MS' worth), a graceful stop loses none.
 *
 * A fact of a request the gateway numbered (its request id) takes an id made from that number, so
 * a request the gateway sent again to another replica after the first one died with its fact
 * committed but its answer unsent is counted once: statistics keeps the first of equal ids.
 */
export class UsageFacts {
  constructor(
    private readonly buffer: GroupCommit<OutboxMessage>,
    private readonly topicPrefix: string,
  ) {}

  searched(e: SearchFact, requestId?: string): void {
    this.publish(
      newEnvelope({
        producer: PRODUCER,
        key: String(e.userId),
        id: factId('headwordSearched', e, requestId),
        event: { case: 'headwordSearched', value: e },
      }),
    );
  }

  viewed(e: ViewFact, requestId?: string): void {
    this.publish(
      newEnvelope({
        producer: PRODUCER,
        key: String(e.userId),
        id: factId('headwordViewed', e, requestId),
        event: { case: 'headwordViewed', value: e },
      }),
    );
  }

  get stats(): GroupCommitStats {
    return this.buffer.stats;
  }

  /** Commits every fact taken so far (tests that read the outbox right after a request). */
  flush(): Promise<void> {
    return this.buffer.flush();
  }

  // A refused fact (buffer full while PostgreSQL is away) is counted and logged by the buffer;
  // the reader still gets the answer.
  private publish(env: Envelope): void {
    publishBuffered(this.buffer, this.topicPrefix, env);
  }
}

/** The gateway's request ids (express-gateway: base62 UUIDs); anything else is not one. */
const REQUEST_ID = /^[0-9A-Za-z-]{8,64}$/;

/**
 * A fact's event id: made from the gateway's request id when there is a valid one (the caller is
 * part of the name, so an id sent by anyone else cannot cancel another member's fact), else random.
 */
function factId(kind: string, e: { userId: number; sessionHash: string }, requestId?: string): string | undefined {
  if (requestId === undefined || !REQUEST_ID.test(requestId)) return undefined;
  return nameBasedEventId(PRODUCER, kind, requestId, String(e.userId), e.sessionHash);
}
