// Helpers of the administrator screens' browser tests: an administrator account in the
// test database, the payment detail's read-only facts, toasts, and values that settle.
import { Pool } from 'pg';
import { seedAdmin } from '../../../services/account/src/jobs/seed';
import type { Tab } from './browser';

export const DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/syndict_test';

/** Makes (or keeps) an administrator with this email and password. */
export async function seedAdminAccount(admin: { email: string; password: string }): Promise<void> {
  const pool = new Pool({ connectionString: DATABASE_URL });
  try {
    await seedAdmin(pool, { ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password, NODE_ENV: 'test' });
  } finally {
    await pool.end();
  }
}

/** Reads until the value is the expected one (20 s at most), then asserts it. */
export async function eventually(read: () => Promise<string>, expected: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    last = await read();
    if (last === expected) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  expect(last).toBe(expected);
}

export async function toast(tab: Tab, text: string | RegExp): Promise<void> {
  await tab.page.locator('.Toastify').getByText(text, { exact: true }).first().waitFor({ timeout: 15_000 });
}

/** A read-only fact of the admin payment detail: the value (dd) under its name (dt). */
export async function detailValue(tab: Tab, label: string): Promise<string> {
  const name = tab.page.locator('dt').filter({ hasText: new RegExp(`^${label}$`) });
  return ((await tab.page.locator('main dl > div').filter({ has: name }).locator('dd').textContent()) ?? '').trim();
}
