/**
 * The browser-test harness: Debian's Chromium driven by playwright-core, one
 * browser per test file, a fresh context per page so storage never leaks
 * between tests, and every console error or uncaught page error collected so
 * a test can fail on it. Use it from a test file:
 *
 *   const e2e = useE2E();
 *   test('…', async () => {
 *     const tab = await e2e().open('mobile', '/notice');
 *     …
 *     await tab.screenshot('notice');
 *     tab.expectNoErrors();
 *   });
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, ensureChromium } from './chromium';
import { startApp, type RunningApp } from './stack';

/** How long a page, a navigation or an element may take on a loaded machine (see useE2E). */
const LOADED_WAIT_MS = 60_000;

export const VIEWPORTS = {
  mobile: { width: 360, height: 740 },
  desktop: { width: 1280, height: 800 },
} as const;
export type ViewportName = keyof typeof VIEWPORTS;

export const REPO_ROOT = resolve(__dirname, '..', '..', '..');
export const SCREENSHOT_ROOT = join(REPO_ROOT, '.local', 'screenshots');

const log = (line: string) => process.stdout.write(`${line}\n`);

/** Set by globalSetup once it has printed the folder, so test files do not print it again. */
export const SCREENSHOTS_PRINTED_FLAG = 'SYN_E2E_SCREENSHOTS_PRINTED';

/** A file name for a URL: `/mgrUser/UserDetail/1` → `mgrUser_UserDetail_1`, `/` → `root`. */
export function screenshotName(url: string): string {
  const name = url
    .replace(/^\/+/, '')
    .replace(/[?&=/]+/g, '_')
    .replace(/[^A-Za-z0-9_.-]/g, (char) => encodeURIComponent(char).replace(/%/g, ''))
    .replace(/_+$/, '');
  return name === '' ? 'root' : name;
}

export interface OpenOptions {
  /** Local-storage entries set before the app's first script runs (e.g. a stored user). */
  localStorage?: Record<string, string>;
  /** Console errors matching these are expected by the test and not counted. */
  allowConsole?: RegExp[];
}

export class Tab {
  readonly errors: string[] = [];

  constructor(
    readonly page: Page,
    readonly context: BrowserContext,
    readonly viewport: ViewportName,
    private readonly baseUrl: string,
    allowConsole: RegExp[],
  ) {
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      const text = message.text();
      if (allowConsole.some((pattern) => pattern.test(text))) return;
      const where = message.location().url;
      this.errors.push(`console.error: ${text}${where ? ` (${where})` : ''}`);
    });
    page.on('pageerror', (error) => this.errors.push(`uncaught: ${error.message}`));
  }

  url(path: string): string {
    return `${this.baseUrl}${path}`;
  }

  /** Loads `path` and waits for the page's h1 (every page of the app has one inside <main>). */
  async goto(path: string): Promise<void> {
    await this.page.goto(this.url(path), { waitUntil: 'load' });
    // A busy machine (CI beside other work) can take longer than 15 s to render a lazy page's first heading.
    await this.page.locator('main h1').first().waitFor({ state: 'visible', timeout: LOADED_WAIT_MS });
  }

  heading() {
    return this.page.locator('main h1').first();
  }

  /** Waits until the page's h1 reads `text` (client-side navigation renders after the URL changes). */
  async waitForHeading(text: string): Promise<void> {
    await this.page.locator('main').getByRole('heading', { level: 1, name: text, exact: true }).waitFor();
  }

  /** Path and query of the current URL. */
  location(): string {
    const url = new URL(this.page.url());
    return `${url.pathname}${url.search}`;
  }

  /** Screenshot (full page unless told otherwise: fixed overlays such as toasts need the viewport) under .local/screenshots/<viewport>/<name>.png, after fonts have loaded. */
  async screenshot(name: string, options: { fullPage?: boolean } = {}): Promise<string> {
    const folder = join(SCREENSHOT_ROOT, this.viewport);
    mkdirSync(folder, { recursive: true });
    if (process.env[SCREENSHOTS_PRINTED_FLAG] !== '1') {
      process.env[SCREENSHOTS_PRINTED_FLAG] = '1';
      log(`[e2e] screenshots: ${SCREENSHOT_ROOT}`);
    }
    await this.page.evaluate(() => document.fonts.ready.then(() => undefined));
    const file = join(folder, `${name}.png`);
    // Transitions end before the picture (an accordion's chevron half-turned is not what a reader sees).
    await this.page.screenshot({ path: file, fullPage: options.fullPage ?? true, animations: 'disabled' });
    return file;
  }

  /** Runs axe-core (WCAG 2 A/AA rules, colour contrast included) and returns the violations found. */
  async accessibilityViolations(): Promise<string[]> {
    const source = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
    // Evaluated through the DevTools protocol, so a strict Content-Security-Policy does not block it.
    await this.page.evaluate(source);
    const violations = await this.page.evaluate(async () => {
      const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<AxeResult> } })
        .axe;
      interface AxeResult {
        violations: Array<{ id: string; help: string; nodes: Array<{ target: unknown[] }> }>;
      }
      const result = await axe.run(document, {
        runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      });
      return result.violations.map(
        (violation) =>
          `${violation.id}: ${violation.help} → ${violation.nodes
            .slice(0, 3)
            .map((node) => JSON.stringify(node.target))
            .join(', ')}`,
      );
    });
    return violations;
  }

  /** Fails the test with the collected console and page errors, if any. */
  expectNoErrors(): void {
    expect(this.errors).toEqual([]);
  }

  async close(): Promise<void> {
    await this.context.close();
  }
}

