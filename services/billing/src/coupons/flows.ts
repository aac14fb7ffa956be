// Coupon use cases: use (grants its pass in the same transaction), gift, the administrator's
// groups and coupons, and the grants driven by account events (referral rewards, legacy merge).
import { withTransaction, type Logger, type Pool, type PoolClient } from '@syn/kit';
import { COUPON_MESSAGES as M, type CouponStatus } from '@syn/kit/rules';
import { conflict, invalid, notFound } from '../domain/errors';
import { periodEnd, type Product } from '../domain/catalogue';
import type { Clock } from '../domain/clock';
import { ymd } from '../domain/format';
import type { UserDirectory } from '../domain/users';
import { passChanged, type EventSink } from '../events/publish';
import type { Pass } from '../store/rows';
import { deferRenewalPast } from '../flows/shared';
import type { BillingRepositories } from '../store/repositories';
import { normaliseCouponCode } from './codes';
import { couponExpiry, FRIEND_COUPON_GROUP_NAME, FRIEND_COUPON_ITEM_ID, LEGACY_ITEM_ID, reachedRewards } from './rules';
import type { Coupon, CouponStore } from './store';

export interface CouponsOptions {
  pool: Pool;
  billing: BillingRepositories;
  coupons: CouponStore;
  sink: EventSink;
  users: UserDirectory;
  clock: Clock;
  log: Logger;
}

/** A coupon used: its pass (START, or STANDBY after the member's current one) and, for a subscriber, the moved renewal. */
export interface CouponUse {
  pass: Pass;
  nextChargeAt: Date | null;
}

const WITHDRAWN_CANCEL_REASON = '회원 탈퇴';

const isExpired = (c: Coupon, now: Date) => c.expiredDate !== null && c.expiredDate.getTime() < now.getTime();

export class Coupons {
  constructor(private readonly o: CouponsOptions) {}

  private now(): Date {
    return this.o.clock.now();
  }

  /**
   * A pass with no payment, once per `merchantUid` (the deterministic idempotency key): starts now,
   * or queues after the member's live passes, and a renewing subscription's next charge waits until
   * it ends (deferRenewalPast). Null when that key was granted before.
   */
  private async grantInTx(
    tx: PoolClient,
    userId: number,
    product: Product,
    period: { months: number; days: number },
    merchantUid: string,
    now: Date,
  ): Promise<CouponUse | null> {
    await this.o.billing.members.lockUser(tx, userId);
    const order = await this.o.billing.orders.insertOrder(tx, {
      merchantUid,
      userId,
      itemId: product.itemId,
      name: product.name,
      amount: 0,
      kind: 'ADMIN',
      status: 'SUCCESS',
      at: now,
    });
    if (!order) return null;
    const live = await this.o.billing.passes.livePasses(tx, userId);
    const latestEnd = live[0]?.endDate;
    const start = latestEnd && latestEnd > now ? latestEnd : now;
    const pass = await this.o.billing.passes.insertPass(tx, {
      userId,
      itemId: product.itemId,
      orderId: order.orderId,
      subscriptionId: null,
      status: start > now ? 'STANDBY' : 'START',
      startDate: start,
      endDate: periodEnd(start, period),
      at: now,
    });
    await this.o.billing.orders.setOrder(tx, order.orderId, { status: 'SUCCESS', at: now, passId: pass.passId });
    await passChanged(tx, this.o.sink, pass, now);
    const nextChargeAt = await deferRenewalPast(this.o.billing, tx, userId, pass.endDate, now);
    return { pass, nextChargeAt };
  }

  private async product(db: Pool | PoolClient, itemId: number): Promise<Product> {
    const p = await this.o.billing.products.product(db, itemId);
    if (!p) throw new Error(`catalogue item ${itemId} missing`);
    return p;
  }

  // --- member -------------------------------------------------------------------------

