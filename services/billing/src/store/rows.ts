// Row types of schema `billing` and their mapping from pg rows.
import type { Product, ProductType } from '../domain/catalogue';
import type { OrderState, PassState, ProviderStatus, SubscriptionState } from '../domain/status';

export type OrderKind = 'ONEOFF' | 'SUBSCRIBE' | 'RENEWAL' | 'ADMIN';

export interface Order {
  orderId: number;
  merchantUid: string;
  userId: number;
  itemId: number;
  name: string;
  amount: number;
  kind: OrderKind;
  status: OrderState;
  pg: string | null;
  payMethod: string | null;
  subscriptionId: number | null;
  passId: number | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface Payment {
  orderId: number;
  impUid: string | null;
  status: ProviderStatus;
  /** In `currency` units (what the provider charged and refunds). */
  amount: number;
  /** ISO 4217; null when the provider did not state it. */
  currency: string | null;
  refundedAmount: number;
  failReason: string | null;
  refundReason: string | null;
  paidAt: Date | null;
  refundedAt: Date | null;
  updatedAt: Date;
}

export interface Pass {
  passId: number;
  userId: number;
  itemId: number;
  orderId: number;
  subscriptionId: number | null;
  status: PassState;
  startDate: Date;
  endDate: Date;
  lockDate: Date | null;
  updateDate: Date;
}

export interface Subscription {
  subscriptionId: number;
  customerUid: string;
  userId: number;
  itemId: number;
  status: SubscriptionState;
  passId: number | null;
  cycle: number;
  retryCount: number;
  nextChargeAt: Date | null;
  cancelReason: string | null;
  cancelledAt: Date | null;
}

type Raw = Record<string, unknown>;
const d = (v: unknown): Date | null => (v === null || v === undefined ? null : new Date(v as string | Date));
const n = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
const s = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));

export function productOf(r: Raw): Product {
  return {
    itemId: Number(r.item_id),
    name: String(r.name),
    price: Number(r.price),
    months: Number(r.property_id),
    days: Number(r.extra_days),
    type: String(r.type) as ProductType,
    listed: Boolean(r.listed),
    purchasable: Boolean(r.purchasable),
  };
}

export function orderOf(r: Raw): Order {
  return {
    orderId: Number(r.order_id),
    merchantUid: String(r.merchant_uid),
    userId: Number(r.user_id),
    itemId: Number(r.item_id),
    name: String(r.name),
    amount: Number(r.amount),
    kind: String(r.kind) as OrderKind,
    status: String(r.status) as OrderState,
    pg: s(r.pg),
    payMethod: s(r.pay_method),
    subscriptionId: n(r.subscription_id),
    passId: n(r.pass_id),
    createdAt: d(r.created_at)!,
    updatedAt: d(r.updated_at)!,
  };
}

export function paymentOf(r: Raw): Payment {
  return {
    orderId: Number(r.order_id),
    impUid: s(r.imp_uid),
    status: String(r.status) as ProviderStatus,
    amount: Number(r.amount),
    currency: s(r.currency),
    refundedAmount: Number(r.refunded_amount),
    failReason: s(r.fail_reason),
    refundReason: s(r.refund_reason),
    paidAt: d(r.paid_at),
    refundedAt: d(r.refunded_at),
    updatedAt: d(r.updated_at)!,
  };
}

export function passOf(r: Raw): Pass {
  return {
    passId: Number(r.pass_id),
    userId: Number(r.user_id),
    itemId: Number(r.item_id),
    orderId: Number(r.order_id),
    subscriptionId: n(r.subscription_id),
    status: String(r.status) as PassState,
    startDate: d(r.start_date)!,
    endDate: d(r.end_date)!,
    lockDate: d(r.lock_date),
    updateDate: d(r.update_date)!,
  };
}

export function subscriptionOf(r: Raw): Subscription {
  return {
    subscriptionId: Number(r.subscription_id),
    customerUid: String(r.customer_uid),
    userId: Number(r.user_id),
    itemId: Number(r.item_id),
    status: String(r.status) as SubscriptionState,
    passId: n(r.pass_id),
    cycle: Number(r.cycle),
    retryCount: Number(r.retry_count),
    nextChargeAt: d(r.next_charge_at),
    cancelReason: s(r.cancel_reason),
    cancelledAt: d(r.cancelled_at),
  };
}
