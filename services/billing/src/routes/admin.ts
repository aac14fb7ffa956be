// Administrator paths (spec §2.5 items 3–5, §7.4). The gateway guards /api/sys/*;
// every handler checks grade 0 again. Each route's contract stands beside its handler.
import { DomainError, HttpError, requireAdmin } from '@syn/kit';
import type { RouteContract } from '@syn/kit/contract';
import { BILLING_MESSAGES as M, newOrderType } from '@syn/kit/rules';
import type { Express, Request, Response } from 'express';
import { z } from 'zod';
import { SUBSCRIPTION_ITEM_ID } from '../domain/catalogue';
import type { UserContact, UserDirectory } from '../domain/users';
import { adminDone, day, int32, message, orderState, passState, subscriptionState } from './bodies';
import { inputOf, int, optText, page, text } from './input';
import type { RouteDeps } from './member';
import { adminPaymentView, managerUsedView, orderRowView } from './views';

// --- contracts -----------------------------------------------------------------------------

/** merchant_uid, or a subscription's customer_uid (its latest payment). */
export const adminCancelRequest = z.object({ merchant_uid: optText, customer_uid: optText, reason: optText });

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

/** Listed with the member's own usage paths (it is one of /api/used/*). */
export const isUsedByManagerRoute = {
  method: 'post',
  path: '/api/used/isUsedByManager',
  summary: "A member's plan for the administrator's banner",
  access: 'admin',
  request: z.object({ userId: int(M.userRequired) }),
  response: z.object(banner),
  errors: [400, 401, 403],
} satisfies RouteContract;

export const selectPaymentItemsRoute = {
  method: 'post',
  path: '/api/sys/selectPaymentItems',
  summary: 'Payments, searched by email, name, merchant_uid, user id or product',
  access: 'admin',
  request: z.object({ userCol: optText, searchName: optText, ...page }),
  response: z.object({ datas: z.array(adminPayment), totalCount: int32 }),
  errors: [401, 403],
} satisfies RouteContract;

export const orderCancelByAdminRoute = {
  method: 'post',
  path: '/api/sys/order/cancel',
  summary: 'Refund an order (and stop its subscription)',
  access: 'admin',
  request: z.object({ merchant_uid: text(M.paymentNotFound), reason: optText }),
  response: z.object({ status: z.literal('success'), message }),
  errors: [400, 401, 403, 404, 409, 500],
} satisfies RouteContract;

export const subscribeAdminCancelRoute = {
  method: 'post',
  path: '/api/sys/subscribe/admin-cancel',
  summary: 'Cancel a subscription with refund',
  access: 'admin',
  request: adminCancelRequest,
  response: adminDone,
  errors: [401, 403, 404, 409, 500],
} satisfies RouteContract;

export const subscribeUserCancelRoute = {
  method: 'post',
  path: '/api/sys/subscribe/user-cancel',
  summary: "Stop a member's renewal (no refund)",
  access: 'admin',
  request: z.object({
    customer_uid: optText,
    userId: z.coerce.number().int().optional(),
    reason: optText,
  }),
  response: adminDone,
  errors: [400, 401, 403, 404],
} satisfies RouteContract;

export const selectUserOrderItemsRoute = {
  method: 'post',
  path: '/api/sys/selectUserOrderItems',
  summary: "A member's passes with the banner",
  access: 'admin',
  request: z.object({ userId: int(M.userRequired), ...page }),
  response: z.object({ datas: z.array(orderRow), total: int32, ...banner }),
  errors: [400, 401, 403],
} satisfies RouteContract;

export const insertUserOrderItemRoute = {
  method: 'post',
  path: '/api/sys/insertUserOrderItem',
  summary: 'Grant a pass to a member',
  access: 'admin',
  request: z.object({ userId: int(M.userRequired), orderType: newOrderType }),
  response: z.object({ message, status: passState }),
  errors: [400, 401, 403],
} satisfies RouteContract;

/** In the order the API document lists them (isUsedByManagerRoute goes with the /api/used paths). */
export const adminContracts: RouteContract[] = [
  selectPaymentItemsRoute,
  orderCancelByAdminRoute,
  subscribeAdminCancelRoute,
  subscribeUserCancelRoute,
  selectUserOrderItemsRoute,
  insertUserOrderItemRoute,
];

// --- handlers ------------------------------------------------------------------------------

const ADMIN_REFUND_REASON = '관리자 환불';

/** Refund failures other than the catalogued ones answer '오류로 인해 처리할 수 없습니다.' (spec §8). */
async function refundErrors<T>(fn: () => Promise<T>, log: (obj: object, msg: string) => void): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof HttpError || err instanceof DomainError) throw err;
    log({ err }, 'refund failed');
    throw new HttpError(500, M.processingError);
  }
}

const isSubscriptionOrder = (kind: string, itemId: number) => kind !== 'ONEOFF' || itemId === SUBSCRIPTION_ITEM_ID;

/** Admin subscription cancel with refund: merchant_uid (or the subscription's latest payment). */
export async function adminCancel(
  req: Request,
  res: Response,
  d: RouteDeps & { warn: (obj: object, msg: string) => void },
): Promise<void> {
  requireAdmin(req);
  const i = adminCancelRequest.parse(inputOf(req));
  await refundErrors(async () => {
    const merchantUid =
      i.merchant_uid ?? (i.customer_uid ? await d.billing.subscriptions.latestPaidMerchantUid(i.customer_uid) : null);
    if (!merchantUid) throw new HttpError(404, M.paymentNotFound);
    await d.billing.refunds.refund(merchantUid, i.reason ?? ADMIN_REFUND_REASON, { stopSubscription: true });
  }, d.warn);
  res.json({ status: 'success', code: 'success', message: M.subscriptionRefunded });
}