  /**
   * Uses one USING, unexpired coupon of the member: its pass and COMPLETE in one transaction. A
   * member who already has a pass gets the coupon's days after it (queued, never lost); with an
   * auto-renewing subscription the next charge moves to the end of those days, so no coupon day
   * is ever paid for (the renewal then starts its month there, see PaymentVerification.grantInTx).
   */
  async use(userId: number, couponId: number, code: string | undefined): Promise<CouponUse> {
    return withTransaction(this.o.pool, async (tx) => {
      const now = this.now();
      // The row lock makes a concurrent second use wait, then see COMPLETE.
      const c = await this.o.coupons.coupon(tx, couponId, true);
      if (!c || c.userId !== userId) throw notFound(M.couponNotFound);
      if (code !== undefined && normaliseCouponCode(code) !== c.code) throw notFound(M.couponNotFound);
      if (c.status !== 'USING') throw conflict(M.couponNotUsable);
      if (isExpired(c, now)) throw invalid(M.couponExpired);
      const group = (await this.o.coupons.group(tx, c.groupId))!;
      const product = await this.product(tx, group.itemId);
      // The queued pass ends after every live pass (the subscription's included): a renewal charges
      // from there. Its retryCount stays: it numbers the merchant_uid, and a declined one is not reused.
      const granted = await this.grantInTx(tx, userId, product, product, `cpn_${c.couponId}`, now);
      if (!granted) throw conflict(M.couponNotUsable);
      const { pass } = granted;
      await this.o.coupons.setCoupon(tx, c.couponId, {
        status: 'COMPLETE',
        userId,
        issueDate: c.issueDate,
        usedDate: now,
        expiredDate: c.expiredDate,
        orderId: pass.orderId,
        at: now,
      });
      return granted;
    });
  }

  /**
   * Gives a usable coupon to another member: the giver's becomes PRESENT (for good) and the
   * recipient gets a new USING coupon of the same group with the same issue and expiry dates.
   */
  async gift(giverId: number, couponId: number, targetUserId: number): Promise<Coupon> {
    // Member ids are positive int4: anything else names nobody (and would fail the account look-up with a 500).
    const validTarget = Number.isInteger(targetUserId) && targetUserId > 0 && targetUserId <= 2_147_483_647;
    if (!(couponId > 0) || !validTarget) throw invalid(M.giftTargetInvalid);
    if (targetUserId === giverId) throw invalid(M.giftSelf);
    const target = (await this.o.users.lookup([targetUserId])).get(targetUserId);
    if (!target) throw invalid(M.giftTargetInvalid);
    return withTransaction(this.o.pool, async (tx) => {
      const now = this.now();
      const c = await this.o.coupons.coupon(tx, couponId, true);
      if (!c || c.userId !== giverId) throw invalid(M.giftTargetInvalid);
      if (c.status !== 'USING') throw conflict(M.couponNotUsable);
      if (isExpired(c, now)) throw invalid(M.couponExpired);
      await this.o.coupons.setCoupon(tx, c.couponId, {
        status: 'PRESENT',
        userId: giverId,
        issueDate: c.issueDate,
        usedDate: null,
        expiredDate: c.expiredDate,
        at: now,
      });
      return this.o.coupons.issue(tx, {
        groupId: c.groupId,
        userId: targetUserId,
        issueDate: c.issueDate ?? now,
        expiredDate: c.expiredDate ?? couponExpiry(now),
        giftedFrom: c.couponId,
        at: now,
      });
    });
  }

  // --- administrator ----------------------------------------------------------------------

  async createGroup(
    adminId: number,
    g: { itemId: number; name: string; note: string; createCount: number },
  ): Promise<{ groupId: number; totalCount: number }> {
    const product = await this.o.billing.products.product(this.o.pool, g.itemId);
    if (!product) throw invalid(M.typeRequired);
    return withTransaction(this.o.pool, async (tx) => {
      const now = this.now();
      const groupId = await this.o.coupons.insertGroup(tx, {
        name: g.name,
        itemId: g.itemId,
        note: g.note,
        kind: 'ADMIN',
        createdBy: adminId,
        at: now,
      });
      if (groupId === null) throw conflict(M.nameTaken);
      const totalCount = await this.o.coupons.insertCoupons(tx, groupId, g.createCount, now);
      return { groupId, totalCount };
    });
  }

