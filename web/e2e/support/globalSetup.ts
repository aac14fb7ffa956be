/**
 * Optional jest globalSetup for the e2e project: starts the stack once for
 * all e2e files and hands its URL to the workers through E2E_BASE_URL (which
 * the per-file harness then uses instead of starting its own stack).
 */
import { SCREENSHOT_ROOT, SCREENSHOTS_PRINTED_FLAG } from './browser';
import { ensureChromium } from './chromium';
import { startApp, type RunningApp } from './stack';

declare global {
  var __SYN_E2E_APP__: RunningApp | undefined;
}

export default async function globalSetup(): Promise<void> {
  const log = (line: string) => process.stdout.write(`${line}\n`);
  ensureChromium(log);
  log(`[e2e] screenshots: ${SCREENSHOT_ROOT}`);
  process.env[SCREENSHOTS_PRINTED_FLAG] = '1';
  if (process.env.E2E_BASE_URL) return;
  const app = await startApp(log);
  globalThis.__SYN_E2E_APP__ = app;
  process.env.E2E_BASE_URL = app.baseUrl;
}
