// Member paths of spec §7.3: one-off payment, usage and payment history; each route's contract
// (request schema, success body, error statuses, caller) stands beside its handler.
import { activeCaller, HttpError, requireMember, type Caller, type Pool } from '@syn/kit';
import type { RouteContract } from '@syn/kit/contract';
import { autoRenewOnMessage, BILLING_MESSAGES as M, onOffValue } from '@syn/kit/rules';
import type { Express, Request, Response } from 'express';
import { z } from 'zod';
import { SUBSCRIPTION_ITEM_ID } from '../domain/catalogue';
import type { Clock } from '../domain/clock';
import { remainingDays, ymd } from '../domain/format';
import type { BillingFlows, GrantResult } from '../flows';
import type { BillingRepositories } from '../store/repositories';
import {
  day,
  int32,
  merchantCancelRequest,
  merchantRequest,
  message,
  passDatesBody,
  passState,
  payment,
  withCode,
} from './bodies';
import { flag, inputOf, int, optText, page, text } from './input';
import { passDates, paymentView, usedView } from './views';

export interface RouteDeps {
  billing: BillingFlows;
  store: BillingRepositories;
  pool: Pool;
  clock: Clock;
  warn: (obj: object, msg: string) => void;
}

/** Whose data: an administrator may name a user; anyone else gets their own (ids in bodies are never trusted). */
export function subjectOf(caller: Caller, named: unknown): number {
  const id =
    typeof named === 'number' ? named : typeof named === 'string' && /^\d+$/.test(named) ? Number(named) : null;
  return caller.admin && id !== null && id > 0 ? id : caller.userId;
}

export function grantAnswer(r: GrantResult) {
  switch (r.outcome) {
    case 'granted':
    case 'already':
      return { status: 'success', merchant_uid: r.order.merchantUid, used: passDates(r.pass) };
    case 'pending':
      return { status: 'pending', merchant_uid: r.order.merchantUid };
    case 'forged':
      throw new HttpError(400, M.amountMismatch, { code: 'fail' });
    default:
      throw new HttpError(400, r.failReason ?? M.paymentFailed, { code: 'fail' });
  }
}

// --- contracts -----------------------------------------------------------------------------

const completeRequest = z.object({
  imp_uid: optText,
  merchant_uid: text(M.orderRequired),
  imp_success: flag,
  success: flag,
  error_msg: optText,
});
const grant = withCode({});
/** userId is honoured for administrators only (subjectOf). */
const ownListRequest = z.object({ userId: z.unknown().optional(), ...page });
const subjectRequest = z.object({ id: z.string().optional() });

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

export const createOrderRoute = {
  method: 'post',
  path: '/api/pay/order/create',
  summary: 'Create an order; answers the merchant_uid to pay',
  access: 'member',
  request: z.object({
    id: int(M.productNotFound),
    amount: z.coerce.number().int().optional(),
    pg: optText,
    pay_method: optText,
  }),
  response: z.object({ merchant_uid: z.string(), amount: int32, name: z.string() }),
  errors: [400, 401, 409],
} satisfies RouteContract;

export const completeRoute = {
  method: 'post',
  path: '/api/pay/order/complete',
  summary: 'Verify a payment with PortOne and grant the pass',
  access: 'member',
  request: completeRequest,
  response: grant,
  errors: [400, 401, 404, 409],
} satisfies RouteContract;

export const completeRedirectRoute = {
  ...completeRoute,
  method: 'get',
  summary: 'The mobile redirect of a payment (imp_uid, merchant_uid, imp_success in the query)',
} satisfies RouteContract;

export const failRoute = {
  method: 'post',
  path: '/api/pay/order/fail',
  summary: 'Record a failed payment',
  access: 'member',
  request: z.object({ imp_uid: optText, merchant_uid: text(M.orderRequired), error_msg: optText }),
  response: z.object({ status: z.enum(['success', 'fail']), message }),
  errors: [400, 401, 404],
} satisfies RouteContract;

export const usedSuccessRoute = {
  method: 'post',
  path: '/api/pay/order/usedSuccess',
  summary: 'The pass a completed order granted',
  access: 'member',
  request: merchantRequest,
  response: z.object({ status: z.literal('success'), redirect: z.string(), used: passDatesBody }),
  errors: [400, 401, 404],
} satisfies RouteContract;

export const orderCancelRoute = {
  method: 'post',
  path: '/api/pay/order/cancel',
  summary: 'Cancel and refund own order',
  access: 'member',
  request: merchantCancelRequest,
  response: z.object({ status: z.literal('success'), item: payment.nullable() }),
  errors: [400, 401, 404, 409],
} satisfies RouteContract;