  async updateGroup(groupId: number, f: { name: string; note: string }): Promise<void> {
    const g = await this.o.coupons.group(this.o.pool, groupId);
    if (!g) throw notFound(M.groupNotFound);
    if (!(await this.o.coupons.updateGroup(this.o.pool, groupId, { ...f, at: this.now() })))
      throw conflict(M.nameTaken);
  }

  async addCoupons(groupId: number, count: number): Promise<number> {
    return withTransaction(this.o.pool, async (tx) => {
      const g = await this.o.coupons.group(tx, groupId, true);
      if (!g) throw notFound(M.groupNotFound);
      await this.o.coupons.insertCoupons(tx, groupId, count, this.now());
      return (await this.o.coupons.group(tx, groupId))!.totalCount;
    });
  }

  /**
   * The coupon detail's save (spec §2.5 item 9): the saved status wins (STANDBY takes it back,
   * USING hands it to the user, COMPLETE marks it used). `issueDate` is a day (YYYY-MM-DD) that
   * exists; every refusal comes before anything is written.
   */
  async updateCoupon(
    couponId: number,
    f: { status: CouponStatus; userId: number | null; issueDate: string | null },
  ): Promise<Coupon> {
    if (f.userId !== null) {
      const u = (await this.o.users.lookup([f.userId])).get(f.userId);
      if (!u) throw invalid(M.detailUser);
    }
    // A coupon cannot have been issued on a day that has not come yet (Korean time, as shown).
    if (f.issueDate !== null && f.issueDate > ymd(this.now())!) throw invalid(M.detailIssueDate);
    const sentIssue = f.issueDate !== null ? new Date(f.issueDate) : null;
    return withTransaction(this.o.pool, async (tx) => {
      const now = this.now();
      const c = await this.o.coupons.coupon(tx, couponId, true);
      if (!c) throw notFound(M.couponNotFound);
      let next: Parameters<CouponStore['setCoupon']>[2];
      // The saved status wins: STANDBY takes the coupon back even with a user on the form, and a
      // newly chosen user (issued today) gets the coupon in the state the administrator saved.
      if (f.status !== 'STANDBY' && f.userId !== null && f.userId !== c.userId) {
        next = {
          status: f.status,
          userId: f.userId,
          issueDate: now,
          usedDate: f.status === 'COMPLETE' ? now : null,
          expiredDate: couponExpiry(now),
          at: now,
        };
      } else if (f.status === 'STANDBY') {
        next = { status: 'STANDBY', userId: null, issueDate: null, usedDate: null, expiredDate: null, at: now };
      } else {
        const userId = f.userId ?? c.userId;
        if (userId === null) throw invalid(M.detailUser);
        const issue = sentIssue ?? c.issueDate;
        if (issue === null) throw invalid(M.detailIssueDate);
        next = {
          status: f.status,
          userId,
          issueDate: issue,
          usedDate: f.status === 'COMPLETE' ? (c.usedDate ?? now) : null,
          expiredDate: couponExpiry(issue),
          at: now,
        };
      }
      await this.o.coupons.setCoupon(tx, c.couponId, next);
      return (await this.o.coupons.coupon(tx, c.couponId))!;
    });
  }

  async deleteCoupon(couponId: number, groupId: number): Promise<void> {
    if (!(await this.o.coupons.deleteCoupon(this.o.pool, couponId, groupId))) throw notFound(M.couponNotFound);
  }

  // --- account events (inside the consumer's de-duplicating transaction) ---------------------