export interface E2E {
  baseUrl: string;
  browser: Browser;
  open(viewport: ViewportName, path?: string, options?: OpenOptions): Promise<Tab>;
}

/**
 * Registers beforeAll/afterAll that start the app (E2E_BASE_URL or
 * scripts/stack.ts) and Chromium for this test file; returns a getter for
 * use inside tests.
 */
export function useE2E(): () => E2E {
  // A project-level `testTimeout` in jest.config.js is ignored by jest-circus (it reads only the
  // global one), so the harness sets the browser tests' timeout itself.
  jest.setTimeout(180_000);
  let app: RunningApp | undefined;
  let browser: Browser | undefined;
  let handle: E2E | undefined;
  const tabs: Tab[] = [];

  beforeAll(async () => {
    const executablePath = ensureChromium(log);
    app = await startApp(log);
    browser = await chromium.launch({ executablePath, headless: true, args: CHROMIUM_ARGS });
    const baseUrl = app.baseUrl;
    const launched = browser;
    handle = {
      baseUrl,
      browser: launched,
      async open(viewport, path, options = {}) {
        const context = await launched.newContext({ viewport: VIEWPORTS[viewport], locale: 'ko-KR' });
        const entries = options.localStorage;
        if (entries) {
          await context.addInitScript((items: Record<string, string>) => {
            // Only once per tab, so a test can still log out and reload.
            if (sessionStorage.getItem('__e2e_seeded') === '1') return;
            sessionStorage.setItem('__e2e_seeded', '1');
            for (const [key, value] of Object.entries(items)) localStorage.setItem(key, value);
          }, entries);
        }
        const page = await context.newPage();
        // Two CPU hogs beside the suite (the loaded runs) leave Chromium a fraction of a core: page loads
        // there took over Playwright's default 30 s. A quiet run never comes near this.
        page.setDefaultNavigationTimeout(LOADED_WAIT_MS);
        page.setDefaultTimeout(LOADED_WAIT_MS);
        const tab = new Tab(page, context, viewport, baseUrl, options.allowConsole ?? []);
        tabs.push(tab);
        if (path !== undefined) await tab.goto(path);
        return tab;
      },
    };
  }, 20 * 60_000);

  afterAll(async () => {
    await Promise.allSettled(tabs.map((tab) => tab.close()));
    await browser?.close();
    await app?.stop();
  }, 120_000);

  return () => {
    if (!handle) throw new Error('the e2e harness did not start (see the beforeAll error above)');
    return handle;
  };
}
