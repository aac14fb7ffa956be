// Subscription paths of spec §7.3 (`/subscribe/*`). The gateway forwards these publicly,
// so each handler checks its caller itself. Each route's contract stands beside its handler.
import { HttpError, requireAdmin, requireMember } from '@syn/kit';
import type { RouteContract } from '@syn/kit/contract';
import { BILLING_MESSAGES as M, downgradeMessage } from '@syn/kit/rules';
import { randomBytes } from 'node:crypto';
import type { Express, Request, Response } from 'express';
import { z } from 'zod';
import { SUBSCRIPTION_ITEM_ID } from '../domain/catalogue';
import { remainingDays, ymd } from '../domain/format';
import { adminCancel, subscribeAdminCancelRoute } from './admin';
import {
  day,
  int32,
  merchantCancelRequest,
  merchantRequest,
  message,
  orderState,
  passState,
  payment,
  subscriptionState,
  withCode,
} from './bodies';
import { flag, inputOf, optText, text } from './input';
import { grantAnswer, type RouteDeps } from './member';
import { paymentView } from './views';

// --- contracts -----------------------------------------------------------------------------

const billingsRequest = z.object({
  merchant_uid: text(M.orderRequired),
  customer_uid: optText,
  imp_success: flag,
  error_msg: optText,
});
const billingsParams = z.object({ product: z.string().describe("The plan: 'basic' or an item id (6)") });
const stopped = z.object({
  code: z.literal('success'),
  message,
  data: z.object({ END_DATE: day, remainDays: int32 }).nullable(),
});
const subscriptionInfoRequest = z.object({
  customer_uid: optText,
  item_id: z.coerce.number().int().optional(),
});
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

export const generateMerchantUidRoute = {
  method: 'get',
  path: '/subscribe/generate-merchant-uid',
  summary: 'A merchant_uid and the customer_uid for billing-key registration',
  access: 'member',
  response: z.object({ merchant_uid: z.string(), customer_uid: z.string() }),
  errors: [401],
} satisfies RouteContract;

export const billingsRoute = {
  method: 'post',
  path: '/subscribe/{product}-billings',
  summary: 'Register the billing key and charge the first month',
  access: 'member',
  request: billingsRequest,
  params: billingsParams,
  response: withCode({ code: z.literal('success'), message }),
  errors: [400, 401, 404, 409],
} satisfies RouteContract;

export const billingsRedirectRoute = {
  ...billingsRoute,
  method: 'get',
  summary: 'The mobile redirect: completes a subscription payment PortOne already has (never charges)',
} satisfies RouteContract;

export const initializeRoute = {
  method: 'post',
  path: '/subscribe/payments/initializeDatabase',
  summary: 'The ready record of a subscription payment',
  access: 'member',
  request: z.object({ merchant_uid: text(M.orderRequired), item: z.unknown().optional() }),
  response: z.object({
    code: z.literal('success'),
    data: z.object({ MERCHANT_UID: z.string(), ITEM_ID: int32, AMOUNT: int32, STATUS: orderState }),
  }),
  errors: [400, 401, 409],
} satisfies RouteContract;

export const cancelSubscribeRoute = {
  method: 'post',
  path: '/subscribe/user-cancel-subscribe',
  summary: 'Stop the renewal (the period paid for stays)',
  access: 'member',
  request: z.object({ customer_uid: text(M.subscriptionNotFound), reason: optText }),
  response: stopped,
  errors: [400, 401, 404],
} satisfies RouteContract;

export const downgradeRoute = {
  method: 'post',
  path: '/subscribe/payments/downgrade',
  summary:
    'Become a free member when the paid days end: the renewal stops, the days paid for stay (the member’s own subscription; an administrator may name one by customer_uid)',
  access: 'member',
  /** The member's own subscription unless an administrator names one. */
  request: z.object({ customer_uid: optText, reason: optText }),
  response: stopped,
  errors: [400, 401, 404],
} satisfies RouteContract;

export const cancelPaymentsRoute = {
  method: 'post',
  path: '/subscribe/user-cancel-payments',
  summary: 'Cancel and refund a subscription payment',
  access: 'member',
  request: merchantCancelRequest,
  response: z.object({ code: z.literal('success'), message }),
  errors: [400, 401, 404, 409],
} satisfies RouteContract;

export const infoRoute = {
  method: 'post',
  path: '/subscribe/info',
  summary: "The caller's subscription (customer_uid or item_id)",
  access: 'member',
  request: subscriptionInfoRequest,
  response: subscriptionInfo,
  errors: [401, 404],
} satisfies RouteContract;

export const infoQueryRoute = { ...infoRoute, method: 'get' } satisfies RouteContract;

