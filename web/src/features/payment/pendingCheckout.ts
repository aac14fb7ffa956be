/**
 * The subscription checkout this browser started, so the mobile redirect page
 * (`/subscribe/mobile-billings`) charges only what the member began on the payment screen:
 * a link from another site to that page must not make the app POST a first-month charge
 * of the member's stored card with the member's own (same-origin) request.
 */
const KEY = 'syn.pendingSubscription';
/** A phone checkout takes minutes; an hour-old one is stale. */
const MAX_AGE_MS = 60 * 60 * 1000;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function rememberSubscriptionCheckout(merchantUid: string): void {
  try {
    storage()?.setItem(KEY, JSON.stringify({ merchantUid, at: Date.now() }));
  } catch {
    // Quota or privacy mode: the desktop callback needs none of this; a phone then stops at the redirect page.
  }
}

/** True once for the merchant_uid this browser started (then forgotten), false for anything else. */
export function takeSubscriptionCheckout(merchantUid: string): boolean {
  const s = storage();
  const raw = s?.getItem(KEY) ?? null;
  if (raw === null) return false;
  let pending: unknown;
  try {
    pending = JSON.parse(raw);
  } catch {
    pending = null;
  }
  const p = pending as { merchantUid?: unknown; at?: unknown } | null;
  const fresh = typeof p?.at === 'number' && Date.now() - p.at < MAX_AGE_MS;
  if (p?.merchantUid !== merchantUid || !fresh) return false;
  s?.removeItem(KEY);
  return true;
}
