// Coupon paths of spec §7.3 (member) and §7.4 (administrator and gift), documented keys only
// at this edge. The gateway guards /api/sys/*; every admin handler checks grade 0 again.
import { badRequest, requireAdmin, requireMember, type Pool } from '@syn/kit';
import { COUPON_MESSAGES as M, couponUsedMessage } from '@syn/kit/rules';
import type { Express } from 'express';
import { ymd } from '../domain/format';
import type { UserContact, UserDirectory } from '../domain/users';
import {
  couponItemsRequest,
  couponListRequest,
  couponUseRequest,
  deleteCouponRequest,
  giftRequest,
  groupSearchRequest,
  insertCouponsRequest,
  insertGroupRequest,
  overlapRequest,
  updateCouponRequest,
  updateGroupRequest,
} from './contract';
import { inputOf } from '../routes/input';
import { passDates } from '../routes/views';
import type { Coupons } from './flows';
import { REFERRAL_REWARDS } from './rules';
import type { CouponGroup, CouponStore, CouponView } from './store';

export interface CouponRouteDeps {
  coupons: Coupons;
  store: CouponStore;
  pool: Pool;
  users: UserDirectory;
  warn: (obj: object, msg: string) => void;
}

/** Member view (spec §3): ID, COUPON_CODE, ISSUE_DATE, EXPIRED_DATE, STATUS, COUPON_NAME. */
const memberCouponView = (c: CouponView) => ({
  ID: c.couponId,
  COUPON_CODE: c.code,
  ISSUE_DATE: ymd(c.issueDate),
  EXPIRED_DATE: ymd(c.expiredDate),
  STATUS: c.status,
  COUPON_NAME: c.groupName,
  GROUP_ID: c.groupId,
  CATEGORY_ID: c.itemId,
  PRODUCT_NAME: c.productName,
});

/** Admin view (spec §3). */
const adminCouponView = (c: CouponView, users: Map<number, UserContact>) => ({
  ID: c.couponId,
  GROUP_ID: c.groupId,
  COUPON_CODE: c.code,
  STATUS: c.status,
  USER_ID: c.userId,
  ISSUE_DATE: ymd(c.issueDate),
  USED_DATE: ymd(c.usedDate),
  EXPIRED_DATE: ymd(c.expiredDate),
  USEREMAIL: c.userId !== null ? (users.get(c.userId)?.email ?? null) : null,
  USERNAME: c.userId !== null ? (users.get(c.userId)?.name ?? null) : null,
  OWNER_WITHDRAWN: c.ownerWithdrawn,
  COUPON_NAME: c.groupName,
  CATEGORY_ID: c.itemId,
  product: { ITEM_ID: c.itemId, NAME: c.productName },
});

/** Spec §3 coupon group. */
const groupView = (g: CouponGroup) => ({
  ID: g.groupId,
  COUPON_NAME: g.name,
  CATEGORY_ID: g.itemId,
  TOTAL_COUNT: g.totalCount,
  USED_COUNT: g.usedCount,
  CREATE_DATE: ymd(g.createdAt),
  NOTE: g.note,
  KIND: g.kind,
  product: { ITEM_ID: g.itemId, NAME: g.productName },
});