/** The administrator's cancel with refund, also under /subscribe/payments (the handler is admin.ts's). */
export const paymentsAdminCancelRoute = {
  ...subscribeAdminCancelRoute,
  path: '/subscribe/payments/admin-cancel',
} satisfies RouteContract;

export const adminSuccessRoute = {
  method: 'post',
  path: '/subscribe/payments/admin-success',
  summary: 'Verify a subscription payment with PortOne again',
  access: 'admin',
  request: merchantRequest,
  response: withCode({ code: z.literal('success') }),
  errors: [400, 401, 403, 404],
} satisfies RouteContract;

export const findPaymentRoute = {
  method: 'post',
  path: '/subscribe/payments/find-payment',
  summary: 'One payment by merchant_uid',
  access: 'member',
  request: merchantRequest,
  response: z.object({ code: z.literal('success'), data: z.object({ MERCHANT_UID: z.string(), ITEM_ID: int32 }) }),
  errors: [400, 401, 404],
} satisfies RouteContract;

export const getPaymentRoute = {
  method: 'post',
  path: '/subscribe/payments/get-payment',
  summary: 'One payment by merchant_uid, in full',
  access: 'member',
  request: merchantRequest,
  response: z.object({ code: z.literal('success'), data: payment }),
  errors: [400, 401, 404],
} satisfies RouteContract;

/** In the order the API document lists them. */
export const subscribeContracts: RouteContract[] = [
  generateMerchantUidRoute,
  billingsRoute,
  billingsRedirectRoute,
  initializeRoute,
  cancelSubscribeRoute,
  downgradeRoute,
  cancelPaymentsRoute,
  infoRoute,
  infoQueryRoute,
  paymentsAdminCancelRoute,
  adminSuccessRoute,
  findPaymentRoute,
  getPaymentRoute,
];

// --- handlers ------------------------------------------------------------------------------

