import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** Debian's Chromium: the tests never download a browser of their own. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Installs Debian's `chromium` package when it is missing (the machine is
 * root and reaches Debian's mirrors). Synchronous on purpose: it runs once,
 * before any browser starts.
 */
export function ensureChromium(log: (line: string) => void = (line) => process.stdout.write(`${line}\n`)): string {
  if (existsSync(CHROMIUM_PATH)) return CHROMIUM_PATH;
  log(`[e2e] ${CHROMIUM_PATH} is missing: installing Debian's chromium package (apt-get) …`);
  execSync('apt-get update && apt-get install -y chromium', {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    timeout: 15 * 60_000,
  });
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`apt-get finished but ${CHROMIUM_PATH} still does not exist`);
  return CHROMIUM_PATH;
}

/** Flags for a closed network: without the background-networking ones Chromium's connections get refused. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