export const webhookRoute = {
  method: 'post',
  path: '/api/pay/webhook',
  summary: 'PortOne notification; the payment is fetched again from PortOne',
  access: 'public',
  request: z.object({ imp_uid: text(M.orderRequired), merchant_uid: optText }),
  response: z.object({
    status: z.literal('ok'),
    outcome: z.enum(['granted', 'already', 'failed', 'forged', 'pending', 'cancelled', 'ignored']),
  }),
  errors: [400],
} satisfies RouteContract;

export const isUsedRoute = {
  method: 'get',
  path: '/api/used/isUsed',
  summary: 'Whether the caller (or, for an administrator, user `id`) has a pass in use',
  access: 'public',
  request: subjectRequest,
  response: z.object({ status: z.enum(['valid', 'none']), used: usedItem.nullable() }),
  errors: [],
} satisfies RouteContract;

export const isUsedRemainRoute = {
  method: 'get',
  path: '/api/used/isUsedRemain',
  summary: 'The pass in use, the days left of the whole service (passes queued after it included), its end and renewal',
  access: 'member',
  request: subjectRequest,
  response: z.object({
    status: z.enum(['valid', 'none']),
    used: usedItem.nullable(),
    remainDays: int32,
    serviceEndDate: day,
    autoRenew: z.boolean(),
  }),
  errors: [401],
} satisfies RouteContract;

export const onOffRoute = {
  method: 'post',
  path: '/api/used/onOff',
  summary:
    'Auto-renewal of the member’s own subscription off (it runs to the end of the paid days) or on again (while those days run; the next charge after every day the member has)',
  access: 'member',
  request: z.object({ onOff: onOffValue }),
  response: z.object({
    status: z.literal('success'),
    autoRenew: z.boolean(),
    message,
    nextPayDate: day,
    endDate: day,
  }),
  errors: [400, 401, 404, 409],
} satisfies RouteContract;

export const usedListRoute = {
  method: 'post',
  path: '/api/used/usedList',
  summary: 'Passes (usage history), zero-based pages',
  access: 'member',
  request: ownListRequest,
  response: z.object({ total: int32, datas: z.array(usedItem) }),
  errors: [401],
} satisfies RouteContract;

export const paymentListsRoute = {
  method: 'post',
  path: '/api/used/paymentLists',
  summary: 'Payment history, zero-based pages',
  access: 'member',
  request: ownListRequest,
  response: z.object({ total: int32, datas: z.array(payment) }),
  errors: [401],
} satisfies RouteContract;

/** In the order the API document lists them. */
export const memberContracts: RouteContract[] = [
  createOrderRoute,
  completeRoute,
  completeRedirectRoute,
  failRoute,
  usedSuccessRoute,
  orderCancelRoute,
  webhookRoute,
  isUsedRoute,
  isUsedRemainRoute,
  onOffRoute,
  usedListRoute,
  paymentListsRoute,
];

// --- handlers ------------------------------------------------------------------------------