export function subscribeRoutes(app: Express, d: RouteDeps): void {
  /** When a stopped subscription's service ends and how many days are left (null without a pass). */
  const endData = (end: Date | null) =>
    end ? { END_DATE: ymd(end), remainDays: remainingDays(d.clock.now(), end) } : null;

  app.get('/subscribe/generate-merchant-uid', (req, res) => {
    const caller = requireMember(req);
    res.json({
      merchant_uid: `sub_${Date.now().toString(36)}_${randomBytes(6).toString('hex')}`,
      customer_uid: d.billing.subscriptions.customerUidOf(SUBSCRIPTION_ITEM_ID, caller.userId),
    });
  });

  // `/subscribe/basic-billings` (or `/subscribe/6-billings`): the POST charges the first month with the
  // billing key (the gateway refuses it from another site).
  app.post('/subscribe/:product-billings', async (req: Request, res: Response) => {
    const caller = requireMember(req);
    const i = billingsRoute.request.parse(inputOf(req));
    if (i.imp_success === false) throw new HttpError(400, i.error_msg ?? M.recurringUnavailable, { code: 'fail' });
    const r = await d.billing.subscriptions.subscribe(caller.userId, String(req.params.product), {
      merchantUid: i.merchant_uid,
      customerUid: i.customer_uid,
    });
    res.json({ code: 'success', message: M.subscriptionStarted, ...grantAnswer(r) });
  });
  // The GET (a mobile redirect with the query it received) only verifies a payment the provider
  // already has for this member's order: any site can make a browser send it with the cookie.
  app.get('/subscribe/:product-billings', async (req: Request, res: Response) => {
    const caller = requireMember(req);
    const i = billingsRedirectRoute.request.parse(inputOf(req));
    if (i.imp_success === false) throw new HttpError(400, i.error_msg ?? M.recurringUnavailable, { code: 'fail' });
    const r = await d.billing.subscriptions.verifySubscription(caller.userId, String(req.params.product), {
      merchantUid: i.merchant_uid,
      customerUid: i.customer_uid,
    });
    if (r.outcome === 'pending') throw new HttpError(404, M.paymentNotFound, { code: 'fail' });
    res.json({ code: 'success', message: M.subscriptionStarted, ...grantAnswer(r) });
  });

  // The ready record (spec §4 "ready record, then billing registration"); body: paymentData, item, user.
  app.post('/subscribe/payments/initializeDatabase', async (req, res) => {
    const caller = requireMember(req);
    const i = initializeRoute.request.parse(inputOf(req));
    const item = typeof i.item === 'object' && i.item !== null ? (i.item as Record<string, unknown>).ITEM_ID : i.item;
    const order = await d.billing.subscriptions.prepareSubscription(
      caller.userId,
      String(item ?? SUBSCRIPTION_ITEM_ID),
      i.merchant_uid,
    );
    res.json({
      code: 'success',
      data: { MERCHANT_UID: order.merchantUid, ITEM_ID: order.itemId, AMOUNT: order.amount, STATUS: order.status },
    });
  });

  app.post('/subscribe/user-cancel-subscribe', async (req, res) => {
    const caller = requireMember(req);
    const i = cancelSubscribeRoute.request.parse(inputOf(req));
    const end = await d.billing.subscriptions.stopRenewal(
      i.customer_uid,
      i.reason,
      caller.admin ? undefined : caller.userId,
    );
    res.json({ code: 'success', message: M.subscriptionCancelled, data: endData(end) });
  });

  // To the free grade when the paid days end: the renewal stops, nothing is refunded or cut short.
  // A member's own subscription; an administrator may name a member's by customer_uid.
  app.post('/subscribe/payments/downgrade', async (req, res) => {
    const caller = requireMember(req);
    const i = downgradeRoute.request.parse(inputOf(req));
    // Another member's customer_uid is not found for a member (stopRenewal checks the owner).
    const end = await d.billing.subscriptions.stopRenewal(
      i.customer_uid ?? d.billing.subscriptions.customerUidOf(SUBSCRIPTION_ITEM_ID, caller.userId),
      i.reason ?? M.downgradeReason,
      caller.admin ? undefined : caller.userId,
    );
    res.json({ code: 'success', message: downgradeMessage(ymd(end)), data: endData(end) });
  });

  app.post('/subscribe/user-cancel-payments', async (req, res) => {
    const caller = requireMember(req);
    const i = cancelPaymentsRoute.request.parse(inputOf(req));
    await d.billing.refunds.memberCancel(caller.userId, i.merchant_uid, i.reason);
    res.json({ code: 'success', message: M.subscriptionRefunded });
  });

  const info = async (req: Request, res: Response) => {
    const caller = requireMember(req);
    const i = infoRoute.request.parse(inputOf(req));
    const own = d.billing.subscriptions.customerUidOf(i.item_id ?? SUBSCRIPTION_ITEM_ID, caller.userId);
    const customerUid = i.customer_uid ?? own;
    if (customerUid !== own && !caller.admin) throw new HttpError(404, M.subscriptionNotFound, { code: 'fail' });
    const found = await d.billing.subscriptions.subscriptionInfo(customerUid);
    if (!found) {
      res.json({ code: 'fail', message: M.subscriptionNotFound, data: null });
      return;
    }
    const { sub, pass } = found;
    const end = pass ? await d.billing.catalogue.serviceEnd(sub.userId, pass.endDate) : null;
    res.json({
      code: 'success',
      data: {
        CUSTOMER_UID: sub.customerUid,
        ITEM_ID: sub.itemId,
        USER_ID: sub.userId,
        STATUS: sub.status,
        PASS_STATUS: pass?.status ?? null,
        START_DATE: ymd(pass?.startDate),
        END_DATE: ymd(pass?.endDate),
        NEXT_PAY_DATE: ymd(sub.nextChargeAt),
        CANCEL_DATE: ymd(sub.cancelledAt),
        // Counts the days queued after the pass (coupons) too: they are the member's.
        remainDays: end ? remainingDays(d.clock.now(), end) : 0,
      },
    });
  };
  app.post('/subscribe/info', info);
  app.get('/subscribe/info', info);

  app.post('/subscribe/payments/admin-cancel', (req, res) => adminCancel(req, res, d));

  // Administrator re-verifies a subscription payment with the provider (e.g. one left STANDBY).
  app.post('/subscribe/payments/admin-success', async (req, res) => {
    requireAdmin(req);
    const i = adminSuccessRoute.request.parse(inputOf(req));
    res.json({ code: 'success', ...grantAnswer(await d.billing.verify.complete({ merchantUid: i.merchant_uid })) });
  });

  const findPayment = async (req: Request) => {
    const caller = requireMember(req);
    const i = findPaymentRoute.request.parse(inputOf(req));
    const r = await d.store.orders.orders(d.pool, { merchantUid: i.merchant_uid }, 1, 0);
    const row = r.rows[0];
    if (!row || (!caller.admin && row.userId !== caller.userId))
      throw new HttpError(404, M.paymentNotFound, { code: 'fail' });
    return row;
  };
  app.post('/subscribe/payments/find-payment', async (req, res) => {
    const row = await findPayment(req);
    res.json({ code: 'success', data: { MERCHANT_UID: row.merchantUid, ITEM_ID: row.itemId } });
  });
  app.post('/subscribe/payments/get-payment', async (req, res) => {
    res.json({ code: 'success', data: paymentView(await findPayment(req)) });
  });
}
