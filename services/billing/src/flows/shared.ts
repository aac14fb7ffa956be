// What several billing flows do alike, written once: a merchant_uid of our own, where a new pass
// starts, which pass an order granted, when a member's service ends, clearing provider schedules,
// and a renewal waiting for free days.
import type { Pool, PoolClient } from '@syn/kit';
import { randomBytes } from 'node:crypto';
import { periodEnd, type Product } from '../domain/catalogue';
import type { PaymentProvider } from '../domain/provider';
import type { BillingRepositories } from '../store/repositories';
import type { Order, Pass } from '../store/rows';

/** A merchant_uid of ours (`ord_…` a checkout, `adm_…` an administrator's grant): time-ordered, unguessable. */
export function newMerchantUid(prefix: 'ord' | 'adm'): string {
  return `${prefix}_${Date.now().toString(36)}_${randomBytes(6).toString('hex')}`;
}

/** A pass starts now, or queues after the user's live passes (never overlaps, never lost). */
export async function startOrQueuePass(
  store: Pick<BillingRepositories, 'members' | 'passes'>,
  tx: PoolClient,
  order: Order,
  product: Product,
  now: Date,
): Promise<Pass> {
  await store.members.lockUser(tx, order.userId);
  const live = await store.passes.livePasses(tx, order.userId);
  const latestEnd = live[0]?.endDate;
  const start = latestEnd && latestEnd > now ? latestEnd : now;
  return store.passes.insertPass(tx, {
    userId: order.userId,
    itemId: order.itemId,
    orderId: order.orderId,
    subscriptionId: order.subscriptionId,
    status: start > now ? 'STANDBY' : 'START',
    startDate: start,
    endDate: periodEnd(start, product),
    at: now,
  });
}

/** The pass an order granted (a renewal names the pass it lengthened). */
export async function passOfOrder(
  store: Pick<BillingRepositories, 'passes'>,
  db: PoolClient,
  order: Order,
): Promise<Pass | null> {
  return order.passId ? store.passes.pass(db, order.passId) : store.passes.passOfOrder(db, order.orderId);
}

/**
 * When the member's service ends: `from` (a subscription pass's end) or later, when passes
 * queued after it (a coupon used while subscribed) carry on.
 */
export async function serviceEnd(
  store: Pick<BillingRepositories, 'passes'>,
  pool: Pool,
  userId: number,
  from: Date,
): Promise<Date> {
  const latest = (await store.passes.livePasses(pool, userId))[0]?.endDate;
  return latest && latest > from ? latest : from;
}

/** We renew with `again`, not provider schedules; this only clears any left at the provider. */
export async function unscheduleQuietly(
  provider: Pick<PaymentProvider, 'unschedule'>,
  customerUid: string,
): Promise<void> {
  await provider.unschedule(customerUid).catch(() => undefined);
}

/**
 * Free days and a renewing subscription: a pass nobody paid for (a coupon, a referral reward, a
 * legacy merge, an administrator's grant) queues after the paid period, and the next charge waits
 * until it ends, so no granted day is ever paid for; the renewal then starts its month there
 * (PaymentVerification.grantInTx, latestEndAfter).
 *
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
