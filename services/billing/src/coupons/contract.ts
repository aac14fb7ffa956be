// The coupon paths' contract (spec §7.3, §7.4): the request schemas coupons/routes.ts parses
// with, the success bodies, error statuses and callers, one object a route.
import type { RouteContract } from '@syn/kit/contract';
import {
  COUPON_MESSAGES as CM,
  COUPON_STATUSES,
  couponDetailStatus,
  couponDetailUser,
  couponGroupName,
  couponGroupRequest,
  couponIssueDate,
  createCount,
  overlapName,
} from '@syn/kit/rules';
import { z } from 'zod';
import { day, int32, message, passDatesBody } from '../routes/bodies';
import { optText, page } from '../routes/input';

// --- requests ------------------------------------------------------------------------------

const id = (message: string) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), z.coerce.number({ message }).int({ message }));
const optId = z.preprocess(
  (v) => (v === '' || v === null || v === undefined || v === 0 || v === '0' ? undefined : v),
  z.coerce.number().int().positive().optional(),
);
/** 'ALL', '' or absent = no filter. */
const statusFilter = z.preprocess(
  (v) =>
    typeof v === 'string' && (COUPON_STATUSES as readonly string[]).includes(v.toUpperCase())
      ? v.toUpperCase()
      : undefined,
  z.enum(COUPON_STATUSES).optional(),
);
/** Any number-like text counts; anything else is 0 (the flow then answers its own message). */
const looseId = z.preprocess(
  (v) => (typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : 0),
  z.number(),
);

export const couponListRequest = z.object({ searchName: optText, ...page });
export const couponUseRequest = z.object({ couponId: id(CM.couponNotFound), couponCode: optText });
/** The giver is the session's user (spec §6): the body's userId is ignored. */
export const giftRequest = z.object({
  couponId: looseId,
  targetUserId: looseId,
  status: z.literal('PRESENT', { message: CM.giftTargetInvalid }).optional(),
});
export const groupSearchRequest = z.object({
  couponStatus: statusFilter,
  searchName: optText,
  groupId: optId,
  couponGroupId: optId,
  ...page,
});
export const overlapRequest = z.object({ couponName: overlapName, groupId: optId, couponGroupId: optId });
/** Group creation: the rule the administrator's form checks too (spec §5 order). */
export const insertGroupRequest = couponGroupRequest;
/** groupId, or couponGroupId (which wins). */
export const updateGroupRequest = z.object({
  groupId: id(CM.groupNotFound),
  couponName: couponGroupName,
  note: optText,
});
export const insertCouponsRequest = z.object({ couponGroupId: id(CM.groupNotFound), createCount });
export const deleteCouponRequest = z.object({ couponId: id(CM.couponNotFound), groupId: id(CM.groupNotFound) });
export const couponItemsRequest = z.object({
  couponGroupId: id(CM.groupNotFound),
  couponStatus: statusFilter,
  couponId: optId,
  ...page,
});
/**
 * Coupon detail save (spec §7.4: couponId, userId, status, issueDate) with the form's own messages
 * (spec §5, couponDetailForm). Type, name and code are the stored coupon's, not parameters. The
 * user may be left out to keep the coupon's own (or, with STANDBY, to take it back); the issue
 * date to keep the stored one (a newly chosen user is issued today, spec §2.5 item 9).
 */
export const updateCouponRequest = z.object({
  couponId: id(CM.couponNotFound),
  userId: z.preprocess(
    (v) => (v === '' || v === null || v === 0 || v === '0' ? undefined : v),
    couponDetailUser.optional(),
  ),
  status: couponDetailStatus,
  issueDate: z.preprocess((v) => (v === '' || v === null ? undefined : v), couponIssueDate.optional()),
});

// --- success bodies ------------------------------------------------------------------------

const couponState = z.enum(COUPON_STATUSES);

const memberCoupon = z.object({
  ID: int32,
  COUPON_CODE: z.string(),
  ISSUE_DATE: day,
  EXPIRED_DATE: day,
  STATUS: couponState,
  COUPON_NAME: z.string(),
  GROUP_ID: int32,
  CATEGORY_ID: int32,
  PRODUCT_NAME: z.string(),
});

const productRef = z.object({ ITEM_ID: int32, NAME: z.string() });

const adminCoupon = z.object({
  ID: int32,
  GROUP_ID: int32,
  COUPON_CODE: z.string(),
  STATUS: couponState,
  USER_ID: int32.nullable(),
  ISSUE_DATE: day,
  USED_DATE: day,
  EXPIRED_DATE: day,
  USEREMAIL: z.string().nullable(),
  USERNAME: z.string().nullable(),
  /** Its member withdrew: USER_ID is null and the admin screens say 탈퇴 회원. */
  OWNER_WITHDRAWN: z.boolean(),
  COUPON_NAME: z.string(),
  CATEGORY_ID: int32,
  product: productRef,
});

