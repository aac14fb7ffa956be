// The billing service's API contract (spec §7.3, §7.4): request schemas the handlers parse
// with, success bodies, error statuses and callers. scripts/openapi.ts publishes it.
import type { RouteContract, ServiceContract } from '@syn/kit/contract';
import {
  BILLING_MESSAGES as M,
  COUPON_MESSAGES as CM,
  COUPON_STATUSES,
  couponDetailStatus,
  couponDetailUser,
  couponGroupName,
  couponGroupRequest,
  couponIssueDate,
  createCount,
  newOrderType,
  onOffValue,
  overlapName,
} from '@syn/kit/rules';
import { z } from 'zod';
import { flag, int, optText, page, text } from './input';

// --- requests the handlers parse (member.ts, subscribe.ts, admin.ts, coupons/routes.ts) -----

export const completeRequest = z.object({
  imp_uid: optText,
  merchant_uid: text(M.orderRequired),
  imp_success: flag,
  success: flag,
  error_msg: optText,
});

export const createOrderRequest = z.object({
  id: int(M.productNotFound),
  amount: z.coerce.number().int().optional(),
  pg: optText,
  pay_method: optText,
});

export const failRequest = z.object({ imp_uid: optText, merchant_uid: text(M.orderRequired), error_msg: optText });
export const merchantRequest = z.object({ merchant_uid: text(M.orderRequired) });
export const merchantCancelRequest = z.object({ merchant_uid: text(M.orderRequired), reason: optText });
export const webhookRequest = z.object({ imp_uid: text(M.orderRequired), merchant_uid: optText });
/** userId is honoured for administrators only (subjectOf). */
export const ownListRequest = z.object({ userId: z.unknown().optional(), ...page });

export const billingsRequest = z.object({
  merchant_uid: text(M.orderRequired),
  customer_uid: optText,
  imp_success: flag,
  error_msg: optText,
});
export const initializeRequest = z.object({ merchant_uid: text(M.orderRequired), item: z.unknown().optional() });
export const cancelSubscribeRequest = z.object({ customer_uid: text(M.subscriptionNotFound), reason: optText });
/** The member's own subscription unless an administrator names one. */
export const downgradeRequest = z.object({ customer_uid: optText, reason: optText });
export const onOffRequest = z.object({ onOff: onOffValue });
export const subscriptionInfoRequest = z.object({
  customer_uid: optText,
  item_id: z.coerce.number().int().optional(),
});

export const adminCancelRequest = z.object({ merchant_uid: optText, customer_uid: optText, reason: optText });
export const paymentSearchRequest = z.object({ userCol: optText, searchName: optText, ...page });
export const refundRequest = z.object({ merchant_uid: text(M.paymentNotFound), reason: optText });
export const adminStopRequest = z.object({
  customer_uid: optText,
  userId: z.coerce.number().int().optional(),
  reason: optText,
});
export const userRequest = z.object({ userId: int(M.userRequired) });
export const userOrdersRequest = z.object({ userId: int(M.userRequired), ...page });
export const grantRequest = z.object({ userId: int(M.userRequired), orderType: newOrderType });

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

// --- success bodies -------------------------------------------------------------------------

const int32 = z.number().int();
const day = z.string().nullable();
const message = z.string();
const passState = z.enum(['START', 'STANDBY', 'FAIL', 'CANCEL', 'EXPIRED', 'LOCK']);
const orderState = z.enum(['SUCCESS', 'STANDBY', 'FAIL', 'CANCEL']);
const subscriptionState = z.enum(['STANDBY', 'START', 'CANCEL', 'LOCK', 'FAIL']);
const couponState = z.enum(COUPON_STATUSES);

const passDates = z.object({ STATUS: passState, START_DATE: day, END_DATE: day, LOCK_DATE: day }).nullable();

const product = z.object({
  ITEM_ID: int32,
  NAME: z.string(),
  PRICE: int32,
  PROPERTY_ID: int32,
  TYPE: z.enum(['SUBSCRIBE', 'PASS', 'FREE']),
  AMOUNT: int32,
});

