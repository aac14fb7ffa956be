// Free days and a renewing subscription: a pass nobody paid for (a coupon, a referral reward, a
// legacy merge, an administrator's grant) queues after the paid period, and the next charge waits
// until it ends, so no granted day is ever paid for. The renewal then starts its month there
// (Billing.grantInTx, latestEndAfter).
import type { PoolClient } from '@syn/kit';
import type { BillingStore } from '../store/store';

/**
 * Moves the member's renewing subscription's next charge to `passEnd` when that is later; the new
 * charge date, or null without a renewing subscription. The caller holds the user's lock: the
 * subscription row is locked after it, the order payments take them in.
 */
export async function deferRenewalPast(
  store: BillingStore,
  tx: PoolClient,
  userId: number,
  passEnd: Date,
  now: Date,
): Promise<Date | null> {
  const sub = await store.renewingSubscriptionOfUser(tx, userId, true);
  if (!sub) return null;
  if (sub.nextChargeAt && sub.nextChargeAt >= passEnd) return sub.nextChargeAt;
  await store.setSubscription(tx, sub.subscriptionId, { nextChargeAt: passEnd, at: now });
  return passEnd;
}
