// Account facts (proto `account.events`), written to the outbox in the business transaction.
import { publishInTx, type PoolClient } from '@syn/kit';
import { newEnvelope, type EventCase, type NewEnvelopeInput } from '@syn/proto';

export interface Publisher {
  userJoined(tx: PoolClient, userId: number, recommenderUserId: number, recommendType: string): Promise<void>;
  /** A member proved their mail address for the first time; recommenderUserId is the credited one (0 = none). */
  userConfirmed(tx: PoolClient, userId: number, recommenderUserId: number, referral: string): Promise<void>;
  userLoggedIn(tx: PoolClient, userId: number, sessionHash: string): Promise<void>;
  userWithdrawn(tx: PoolClient, userId: number): Promise<void>;
  /** A legacy period was merged; billing turns it into a pass. */
  legacyPeriodMerged(tx: PoolClient, userId: number, remainingDays: number, bonusMonths: number): Promise<void>;
}

export function createPublisher(schema: string, topicPrefix: string): Publisher {
  // Every account fact is keyed by its member: one member's events stay in order on one partition.
  const emit = <C extends EventCase>(tx: PoolClient, userId: number, event: NewEnvelopeInput<C>['event']) =>
    publishInTx(tx, schema, topicPrefix, newEnvelope({ producer: 'account', key: String(userId), event }));
  return {
    userJoined: (tx, userId, recommenderUserId, recommendType) =>
      emit(tx, userId, { case: 'userJoined', value: { userId, recommenderUserId, recommendType } }),
    userConfirmed: (tx, userId, recommenderUserId, referral) =>
      emit(tx, userId, { case: 'userConfirmed', value: { userId, recommenderUserId, referral } }),
    userLoggedIn: (tx, userId, sessionHash) =>
      emit(tx, userId, { case: 'userLoggedIn', value: { userId, sessionHash } }),
    userWithdrawn: (tx, userId) => emit(tx, userId, { case: 'userWithdrawn', value: { userId } }),
    legacyPeriodMerged: (tx, userId, remainingDays, bonusMonths) =>
      emit(tx, userId, { case: 'legacyPeriodMerged', value: { userId, remainingDays, bonusMonths } }),
  };
}