const usedItem = z.object({
  PASS_ID: int32,
  ITEM_ID: int32,
  USER_ID: int32,
  START_DATE: day,
  END_DATE: day,
  LOCK_DATE: day,
  UPDATE_DATE: day,
  STATUS: passState,
  NAME: z.string(),
  MERCHANT_UID: z.string(),
});

const payment = z.object({
  ORDER_ID: int32,
  MERCHANT_UID: z.string(),
  NAME: z.string(),
  ITEM_ID: int32,
  AMOUNT: int32,
  STATUS: z.string(),
  O_STATUS: orderState,
  REFUND: z.string().nullable(),
  PG: z.string().nullable(),
  PAY_METHOD: z.string().nullable(),
  CREATE_DATE: day,
  UPDATE_DATE: day,
});

const adminPayment = z.object({
  ORDER_ID: int32,
  MERCHANT_UID: z.string(),
  IMP_UID: z.string().nullable(),
  NAME: z.string(),
  ITEM_ID: int32,
  USER_ID: int32,
  AMOUNT: int32,
  P_STATUS: z.string(),
  O_STATUS: orderState,
  U_STATUS: passState.nullable(),
  REFUND: z.string().nullable(),
  USEREMAIL: z.string().nullable(),
  USERNAME: z.string().nullable(),
  /** The member withdrew: USERNAME reads 탈퇴 회원 and USEREMAIL is null (erased by the account service). */
  WITHDRAWN: z.boolean(),
  PG: z.string().nullable(),
  PAY_METHOD: z.string().nullable(),
  FAIL_REASON: z.string().nullable(),
  CREATE_DATE: day,
});

const orderRow = z.object({
  ORDER_ID: int32,
  PASS_ID: int32,
  MERCHANT_UID: z.string(),
  ITEM_ID: int32,
  NAME: z.string(),
  START_DATE: day,
  END_DATE: day,
  LOCK_DATE: day,
  STATUS: passState,
});

/** The administrator's banner of one member: the current plan and its subscription. */
const banner = {
  status: z.enum(['valid', 'none']),
  used: z
    .object({
      START_DATE: day,
      END_DATE: day,
      USER_ID: int32,
      STATUS: passState,
      MERCHANT_UID: z.string(),
      product: z.object({ ITEM_ID: int32, NAME: z.string() }),
    })
    .nullable(),
  subscription: z
    .object({ CUSTOMER_UID: z.string(), STATUS: subscriptionState, MERCHANT_UID: z.string().nullable() })
    .nullable(),
};

/** A verified payment: granted (or already granted) with its pass, or still pending at the provider. */
const withCode = (extra: z.ZodRawShape) =>
  z.union([
    z.object({ ...extra, status: z.literal('success'), merchant_uid: z.string(), used: passDates }),
    z.object({ ...extra, status: z.literal('pending'), merchant_uid: z.string() }),
  ]);
const grant = withCode({});

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

const successCode = z.object({ code: z.literal('success'), message });

const route = (
  method: RouteContract['method'],
  path: string,
  summary: string,
  access: RouteContract['access'],
  request: z.ZodType | undefined,
  response: z.ZodType,
  errors: number[],
): RouteContract => ({ method, path, summary, access, request, response, errors });

const subscriptionInfo = z.union([
  z.object({
    code: z.literal('success'),
    data: z.object({
      CUSTOMER_UID: z.string(),
      ITEM_ID: int32,
      USER_ID: int32,
      STATUS: subscriptionState,
      PASS_STATUS: passState.nullable(),
      START_DATE: day,
      END_DATE: day,
      NEXT_PAY_DATE: day,
      CANCEL_DATE: day,
      remainDays: int32,
    }),
  }),
  z.object({ code: z.literal('fail'), message, data: z.null() }),
]);

const billingsParams = z.object({ product: z.string().describe("The plan: 'basic' or an item id (6)") });

