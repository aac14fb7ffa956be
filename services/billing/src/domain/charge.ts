// What the provider must charge for an order. Orders are priced in won; the international
// online wallet (PayPal) is charged in US dollars, the won amount divided by 1000 and rounded
// up (spec §9: "an international online wallet (amount divided by 1000, rounded up)").

/** The currency of every order amount. */
export const ORDER_CURRENCY = 'KRW';
/** The international wallet's currency. */
export const WALLET_CURRENCY = 'USD';

export interface Charge {
  /** ISO 4217 code. */
  currency: string;
  /** In `currency` units. */
  amount: number;
}

/** PortOne v1 pg codes of the international wallet (`paypal`, `paypal_v2`). */
export function isInternationalWallet(pg: string | null): boolean {
  return pg !== null && /^paypal(_|$)/i.test(pg);
}

/** The one charge that pays an order of `amount` won through `pg`; anything else is refused. */
export function chargeOf(order: { amount: number; pg: string | null }): Charge {
  return isInternationalWallet(order.pg)
    ? { currency: WALLET_CURRENCY, amount: Math.ceil(order.amount / 1000) }
    : { currency: ORDER_CURRENCY, amount: order.amount };
}

/**
 * Won value of `amount` refunded from a payment of `paid` in `currency`, for events and
 * statistics (which count won): proportional to the order's won amount.
 */
export function wonOf(amount: number, paid: { currency: string | null; amount: number }, orderWon: number): number {
  if (paid.currency === null || paid.currency === ORDER_CURRENCY || paid.amount === 0) return amount;
  return Math.round((orderWon * amount) / paid.amount);
}