async function contacts(
  users: UserDirectory,
  ids: number[],
  log: (err: unknown) => void,
): Promise<Map<number, UserContact>> {
  try {
    return await users.lookup(ids);
  } catch (err) {
    // The list stays useful without names when the account service is slow or down.
    log(err);
    return new Map();
  }
}

export function adminRoutes(
  app: Express,
  d: RouteDeps & { users: UserDirectory; warn: (obj: object, msg: string) => void },
): void {
  app.post('/api/sys/selectPaymentItems', async (req, res) => {
    requireAdmin(req);
    const i = selectPaymentItemsRoute.request.parse(inputOf(req));
    const col = (i.userCol ?? '').toLowerCase();
    const filter: Parameters<typeof d.store.orders.orders>[1] = { withPaymentOnly: true };
    if (i.searchName) {
      if (col === 'useremail' || col === 'email') filter.userIds = await d.users.search('email', i.searchName);
      else if (col === 'username' || col === 'name' || col === 'user_name')
        filter.userIds = await d.users.search('name', i.searchName);
      else if (col === 'merchant_uid' || col === 'order') filter.merchantUid = i.searchName;
      else if (col === 'user_id' || col === 'userid') filter.userIds = [Number(i.searchName) || 0];
      else filter.productName = i.searchName;
    }
    const r = await d.store.orders.orders(d.pool, filter, i.pageSize, i.pageNum * i.pageSize);
    const ids = r.rows.map((o) => o.userId);
    // Billing's own record, not the account service's silence (which also means "down"), says who withdrew.
    const [users, withdrawn] = await Promise.all([
      contacts(d.users, ids, (err) => d.warn({ err }, 'user lookup failed')),
      d.store.members.withdrawnAmong(d.pool, ids),
    ]);
    res.json({ datas: r.rows.map((o) => adminPaymentView(o, users, withdrawn)), totalCount: r.total });
  });

  app.post('/api/sys/order/cancel', async (req, res) => {
    requireAdmin(req);
    const i = orderCancelByAdminRoute.request.parse(inputOf(req));
    let subscription = false;
    await refundErrors(async () => {
      const order = await d.store.orders.orderByMerchant(d.pool, i.merchant_uid);
      if (!order) throw new HttpError(404, M.paymentNotFound);
      subscription = isSubscriptionOrder(order.kind, order.itemId) && order.subscriptionId !== null;
      await d.billing.refunds.refund(i.merchant_uid, i.reason ?? ADMIN_REFUND_REASON, {
        stopSubscription: subscription,
      });
    }, d.warn);
    res.json({ status: 'success', message: subscription ? M.subscriptionRefunded : M.refunded });
  });

  app.post('/api/sys/subscribe/admin-cancel', (req, res) => adminCancel(req, res, d));

  // Member orders screen: the cancel-recurring-payment button (no refund).
  app.post('/api/sys/subscribe/user-cancel', async (req, res) => {
    requireAdmin(req);
    const i = subscribeUserCancelRoute.request.parse(inputOf(req));
    const customerUid =
      i.customer_uid ?? (i.userId ? d.billing.subscriptions.customerUidOf(SUBSCRIPTION_ITEM_ID, i.userId) : null);
    if (!customerUid) throw new HttpError(404, M.subscriptionNotFound);
    await d.billing.subscriptions.cancelSubscription(customerUid, i.reason);
    res.json({ status: 'success', code: 'success', message: M.subscriptionCancelled });
  });

  const banner = async (userId: number) => {
    const pass = await d.billing.catalogue.currentPass(userId);
    const sub = pass?.subscriptionId ? await d.store.subscriptions.subscription(d.pool, pass.subscriptionId) : null;
    return {
      status: pass ? 'valid' : 'none',
      used: pass ? managerUsedView(pass) : null,
      subscription: sub
        ? { CUSTOMER_UID: sub.customerUid, STATUS: sub.status, MERCHANT_UID: pass?.merchantUid ?? null }
        : null,
    };
  };

  app.post('/api/used/isUsedByManager', async (req, res) => {
    requireAdmin(req);
    const i = isUsedByManagerRoute.request.parse(inputOf(req));
    res.json(await banner(i.userId));
  });

  app.post('/api/sys/selectUserOrderItems', async (req, res) => {
    requireAdmin(req);
    const i = selectUserOrderItemsRoute.request.parse(inputOf(req));
    const r = await d.store.passes.passesOfUser(d.pool, i.userId, i.pageSize, i.pageNum * i.pageSize);
    res.json({ datas: r.rows.map(orderRowView), total: r.total, ...(await banner(i.userId)) });
  });

  app.post('/api/sys/insertUserOrderItem', async (req, res) => {
    requireAdmin(req);
    const i = insertUserOrderItemRoute.request.parse(inputOf(req));
    const pass = await d.billing.adminGrant.grant(i.userId, i.orderType);
    res.json({ message: M.orderRegistered, status: pass.status });
  });
}
