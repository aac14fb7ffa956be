/**
 * GET /site.json, fetched once per page load (index.html preloads it beside the app's script, so
 * nothing waits for it): the footer, the purchase page and the privacy policy read it with
 * useSiteInfo(), main.tsx with loadSiteInfo(). A failed load is tried again by the next page that
 * needs it.
 */
import { useEffect, useSyncExternalStore } from 'react';
import { readSiteInfo, SITE_INFO_PATH, type SiteInfo } from './business';

/** undefined while loading, null when the load failed. */
export type SiteInfoState = SiteInfo | null | undefined;

let state: SiteInfoState;
let inFlight: Promise<SiteInfo | null> | null = null;
const listeners = new Set<() => void>();

function set(next: SiteInfoState): void {
  state = next;
  for (const listener of listeners) listener();
}

export function loadSiteInfo(): Promise<SiteInfo | null> {
  if (state) return Promise.resolve(state);
  if (inFlight) return inFlight;
  if (state === null) set(undefined);
  inFlight = fetch(SITE_INFO_PATH)
    .then(async (response) => (response.ok ? readSiteInfo(await response.json()) : null))
    .catch(() => null)
    .then((site) => {
      inFlight = null;
      set(site);
      return site;
    });
  return inFlight;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSiteInfo(): SiteInfoState {
  const site = useSyncExternalStore(subscribe, () => state);
  // Starts the load if nothing has, or retries one that failed; otherwise a no-op.
  useEffect(() => void loadSiteInfo(), []);
  return site;
}
