// The documented response keys (spec §3, §7), mapped from domain rows at the HTTP edge only.
import { BILLING_MESSAGES as M } from '@syn/kit/rules';
import { amountOf, type Product } from '../domain/catalogue';
import { ymd } from '../domain/format';
import { PAYMENT_WORDS, REFUND_DONE } from '../domain/status';
import type { UserContact } from '../domain/users';
import type { Pass } from '../store/rows';
import type { OrderView } from '../store/orders';
import type { PassView } from '../store/passes';

export const productView = (p: Product) => ({
  ITEM_ID: p.itemId,
  NAME: p.name,
  PRICE: p.price,
  PROPERTY_ID: p.months,
  TYPE: p.type,
  AMOUNT: amountOf(p),
});

/** Spec "used item". */
export const usedView = (p: PassView) => ({
  PASS_ID: p.passId,
  ITEM_ID: p.itemId,
  USER_ID: p.userId,
  START_DATE: ymd(p.startDate),
  END_DATE: ymd(p.endDate),
  LOCK_DATE: ymd(p.lockDate),
  UPDATE_DATE: ymd(p.updateDate),
  STATUS: p.status,
  NAME: p.name,
  MERCHANT_UID: p.merchantUid,
});

/** Admin banner: the current plan and its period. */
export const managerUsedView = (p: PassView) => ({
  START_DATE: ymd(p.startDate),
  END_DATE: ymd(p.endDate),
  USER_ID: p.userId,
  STATUS: p.status,
  MERCHANT_UID: p.merchantUid,
  product: { ITEM_ID: p.itemId, NAME: p.name },
});

const refundWord = (o: OrderView) => (o.payment && o.payment.refundedAmount > 0 ? REFUND_DONE : null);
const paymentWord = (o: OrderView) => PAYMENT_WORDS[o.payment?.status ?? 'ready'];

/** Spec "Payment" (member payment history). */
export const paymentView = (o: OrderView) => ({
  ORDER_ID: o.orderId,
  MERCHANT_UID: o.merchantUid,
  NAME: o.name,
  ITEM_ID: o.itemId,
  AMOUNT: o.amount,
  STATUS: paymentWord(o),
  O_STATUS: o.status,
  REFUND: refundWord(o),
  PG: o.pg,
  PAY_METHOD: o.payMethod,
  CREATE_DATE: ymd(o.createdAt),
  UPDATE_DATE: ymd(o.updatedAt),
});

/**
 * Spec "Admin payment row". A withdrawn member's payment stays (kept 5 years by law) without the
 * personal data the account service erased: no email, USERNAME 탈퇴 회원 and WITHDRAWN true.
 */
export const adminPaymentView = (o: OrderView, users: Map<number, UserContact>, withdrawn: Set<number>) => ({
  ORDER_ID: o.orderId,
  MERCHANT_UID: o.merchantUid,
  IMP_UID: o.payment?.impUid ?? null,
  NAME: o.name,
  ITEM_ID: o.itemId,
  USER_ID: o.userId,
  AMOUNT: o.amount,
  P_STATUS: paymentWord(o),
  O_STATUS: o.status,
  U_STATUS: o.passStatus,
  REFUND: refundWord(o),
  USEREMAIL: withdrawn.has(o.userId) ? null : (users.get(o.userId)?.email ?? null),
  USERNAME: withdrawn.has(o.userId) ? M.withdrawnMember : (users.get(o.userId)?.name ?? null),
  WITHDRAWN: withdrawn.has(o.userId),
  PG: o.pg,
  PAY_METHOD: o.payMethod,
  FAIL_REASON: o.payment?.failReason ?? null,
  CREATE_DATE: ymd(o.createdAt),
});

/** Spec "Order row (admin)": one per pass. */
export const orderRowView = (p: PassView) => ({
  ORDER_ID: p.orderId,
  PASS_ID: p.passId,
  MERCHANT_UID: p.merchantUid,
  ITEM_ID: p.itemId,
  NAME: p.name,
  START_DATE: ymd(p.startDate),
  END_DATE: ymd(p.endDate),
  LOCK_DATE: ymd(p.lockDate),
  STATUS: p.status,
});

export const passDates = (p: Pass | null) =>
  p ? { STATUS: p.status, START_DATE: ymd(p.startDate), END_DATE: ymd(p.endDate), LOCK_DATE: ymd(p.lockDate) } : null;