export const billingContract: ServiceContract = {
  service: 'billing',
  description: 'Products, PortOne v1 payments (re-verified), passes, subscriptions, refunds and coupons',
  routes: [
    // --- catalogue and one-off payments (spec §7.3) ---
    route(
      'post',
      '/api/dic/order/selectOrderItems',
      'The listed product (item 6)',
      'public',
      undefined,
      z.object({ orderItems: z.array(product) }),
      [],
    ),
    route(
      'get',
      '/api/pay/config',
      "PortOne's browser script and merchant code",
      'public',
      undefined,
      z.object({ impCode: z.string(), scriptUrl: z.string() }),
      [],
    ),
    route(
      'get',
      '/api/pay/products',
      'Every purchasable product',
      'public',
      undefined,
      z.object({ orderItems: z.array(product) }),
      [],
    ),
    route(
      'post',
      '/api/pay/order/create',
      'Create an order; answers the merchant_uid to pay',
      'member',
      createOrderRequest,
      z.object({ merchant_uid: z.string(), amount: int32, name: z.string() }),
      [400, 401, 409],
    ),
    route(
      'post',
      '/api/pay/order/complete',
      'Verify a payment with PortOne and grant the pass',
      'member',
      completeRequest,
      grant,
      [400, 401, 404, 409],
    ),
    route(
      'get',
      '/api/pay/order/complete',
      'The mobile redirect of a payment (imp_uid, merchant_uid, imp_success in the query)',
      'member',
      completeRequest,
      grant,
      [400, 401, 404, 409],
    ),
    route(
      'post',
      '/api/pay/order/fail',
      'Record a failed payment',
      'member',
      failRequest,
      z.object({ status: z.enum(['success', 'fail']), message }),
      [400, 401, 404],
    ),
    route(
      'post',
      '/api/pay/order/usedSuccess',
      'The pass a completed order granted',
      'member',
      merchantRequest,
      z.object({ status: z.literal('success'), redirect: z.string(), used: passDates }),
      [400, 401, 404],
    ),
    route(
      'post',
      '/api/pay/order/cancel',
      'Cancel and refund own order',
      'member',
      merchantCancelRequest,
      z.object({ status: z.literal('success'), item: payment.nullable() }),
      [400, 401, 404, 409],
    ),
    route(
      'post',
      '/api/pay/webhook',
      'PortOne notification; the payment is fetched again from PortOne',
      'public',
      webhookRequest,
      z.object({
        status: z.literal('ok'),
        outcome: z.enum(['granted', 'already', 'failed', 'forged', 'pending', 'cancelled', 'ignored']),
      }),
      [400],
    ),
    route(
      'get',
      '/api/used/isUsed',
      'Whether the caller (or, for an administrator, user `id`) has a pass in use',
      'public',
      z.object({ id: z.string().optional() }),
      z.object({ status: z.enum(['valid', 'none']), used: usedItem.nullable() }),
      [],
    ),
    route(
      'get',
      '/api/used/isUsedRemain',
      'The pass in use, the days left of the whole service (passes queued after it included), its end and renewal',
      'member',
      z.object({ id: z.string().optional() }),
      z.object({
        status: z.enum(['valid', 'none']),
        used: usedItem.nullable(),
        remainDays: int32,
        serviceEndDate: day,
        autoRenew: z.boolean(),
      }),
      [401],
    ),
    route(
      'post',
      '/api/used/onOff',
      'Auto-renewal of the member’s own subscription off (it runs to the end of the paid days) or on again (while those days run; the next charge after every day the member has)',
      'member',
      onOffRequest,
      z.object({
        status: z.literal('success'),
        autoRenew: z.boolean(),
        message,
        nextPayDate: day,
        endDate: day,
      }),
      [400, 401, 404, 409],
    ),
    route(
      'post',
      '/api/used/usedList',
      'Passes (usage history), zero-based pages',
      'member',
      ownListRequest,
      z.object({ total: int32, datas: z.array(usedItem) }),
      [401],
    ),
    route(
      'post',
      '/api/used/paymentLists',
      'Payment history, zero-based pages',
      'member',
      ownListRequest,
      z.object({ total: int32, datas: z.array(payment) }),
      [401],
    ),
    route(
      'post',
      '/api/used/isUsedByManager',
      "A member's plan for the administrator's banner",
      'admin',
      userRequest,
      z.object(banner),
      [400, 401, 403],
    ),
    // --- subscriptions (spec §7.3 /subscribe/*) ---
    route(
      'get',
      '/subscribe/generate-merchant-uid',
      'A merchant_uid and the customer_uid for billing-key registration',
      'member',
      undefined,
      z.object({ merchant_uid: z.string(), customer_uid: z.string() }),
      [401],
    ),
    {
      ...route(
        'post',
        '/subscribe/{product}-billings',
        'Register the billing key and charge the first month',
        'member',
        billingsRequest,
        withCode({ code: z.literal('success'), message }),
        [400, 401, 404, 409],
      ),
      params: billingsParams,
    },
    {
      ...route(
        'get',
        '/subscribe/{product}-billings',
        'The mobile redirect: completes a subscription payment PortOne already has (never charges)',
        'member',
        billingsRequest,
        withCode({ code: z.literal('success'), message }),
        [400, 401, 404, 409],
      ),
      params: billingsParams,
    },
    route(
      'post',
      '/subscribe/payments/initializeDatabase',
      'The ready record of a subscription payment',
      'member',
      initializeRequest,
      z.object({
        code: z.literal('success'),
        data: z.object({ MERCHANT_UID: z.string(), ITEM_ID: int32, AMOUNT: int32, STATUS: orderState }),
      }),
      [400, 401, 409],
    ),
    route(
      'post',
      '/subscribe/user-cancel-subscribe',
      'Stop the renewal (the period paid for stays)',
      'member',
      cancelSubscribeRequest,
      z.object({
        code: z.literal('success'),
        message,
        data: z.object({ END_DATE: day, remainDays: int32 }).nullable(),
      }),
      [400, 401, 404],
    ),
    route(
      'post',
      '/subscribe/payments/downgrade',
      'Become a free member when the paid days end: the renewal stops, the days paid for stay (the member’s own subscription; an administrator may name one by customer_uid)',
      'member',
      downgradeRequest,
      z.object({
        code: z.literal('success'),
        message,
        data: z.object({ END_DATE: day, remainDays: int32 }).nullable(),
      }),
      [400, 401, 404],
    ),
    route(
      'post',
      '/subscribe/user-cancel-payments',
      'Cancel and refund a subscription payment',
      'member',
      merchantCancelRequest,
      successCode,
      [400, 401, 404, 409],
    ),
    route(
      'post',
      '/subscribe/info',
      "The caller's subscription (customer_uid or item_id)",
      'member',
      subscriptionInfoRequest,
      subscriptionInfo,
      [401, 404],
    ),
    route(
      'get',
      '/subscribe/info',
      "The caller's subscription (customer_uid or item_id)",
      'member',
      subscriptionInfoRequest,
      subscriptionInfo,
      [401, 404],
    ),
    route(
      'post',
      '/subscribe/payments/admin-cancel',
      'Cancel a subscription with refund',
      'admin',
      adminCancelRequest,
      z.object({ status: z.literal('success'), code: z.literal('success'), message }),
      [401, 403, 404, 409, 500],
    ),
    route(
      'post',
      '/subscribe/payments/admin-success',
      'Verify a subscription payment with PortOne again',
      'admin',
      merchantRequest,
      withCode({ code: z.literal('success') }),
      [400, 401, 403, 404],
    ),
    route(
      'post',
      '/subscribe/payments/find-payment',
      'One payment by merchant_uid',
      'member',
      merchantRequest,
      z.object({ code: z.literal('success'), data: z.object({ MERCHANT_UID: z.string(), ITEM_ID: int32 }) }),
      [400, 401, 404],
    ),
    route(
      'post',
      '/subscribe/payments/get-payment',
      'One payment by merchant_uid, in full',
      'member',
      merchantRequest,
      z.object({ code: z.literal('success'), data: payment }),
      [400, 401, 404],
    ),
    // --- administrator (spec §7.4) ---
    route(
      'post',
      '/api/sys/selectPaymentItems',
      'Payments, searched by email, name, merchant_uid, user id or product',
      'admin',
      paymentSearchRequest,
      z.object({ datas: z.array(adminPayment), totalCount: int32 }),
      [401, 403],
    ),
    route(
      'post',
      '/api/sys/order/cancel',
      'Refund an order (and stop its subscription)',
      'admin',
      refundRequest,
      z.object({ status: z.literal('success'), message }),
      [400, 401, 403, 404, 409, 500],
    ),
    route(
      'post',
      '/api/sys/subscribe/admin-cancel',
      'Cancel a subscription with refund',
      'admin',
      adminCancelRequest,
      z.object({ status: z.literal('success'), code: z.literal('success'), message }),
      [401, 403, 404, 409, 500],
    ),
    route(
      'post',
      '/api/sys/subscribe/user-cancel',
      "Stop a member's renewal (no refund)",
      'admin',
      adminStopRequest,
      z.object({ status: z.literal('success'), code: z.literal('success'), message }),
      [400, 401, 403, 404],
    ),
    route(
      'post',
      '/api/sys/selectUserOrderItems',
      "A member's passes with the banner",
      'admin',
      userOrdersRequest,
      z.object({ datas: z.array(orderRow), total: int32, ...banner }),
      [400, 401, 403],
    ),
    route(
      'post',
      '/api/sys/insertUserOrderItem',
      'Grant a pass to a member',
      'admin',
      grantRequest,
      z.object({ message, status: passState }),
      [400, 401, 403],
    ),
    // --- coupons (spec §7.3, §7.4) ---
    route(
      'post',
      '/api/coupon/list',
      "The member's coupons",
      'member',
      couponListRequest,
      z.object({ totalCount: int32, datas: z.array(memberCoupon) }),
      [401],
    ),
    route(
      'post',
      '/api/coupon/use',
      'Use a coupon: grants its pass',
      'member',
      couponUseRequest,
      z.object({ status: z.literal('success'), message, used: passDates }),
      [400, 401, 404, 409],
    ),
    route(
      'post',
      '/api/coupon/referralRewards',
      'Friend-recommendation rewards: joins so far and the thresholds granted',
      'member',
      undefined,
      z.object({
        joinCount: int32,
        datas: z.array(
          z.object({ THRESHOLD: int32, MONTHS: int32, ITEM_ID: int32, GRANTED: z.boolean(), GRANT_DATE: day }),
        ),
      }),
      [401],
    ),
    route(
      'post',
      '/api/sys/presentCouponItem',
      'Gift a coupon to another member (the giver is the session user)',
      'member',
      giftRequest,
      z.object({ status: z.literal('success'), message, couponId: int32 }),
      [400, 401, 404, 409],
    ),
    route(
      'post',
      '/api/sys/selectCouponGroupItems',
      'Coupon groups',
      'admin',
      groupSearchRequest,
      z.object({ totalCount: int32, datas: z.array(couponGroup) }),
      [401, 403],
    ),
    route(
      'post',
      '/api/sys/checkCouponOverlap',
      'Whether a group name is taken (taken: HTTP 200 with error true)',
      'admin',
      overlapRequest,
      z.object({ error: z.boolean(), message }),
      [400, 401, 403],
    ),
    route(
      'post',
      '/api/sys/insertCouponGroupItem',
      'Create a coupon group with its first coupons',
      'admin',
      insertGroupRequest,
      z.object({ message, totalCount: int32, groupId: int32 }),
      [400, 401, 403, 409],
    ),
    route(
      'post',
      '/api/sys/updateCouponGroupItem',
      'Rename a group or change its note',
      'admin',
      updateGroupRequest,
      z.object({ message }),
      [400, 401, 403, 404, 409],
    ),
    route(
      'post',
      '/api/sys/insertCouponItems',
      'Add coupons to a group',
      'admin',
      insertCouponsRequest,
      z.object({ message, totalCount: int32 }),
      [400, 401, 403, 404],
    ),
    route(
      'post',
      '/api/sys/deleteCouponItem',
      'Delete an unused coupon',
      'admin',
      deleteCouponRequest,
      z.object({ message }),
      [400, 401, 403, 404, 409],
    ),
    route(
      'post',
      '/api/sys/selectCouponItems',
      "A group's coupons (or one coupon by couponId)",
      'admin',
      couponItemsRequest,
      z.object({ totalCount: int32, datas: z.array(adminCoupon), group: couponGroup }),
      [400, 401, 403],
    ),
    route(
      'post',
      '/api/sys/updateCouponItem',
      'Change a coupon (status, owner, issue date)',
      'admin',
      updateCouponRequest,
      z.object({ message, status: couponState, ISSUE_DATE: day, EXPIRED_DATE: day }),
      [400, 401, 403, 404, 409],
    ),
  ],
};