export function couponRoutes(app: Express, d: CouponRouteDeps): void {
  const contacts = async (ids: (number | null)[]) => {
    const wanted = [...new Set(ids.filter((x): x is number => x !== null))];
    if (wanted.length === 0) return new Map<number, UserContact>();
    try {
      return await d.users.lookup(wanted);
    } catch (err) {
      // The list stays useful without emails when the account service is slow or down.
      d.warn({ err }, 'user lookup failed');
      return new Map<number, UserContact>();
    }
  };

  // --- member ---------------------------------------------------------------------------

  /** The session's own coupons (the body's userId is never trusted). */
  app.post('/api/coupon/list', async (req, res) => {
    const caller = requireMember(req);
    const i = couponListRequest.parse(inputOf(req));
    const r = await d.store.ofUser(d.pool, caller.userId, i.searchName, i.pageSize, i.pageNum * i.pageSize);
    res.json({ totalCount: r.total, datas: r.rows.map(memberCouponView) });
  });

  app.post('/api/coupon/use', async (req, res) => {
    const caller = requireMember(req);
    const i = couponUseRequest.parse(inputOf(req));
    const { pass, nextChargeAt } = await d.coupons.use(caller.userId, i.couponId, i.couponCode);
    const message = couponUsedMessage({
      start: ymd(pass.startDate)!,
      end: ymd(pass.endDate)!,
      queued: pass.status === 'STANDBY',
      nextPayDate: ymd(nextChargeAt),
    });
    res.json({ status: 'success', message, used: passDates(pass) });
  });

  /** Friend-recommendation reward table: joins so far and which thresholds were granted. */
  app.post('/api/coupon/referralRewards', async (req, res) => {
    const caller = requireMember(req);
    const [joins, granted] = await Promise.all([
      d.store.joinCount(d.pool, caller.userId),
      d.store.rewards(d.pool, caller.userId),
    ]);
    res.json({
      joinCount: joins,
      datas: REFERRAL_REWARDS.map((r) => {
        const g = granted.find((x) => x.threshold === r.threshold);
        return {
          THRESHOLD: r.threshold,
          MONTHS: r.months,
          ITEM_ID: r.itemId,
          GRANTED: !!g,
          GRANT_DATE: ymd(g?.grantedAt),
        };
      }),
    });
  });

  /** Gift: the giver is the session's user (spec §6), never the body's userId. */
  app.post('/api/sys/presentCouponItem', async (req, res) => {
    const caller = requireMember(req);
    const i = giftRequest.parse(inputOf(req));
    const created = await d.coupons.gift(caller.userId, i.couponId, i.targetUserId);
    res.json({ status: 'success', message: M.giftDone, couponId: created.couponId });
  });

  // --- administrator --------------------------------------------------------------------------

  app.post('/api/sys/selectCouponGroupItems', async (req, res) => {
    requireAdmin(req);
    const i = groupSearchRequest.parse(inputOf(req));
    const r = await d.store.groups(
      d.pool,
      { status: i.couponStatus, name: i.searchName, groupId: i.groupId ?? i.couponGroupId },
      i.pageSize,
      i.pageNum * i.pageSize,
    );
    res.json({ totalCount: r.total, datas: r.rows.map(groupView) });
  });

  /** Spec §8: a taken name answers HTTP 200 with error true (the form clears its flag). */
  app.post('/api/sys/checkCouponOverlap', async (req, res) => {
    requireAdmin(req);
    const i = overlapRequest.parse(inputOf(req));
    const taken = await d.store.nameTaken(d.pool, i.couponName, i.groupId ?? i.couponGroupId);
    res.json(taken ? { error: true, message: M.nameTaken } : { error: false, message: M.nameAvailable });
  });

  app.post('/api/sys/insertCouponGroupItem', async (req, res) => {
    const admin = requireAdmin(req);
    const i = insertGroupRequest.parse(inputOf(req));
    const r = await d.coupons.createGroup(admin.userId, {
      itemId: i.couponType,
      name: i.couponName,
      note: i.note ?? '',
      createCount: i.createCount,
    });
    res.json({ message: M.groupCreated, totalCount: r.totalCount, groupId: r.groupId });
  });

  app.post('/api/sys/updateCouponGroupItem', async (req, res) => {
    requireAdmin(req);
    const raw = inputOf(req);
    const i = updateGroupRequest.parse({ ...raw, groupId: raw.couponGroupId ?? raw.groupId });
    await d.coupons.updateGroup(i.groupId, { name: i.couponName, note: i.note ?? '' });
    res.json({ message: M.groupUpdated });
  });

  app.post('/api/sys/insertCouponItems', async (req, res) => {
    requireAdmin(req);
    const i = insertCouponsRequest.parse(inputOf(req));
    const totalCount = await d.coupons.addCoupons(i.couponGroupId, i.createCount);
    res.json({ message: M.couponsCreated, totalCount });
  });

  app.post('/api/sys/deleteCouponItem', async (req, res) => {
    requireAdmin(req);
    const i = deleteCouponRequest.parse(inputOf(req));
    await d.coupons.deleteCoupon(i.couponId, i.groupId);
    res.json({ message: M.couponDeleted });
  });

  /** Coupons of a group (10 a page); with couponId, the one coupon of the detail screen. */
  app.post('/api/sys/selectCouponItems', async (req, res) => {
    requireAdmin(req);
    const i = couponItemsRequest.parse(inputOf(req));
    const group = await d.store.group(d.pool, i.couponGroupId);
    if (!group) throw badRequest(M.groupNotFound);
    const r = await d.store.ofGroup(
      d.pool,
      { groupId: i.couponGroupId, status: i.couponStatus, couponId: i.couponId },
      i.pageSize,
      i.pageNum * i.pageSize,
    );
    const users = await contacts(r.rows.map((c) => c.userId));
    res.json({ totalCount: r.total, datas: r.rows.map((c) => adminCouponView(c, users)), group: groupView(group) });
  });

  app.post('/api/sys/updateCouponItem', async (req, res) => {
    requireAdmin(req);
    const i = updateCouponRequest.parse(inputOf(req));
    const c = await d.coupons.updateCoupon(i.couponId, {
      status: i.status,
      userId: i.userId ?? null,
      issueDate: i.issueDate ?? null,
    });
    res.json({
      message: M.couponUpdated,
      status: c.status,
      ISSUE_DATE: ymd(c.issueDate),
      EXPIRED_DATE: ymd(c.expiredDate),
    });
  });
}