export function memberRoutes(app: Express, d: RouteDeps): void {
  app.post('/api/pay/order/create', async (req, res) => {
    const caller = requireMember(req);
    const i = createOrderRoute.request.parse(inputOf(req));
    const order = await d.billing.checkout.createOrder(caller.userId, {
      itemId: i.id,
      amount: i.amount,
      pg: i.pg,
      payMethod: i.pay_method,
    });
    res.json({ merchant_uid: order.merchantUid, amount: order.amount, name: order.name });
  });

  // Mobile redirects (/pay/mobile) pass imp_uid, merchant_uid and imp_success in the query.
  const complete = async (req: Request, res: Response) => {
    const caller = requireMember(req);
    const i = completeRoute.request.parse(inputOf(req));
    if (i.imp_success === false || i.success === false) {
      const order = await d.billing.checkout.fail(caller.userId, {
        impUid: i.imp_uid,
        merchantUid: i.merchant_uid,
        message: i.error_msg ?? M.paymentFailed,
      });
      if (order.status === 'SUCCESS') {
        res.json({ status: 'success', merchant_uid: order.merchantUid });
        return;
      }
      throw new HttpError(400, i.error_msg ?? M.paymentFailed, { code: 'fail' });
    }
    res.json(
      grantAnswer(
        await d.billing.verify.complete({ impUid: i.imp_uid, merchantUid: i.merchant_uid, userId: caller.userId }),
      ),
    );
  };
  app.post('/api/pay/order/complete', complete);
  app.get('/api/pay/order/complete', complete);

  app.post('/api/pay/order/fail', async (req, res) => {
    const caller = requireMember(req);
    const i = failRoute.request.parse(inputOf(req));
    const order = await d.billing.checkout.fail(caller.userId, {
      impUid: i.imp_uid,
      merchantUid: i.merchant_uid,
      message: i.error_msg ?? M.paymentFailed,
    });
    res.json({ status: order.status === 'SUCCESS' ? 'success' : 'fail', message: i.error_msg ?? M.paymentFailed });
  });

  app.post('/api/pay/order/usedSuccess', async (req, res) => {
    const caller = requireMember(req);
    const i = usedSuccessRoute.request.parse(inputOf(req));
    const pass = await d.billing.checkout.usedSuccess(caller.userId, i.merchant_uid);
    res.json({ status: 'success', redirect: '/order', used: passDates(pass) });
  });

  app.post('/api/pay/order/cancel', async (req, res) => {
    const caller = requireMember(req);
    const i = orderCancelRoute.request.parse(inputOf(req));
    const order = await d.billing.refunds.memberCancel(caller.userId, i.merchant_uid, i.reason);
    const view = await d.store.orders.orders(d.pool, { merchantUid: order.merchantUid }, 1, 0);
    res.json({ status: 'success', item: view.rows[0] ? paymentView(view.rows[0]) : null });
  });

  // Unsigned in v1: the body only names the payment; the flow re-fetches it from the provider.
  app.post('/api/pay/webhook', async (req, res) => {
    const i = webhookRoute.request.parse(inputOf(req));
    const outcome = await d.billing.webhook.receive(i.imp_uid, i.merchant_uid);
    res.json({ status: 'ok', outcome });
  });

  app.get('/api/used/isUsed', async (req, res) => {
    const userId = subjectOf(activeCaller(req), inputOf(req).id);
    const pass = await d.billing.catalogue.currentPass(userId);
    res.json({ status: pass ? 'valid' : 'none', used: pass ? usedView(pass) : null });
  });

  app.get('/api/used/isUsedRemain', async (req, res) => {
    const caller = requireMember(req);
    const pass = await d.billing.catalogue.currentPass(subjectOf(caller, inputOf(req).id));
    const sub = pass?.subscriptionId ? await d.store.subscriptions.subscription(d.pool, pass.subscriptionId) : null;
    // The days left are the member's whole service: passes queued after this one (a coupon used
    // while subscribed, a reward) carry on after it.
    const end = pass ? await d.billing.catalogue.serviceEnd(pass.userId, pass.endDate) : null;
    res.json({
      status: pass ? 'valid' : 'none',
      used: pass ? usedView(pass) : null,
      remainDays: end ? remainingDays(d.clock.now(), end) : 0,
      serviceEndDate: ymd(end),
      autoRenew: sub?.status === 'START',
    });
  });

  // The member's own auto-renewal, off or on again; an administrator acts on a member's from the
  // admin screens (subscribe/admin-cancel), not here.
  app.post('/api/used/onOff', async (req, res) => {
    const caller = requireMember(req);
    const i = onOffRoute.request.parse(inputOf(req));
    if (i.onOff === 'OFF') {
      const customerUid = d.billing.subscriptions.customerUidOf(SUBSCRIPTION_ITEM_ID, caller.userId);
      const end = await d.billing.subscriptions.stopRenewal(customerUid, M.autoRenewOffReason, caller.userId);
      res.json({
        status: 'success',
        autoRenew: false,
        message: M.subscriptionCancelled,
        nextPayDate: null,
        endDate: ymd(end),
      });
      return;
    }
    const { nextChargeAt } = await d.billing.subscriptions.resumeSubscription(caller.userId);
    const day = ymd(nextChargeAt)!;
    res.json({
      status: 'success',
      autoRenew: true,
      message: autoRenewOnMessage(day),
      nextPayDate: day,
      // Paid days run until the next charge, which renews them.
      endDate: day,
    });
  });

  app.post('/api/used/usedList', async (req, res) => {
    const caller = requireMember(req);
    const i = usedListRoute.request.parse(inputOf(req));
    const r = await d.store.passes.passesOfUser(
      d.pool,
      subjectOf(caller, i.userId),
      i.pageSize,
      i.pageNum * i.pageSize,
    );
    res.json({ total: r.total, datas: r.rows.map(usedView) });
  });

  app.post('/api/used/paymentLists', async (req, res) => {
    const caller = requireMember(req);
    const i = paymentListsRoute.request.parse(inputOf(req));
    const r = await d.store.orders.orders(
      d.pool,
      { userId: subjectOf(caller, i.userId), withPaymentOnly: true, withoutExpiredCheckouts: !caller.admin },
      i.pageSize,
      i.pageNum * i.pageSize,
    );
    res.json({ total: r.total, datas: r.rows.map(paymentView) });
  });
}
