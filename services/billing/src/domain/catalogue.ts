// Products and what they grant. Amounts are integer won, VAT included.

export type ProductType = 'SUBSCRIBE' | 'PASS' | 'FREE';

export interface Product {
  itemId: number;
  name: string;
  /** Won per month. */
  price: number;
  /** Months the product grants (spec PROPERTY_ID). */
  months: number;
  /** Extra days (the 1-week pass). */
  days: number;
  type: ProductType;
  listed: boolean;
  purchasable: boolean;
}

/** Spec §9: item 6 is the monthly subscription. */
export const SUBSCRIPTION_ITEM_ID = 6;

/** What the product costs: price × PROPERTY_ID months (the week pass is free). */
export function amountOf(p: Product): number {
  return p.price * p.months;
}

/** Adds calendar months, clamping to the month's last day (Jan 31 + 1 month = Feb 28/29). */
export function addMonths(from: Date, months: number): Date {
  const d = new Date(from.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}

/** End of a period of `p` starting at `start`. */
export function periodEnd(start: Date, p: Pick<Product, 'months' | 'days'>): Date {
  return new Date(addMonths(start, p.months).getTime() + p.days * 86_400_000);
}

/** Spec §7.4: a billing key's customer_uid is prefix, item id and user id joined by underscores. */
export function customerUidOf(prefix: string, itemId: number, userId: number): string {
  return `${prefix}_${itemId}_${userId}`;
}

export function parseCustomerUid(uid: string): { prefix: string; itemId: number; userId: number } | null {
  const m = /^(.+)_(\d+)_(\d+)$/.exec(uid);
  if (!m) return null;
  return { prefix: m[1]!, itemId: Number(m[2]), userId: Number(m[3]) };
}

/** `/subscribe/{product}-billings`: the plan word or the item id. */
export function itemIdOfPlan(product: string): number | null {
  if (product === 'basic' || product === 'monthly' || product === String(SUBSCRIPTION_ITEM_ID)) {
    return SUBSCRIPTION_ITEM_ID;
  }
  return null;
}
