// Administrator paths (spec §2.5 items 3–5, §7.4). The gateway guards /api/sys/*;
// every handler checks grade 0 again.
import { HttpError, requireAdmin } from '@syn/kit';
import { BILLING_MESSAGES as M } from '@syn/kit/rules';
import type { Express, Request, Response } from 'express';
import { SUBSCRIPTION_ITEM_ID } from '../domain/catalogue';
import {
  adminCancelRequest,
  adminStopRequest,
  grantRequest,
  paymentSearchRequest,
  refundRequest,
  userOrdersRequest,
  userRequest,
} from './contract';
import { inputOf } from './input';
import type { RouteDeps } from './member';
import { adminPaymentView, managerUsedView, orderRowView } from './views';
import type { UserDirectory } from '../domain/users';
import type { UserContact } from '../domain/users';

const ADMIN_REFUND_REASON = '관리자 환불';

/** Refund failures other than the catalogued ones answer '오류로 인해 처리할 수 없습니다.' (spec §8). */
async function refundErrors<T>(fn: () => Promise<T>, log: (obj: object, msg: string) => void): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof HttpError) throw err;
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
    const i = paymentSearchRequest.parse(inputOf(req));
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
    const i = refundRequest.parse(inputOf(req));
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
    const i = adminStopRequest.parse(inputOf(req));
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
    const i = userRequest.parse(inputOf(req));
    res.json(await banner(i.userId));
  });

  app.post('/api/sys/selectUserOrderItems', async (req, res) => {
    requireAdmin(req);
    const i = userOrdersRequest.parse(inputOf(req));
    const r = await d.store.passes.passesOfUser(d.pool, i.userId, i.pageSize, i.pageNum * i.pageSize);
    res.json({ datas: r.rows.map(orderRowView), total: r.total, ...(await banner(i.userId)) });
  });

  app.post('/api/sys/insertUserOrderItem', async (req, res) => {
    requireAdmin(req);
    const i = grantRequest.parse(inputOf(req));
    const pass = await d.billing.adminGrant.grant(i.userId, i.orderType);
    res.json({ message: M.orderRegistered, status: pass.status });
  });
}
