// Consumes account.events: UserConfirmed crediting a recommender (referral rewards, the invited
// friend's coupon; never UserJoined, since anyone can join with an address they do not hold),
// LegacyPeriodMerged (the merged period's pass) and UserWithdrawn (coupon data purged). Idempotent by event id (kit applyOnce), and
// the effects themselves are keyed (join pair, threshold, member) so a replay changes nothing.
import { startIdempotentConsumer, type Logger, type Pool, type PoolClient, type RunningConsumer } from '@syn/kit';
import { decodeEnvelope, TOPICS, type ValidEnvelope } from '@syn/proto';
import type { Kafka } from 'kafkajs';
import type { Coupons } from './flows';

/** What an account event asks billing to do, or null when it is not ours (tested against proto fixtures). */
export type AccountEffect =
  | { kind: 'referred'; memberId: number; recommenderId: number }
  | { kind: 'legacyMerged'; userId: number; remainingDays: number; bonusMonths: number }
  | { kind: 'withdrawn'; userId: number };

export function accountEffectOf(env: ValidEnvelope): AccountEffect | null {
  switch (env.event.case) {
    case 'userConfirmed': {
      // The account service judged the referral (anti-farming rules); 0 means it credits nobody.
      const v = env.event.value;
      return v.recommenderUserId > 0
        ? { kind: 'referred', memberId: v.userId, recommenderId: v.recommenderUserId }
        : null;
    }
    case 'legacyPeriodMerged': {
      const v = env.event.value;
      return { kind: 'legacyMerged', userId: v.userId, remainingDays: v.remainingDays, bonusMonths: v.bonusMonths };
    }
    case 'userWithdrawn':
      return { kind: 'withdrawn', userId: env.event.value.userId };
    default:
      return null; // other account facts are not ours
  }
}

export async function applyAccountEvent(tx: PoolClient, coupons: Coupons, env: ValidEnvelope, now: Date) {
  const effect = accountEffectOf(env);
  if (effect?.kind === 'referred') await coupons.onReferral(tx, effect.memberId, effect.recommenderId, now);
  else if (effect?.kind === 'legacyMerged')
    await coupons.onLegacyMerged(tx, effect.userId, effect.remainingDays, effect.bonusMonths, now);
  else if (effect?.kind === 'withdrawn') await coupons.onWithdrawn(tx, effect.userId, now);
}

export function startCouponConsumer(opts: {
  kafka: Kafka;
  pool: Pool;
  schema: string;
  topicPrefix: string;
  log: Logger;
  coupons: () => Coupons;
  now: () => Date;
}): Promise<RunningConsumer> {
  return startIdempotentConsumer<ValidEnvelope>({
    kafka: opts.kafka,
    pool: opts.pool,
    schema: opts.schema,
    log: opts.log,
    groupId: `${opts.topicPrefix}billing-coupons`,
    topics: [opts.topicPrefix + TOPICS.account],
    decode: (raw) => decodeEnvelope(raw.value),
    idOf: (env) => env.id,
    handle: (tx, env) => applyAccountEvent(tx, opts.coupons(), env, opts.now()),
  });
}
