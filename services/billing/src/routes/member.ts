// Member paths of spec §7.3: catalogue, one-off payment, usage and payment history.
import { activeCaller, requireMember, type Caller } from '@syn/kit';
import { autoRenewOnMessage, BILLING_MESSAGES as M } from '@syn/kit/rules';
import type { Express, Request } from 'express';
import { SUBSCRIPTION_ITEM_ID } from '../domain/catalogue';
import { remainingDays, ymd } from '../domain/format';
import type { Clock } from '../domain/clock';
import type { BillingFlows, GrantResult } from '../flows';
import type { BillingRepositories } from '../store/repositories';
import type { Pool } from '@syn/kit';
import {
  completeRequest,
  createOrderRequest,
  failRequest,
  merchantCancelRequest,
  merchantRequest,
  onOffRequest,
  ownListRequest,
  webhookRequest,
} from './contract';
import { inputOf } from './input';
import { paymentView, productView, usedView, passDates } from './views';
import { HttpError } from '@syn/kit';

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

export function memberRoutes(app: Express, d: RouteDeps): void {
  app.post('/api/dic/order/selectOrderItems', async (_req, res) => {
    const products = await d.billing.catalogue.products();
    res.json({ orderItems: products.filter((p) => p.listed).map(productView) });
  });

  app.post('/api/pay/order/create', async (req, res) => {
    const caller = requireMember(req);
    const i = createOrderRequest.parse(inputOf(req));
    const order = await d.billing.checkout.createOrder(caller.userId, {
      itemId: i.id,
      amount: i.amount,
      pg: i.pg,
      payMethod: i.pay_method,
    });
    res.json({ merchant_uid: order.merchantUid, amount: order.amount, name: order.name });
  });

  // Mobile redirects (/pay/mobile) pass imp_uid, merchant_uid and imp_success in the query.
  const complete = async (req: Request, res: import('express').Response) => {
    const caller = requireMember(req);
    const i = completeRequest.parse(inputOf(req));
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
    const i = failRequest.parse(inputOf(req));
    const order = await d.billing.checkout.fail(caller.userId, {
      impUid: i.imp_uid,
      merchantUid: i.merchant_uid,
      message: i.error_msg ?? M.paymentFailed,
    });
    res.json({ status: order.status === 'SUCCESS' ? 'success' : 'fail', message: i.error_msg ?? M.paymentFailed });
  });

  app.post('/api/pay/order/usedSuccess', async (req, res) => {
    const caller = requireMember(req);
    const i = merchantRequest.parse(inputOf(req));
    const pass = await d.billing.checkout.usedSuccess(caller.userId, i.merchant_uid);
    res.json({ status: 'success', redirect: '/order', used: passDates(pass) });
  });

  app.post('/api/pay/order/cancel', async (req, res) => {
    const caller = requireMember(req);
    const i = merchantCancelRequest.parse(inputOf(req));
    const order = await d.billing.refunds.memberCancel(caller.userId, i.merchant_uid, i.reason);
    const view = await d.store.orders.orders(d.pool, { merchantUid: order.merchantUid }, 1, 0);
    res.json({ status: 'success', item: view.rows[0] ? paymentView(view.rows[0]) : null });
  });

  // Unsigned in v1: the body only names the payment; the flow re-fetches it from the provider.
  app.post('/api/pay/webhook', async (req, res) => {
    const i = webhookRequest.parse(inputOf(req));
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
    const i = onOffRequest.parse(inputOf(req));
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
    const i = ownListRequest.parse(inputOf(req));
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
    const i = ownListRequest.parse(inputOf(req));
    const r = await d.store.orders.orders(
      d.pool,
      { userId: subjectOf(caller, i.userId), withPaymentOnly: true, withoutExpiredCheckouts: !caller.admin },
      i.pageSize,
      i.pageNum * i.pageSize,
    );
    res.json({ total: r.total, datas: r.rows.map(paymentView) });
  });
}
