// What the dictionary publishes on `dictionary.events`, always through the outbox of the
// caller's transaction (kit publishInTx), keyed by the user id so one user's events stay in order.
import { publishInTx, type PoolClient } from '@syn/kit';
import { ExternalLinkType, newEnvelope } from '@syn/proto';

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

export async function headwordSearched(
  tx: PoolClient,
  schema: string,
  topicPrefix: string,
  e: SearchFact,
): Promise<void> {
  await publishInTx(
    tx,
    schema,
    topicPrefix,
    newEnvelope({ producer: PRODUCER, key: String(e.userId), event: { case: 'headwordSearched', value: e } }),
  );
}

export interface ViewFact {
  userId: number;
  sessionHash: string;
  headwordId: number;
  word: string;
  /** '' when the headword has no hanja. */
  hanja: string;
}

export async function headwordViewed(tx: PoolClient, schema: string, topicPrefix: string, e: ViewFact): Promise<void> {
  await publishInTx(
    tx,
    schema,
    topicPrefix,
    newEnvelope({ producer: PRODUCER, key: String(e.userId), event: { case: 'headwordViewed', value: e } }),
  );
}
