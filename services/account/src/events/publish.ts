// Account facts (proto `account.events`), written to the outbox in the business transaction.
import { publishInTx, type PoolClient } from '@syn/kit';
import { newEnvelope } from '@syn/proto';

export interface Publisher {
  userJoined(tx: PoolClient, userId: number, recommenderUserId: number, recommendType: string): Promise<void>;
  userLoggedIn(tx: PoolClient, userId: number, sessionHash: string): Promise<void>;
  userWithdrawn(tx: PoolClient, userId: number): Promise<void>;
  /** A legacy period was merged; billing turns it into a pass. */
  legacyPeriodMerged(tx: PoolClient, userId: number, remainingDays: number, bonusMonths: number): Promise<void>;
}

export function createPublisher(schema: string, topicPrefix: string): Publisher {
  const producer = 'account';
  return {
    userJoined: (tx, userId, recommenderUserId, recommendType) =>
      publishInTx(
        tx,
        schema,
        topicPrefix,
        newEnvelope({
          producer,
          key: String(userId),
          event: { case: 'userJoined', value: { userId, recommenderUserId, recommendType } },
        }),
      ),
    userLoggedIn: (tx, userId, sessionHash) =>
      publishInTx(
        tx,
        schema,
        topicPrefix,
        newEnvelope({ producer, key: String(userId), event: { case: 'userLoggedIn', value: { userId, sessionHash } } }),
      ),
    userWithdrawn: (tx, userId) =>
      publishInTx(
        tx,
        schema,
        topicPrefix,
        newEnvelope({ producer, key: String(userId), event: { case: 'userWithdrawn', value: { userId } } }),
      ),
    legacyPeriodMerged: (tx, userId, remainingDays, bonusMonths) =>
      publishInTx(
        tx,
        schema,
        topicPrefix,
        newEnvelope({
          producer,
          key: String(userId),
          event: { case: 'legacyPeriodMerged', value: { userId, remainingDays, bonusMonths } },
        }),
      ),
  };
}
