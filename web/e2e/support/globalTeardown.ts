/** Stops what e2e/support/globalSetup.ts started (nothing when E2E_BASE_URL was given). */
import './globalSetup';

export default async function globalTeardown(): Promise<void> {
  const app = globalThis.__SYN_E2E_APP__;
  globalThis.__SYN_E2E_APP__ = undefined;
  await app?.stop();
}