  /**
   * UserConfirmed crediting a recommender (the account service judged the referral): count the
   * join, reward thresholds once, give the friend a coupon.
   */
  async onReferral(tx: PoolClient, joinedUserId: number, recommenderId: number, at: Date): Promise<void> {
    if (!(recommenderId > 0) || recommenderId === joinedUserId) return;
    // Joins of one recommender arrive on different partitions: serialise the counting.
    await this.o.billing.members.lockUser(tx, recommenderId);
    if (!(await this.o.coupons.recordJoin(tx, recommenderId, joinedUserId, at))) return;
    const joins = await this.o.coupons.joinCount(tx, recommenderId);
    for (const reward of reachedRewards(joins)) {
      if (!(await this.o.coupons.claimReward(tx, recommenderId, reward.threshold, reward.itemId, at))) continue;
      const product = await this.product(tx, reward.itemId);
      const pass = await this.grantInTx(
        tx,
        recommenderId,
        product,
        product,
        `ref_${recommenderId}_${reward.threshold}`,
        at,
      );
      if (pass) await this.o.coupons.setRewardPass(tx, recommenderId, reward.threshold, pass.pass.passId);
      this.o.log.info({ recommenderId, threshold: reward.threshold }, 'referral reward granted');
    }
    const groupId = await this.o.coupons.systemGroup(tx, FRIEND_COUPON_GROUP_NAME, FRIEND_COUPON_ITEM_ID, at);
    await this.o.coupons.issue(tx, {
      groupId,
      userId: joinedUserId,
      issueDate: at,
      expiredDate: couponExpiry(at),
      giftedFrom: null,
      at,
    });
  }

  /**
   * UserWithdrawn: the member's coupon data is anonymised, auto-billing stops (nobody may be
   * charged after leaving), their billing keys are queued for deletion at the provider and their
   * live passes end (EXPIRED at the withdrawal). Orders, payments and passes stay: payment records
   * are kept for the legal period (전자상거래법: 대금결제 기록 5년) and name only the member id, whose
   * personal data the account service removed; withdrawn_members lets the admin lists say 탈퇴 회원.
   */
  async onWithdrawn(tx: PoolClient, userId: number, at: Date): Promise<void> {
    if (!(userId > 0)) return;
    await this.o.billing.members.lockUser(tx, userId);
    await this.o.billing.members.recordWithdrawal(tx, userId, at);
    const purged = await this.o.coupons.purgeMember(tx, userId, at);
    const subscriptionsStopped = await this.o.billing.subscriptions.stopSubscriptionsOfUser(
      tx,
      userId,
      WITHDRAWN_CANCEL_REASON,
      at,
    );
    // The cards registered for auto-billing go too: the billing jobs delete them at PortOne.
    const billingKeys = await this.o.billing.billingKeys.requestBillingKeyDeletions(tx, userId, at);
    const ended = await this.o.billing.passes.endPassesOfUser(tx, userId, at);
    for (const pass of ended) await passChanged(tx, this.o.sink, pass, at);
    this.o.log.info(
      { userId, ...purged, subscriptionsStopped, billingKeys, passesEnded: ended.length },
      'billing data of a withdrawn member settled',
    );
  }

  /** LegacyPeriodMerged: remaining days plus the bonus months become one pass, once per member. */
  async onLegacyMerged(tx: PoolClient, userId: number, remainingDays: number, bonusMonths: number, at: Date) {
    if (!(userId > 0) || !(remainingDays > 0) || bonusMonths < 0) {
      this.o.log.warn({ userId, remainingDays, bonusMonths }, 'legacy merge event ignored: nothing to grant');
      return;
    }
    if (!(await this.o.coupons.claimLegacy(tx, userId, remainingDays, bonusMonths, at))) return;
    const product = await this.product(tx, LEGACY_ITEM_ID);
    const pass = await this.grantInTx(
      tx,
      userId,
      product,
      { months: bonusMonths, days: remainingDays },
      `leg_${userId}`,
      at,
    );
    if (pass) await this.o.coupons.setLegacyPass(tx, userId, pass.pass.passId);
  }
}
