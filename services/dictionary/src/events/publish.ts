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
import { ExternalLinkType, newEnvelope, type Envelope } from '@syn/proto';

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
 */
export class UsageFacts {
  constructor(
    private readonly buffer: GroupCommit<OutboxMessage>,
    private readonly topicPrefix: string,
  ) {}

  searched(e: SearchFact): void {
    this.publish(
      newEnvelope({ producer: PRODUCER, key: String(e.userId), event: { case: 'headwordSearched', value: e } }),
    );
  }

  viewed(e: ViewFact): void {
    this.publish(
      newEnvelope({ producer: PRODUCER, key: String(e.userId), event: { case: 'headwordViewed', value: e } }),
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