const couponGroup = z.object({
  ID: int32,
  COUPON_NAME: z.string(),
  CATEGORY_ID: int32,
  TOTAL_COUNT: int32,
  USED_COUNT: int32,
  CREATE_DATE: day,
  NOTE: z.string(),
  KIND: z.string(),
  product: productRef,
});

// --- routes --------------------------------------------------------------------------------

export const couponListRoute = {
  method: 'post',
  path: '/api/coupon/list',
  summary: "The member's coupons",
  access: 'member',
  request: couponListRequest,
  response: z.object({ totalCount: int32, datas: z.array(memberCoupon) }),
  errors: [401],
} satisfies RouteContract;

export const couponUseRoute = {
  method: 'post',
  path: '/api/coupon/use',
  summary: 'Use a coupon: grants its pass',
  access: 'member',
  request: couponUseRequest,
  response: z.object({ status: z.literal('success'), message, used: passDatesBody }),
  errors: [400, 401, 404, 409],
} satisfies RouteContract;

export const referralRewardsRoute = {
  method: 'post',
  path: '/api/coupon/referralRewards',
  summary: 'Friend-recommendation rewards: joins so far and the thresholds granted',
  access: 'member',
  response: z.object({
    joinCount: int32,
    datas: z.array(
      z.object({ THRESHOLD: int32, MONTHS: int32, ITEM_ID: int32, GRANTED: z.boolean(), GRANT_DATE: day }),
    ),
  }),
  errors: [401],
} satisfies RouteContract;

export const presentCouponRoute = {
  method: 'post',
  path: '/api/sys/presentCouponItem',
  summary: 'Gift a coupon to another member (the giver is the session user)',
  access: 'member',
  request: giftRequest,
  response: z.object({ status: z.literal('success'), message, couponId: int32 }),
  errors: [400, 401, 404, 409],
} satisfies RouteContract;

export const selectCouponGroupsRoute = {
  method: 'post',
  path: '/api/sys/selectCouponGroupItems',
  summary: 'Coupon groups',
  access: 'admin',
  request: groupSearchRequest,
  response: z.object({ totalCount: int32, datas: z.array(couponGroup) }),
  errors: [401, 403],
} satisfies RouteContract;

export const checkCouponOverlapRoute = {
  method: 'post',
  path: '/api/sys/checkCouponOverlap',
  summary: 'Whether a group name is taken (taken: HTTP 200 with error true)',
  access: 'admin',
  request: overlapRequest,
  response: z.object({ error: z.boolean(), message }),
  errors: [400, 401, 403],
} satisfies RouteContract;

export const insertCouponGroupRoute = {
  method: 'post',
  path: '/api/sys/insertCouponGroupItem',
  summary: 'Create a coupon group with its first coupons',
  access: 'admin',
  request: insertGroupRequest,
  response: z.object({ message, totalCount: int32, groupId: int32 }),
  errors: [400, 401, 403, 409],
} satisfies RouteContract;

export const updateCouponGroupRoute = {
  method: 'post',
  path: '/api/sys/updateCouponGroupItem',
  summary: 'Rename a group or change its note',
  access: 'admin',
  request: updateGroupRequest,
  response: z.object({ message }),
  errors: [400, 401, 403, 404, 409],
} satisfies RouteContract;

export const insertCouponsRoute = {
  method: 'post',
  path: '/api/sys/insertCouponItems',
  summary: 'Add coupons to a group',
  access: 'admin',
  request: insertCouponsRequest,
  response: z.object({ message, totalCount: int32 }),
  errors: [400, 401, 403, 404],
} satisfies RouteContract;

export const deleteCouponRoute = {
  method: 'post',
  path: '/api/sys/deleteCouponItem',
  summary: 'Delete an unused coupon',
  access: 'admin',
  request: deleteCouponRequest,
  response: z.object({ message }),
  errors: [400, 401, 403, 404, 409],
} satisfies RouteContract;

export const selectCouponItemsRoute = {
  method: 'post',
  path: '/api/sys/selectCouponItems',
  summary: "A group's coupons (or one coupon by couponId)",
  access: 'admin',
  request: couponItemsRequest,
  response: z.object({ totalCount: int32, datas: z.array(adminCoupon), group: couponGroup }),
  errors: [400, 401, 403],
} satisfies RouteContract;

export const updateCouponRoute = {
  method: 'post',
  path: '/api/sys/updateCouponItem',
  summary: 'Change a coupon (status, owner, issue date)',
  access: 'admin',
  request: updateCouponRequest,
  response: z.object({ message, status: couponState, ISSUE_DATE: day, EXPIRED_DATE: day }),
  errors: [400, 401, 403, 404, 409],
} satisfies RouteContract;

/** In the order the API document lists them. */
export const couponContracts: RouteContract[] = [
  couponListRoute,
  couponUseRoute,
  referralRewardsRoute,
  presentCouponRoute,
  selectCouponGroupsRoute,
  checkCouponOverlapRoute,
  insertCouponGroupRoute,
  updateCouponGroupRoute,
  insertCouponsRoute,
  deleteCouponRoute,
  selectCouponItemsRoute,
  updateCouponRoute,
];
