// Free days and a renewing subscription: a pass nobody paid for (a coupon, a referral reward, a
// legacy merge, an administrator's grant) queues after the paid period, and the next charge waits
// until it ends, so no granted day is ever paid for. The renewal then starts its month there
// (Billing.grantInTx, latestEndAfter).
import type { PoolClient } from '@syn/kit';
import type { BillingRepositories } from '../store/repositories';

/**
 * Moves the member's renewing subscription's next charge to `passEnd` when that is later; the new
 * charge date, or null without a renewing subscription. The caller holds the user's lock: the
 * subscription row is locked after it, the order payments take them in.
 */
export async function deferRenewalPast(
  store: Pick<BillingRepositories, 'subscriptions'>,
  tx: PoolClient,
  userId: number,
  passEnd: Date,
  now: Date,
): Promise<Date | null> {
  const sub = await store.subscriptions.renewingSubscriptionOfUser(tx, userId, true);
  if (!sub) return null;
  if (sub.nextChargeAt && sub.nextChargeAt >= passEnd) return sub.nextChargeAt;
  await store.subscriptions.setSubscription(tx, sub.subscriptionId, { nextChargeAt: passEnd, at: now });
  return passEnd;
}
