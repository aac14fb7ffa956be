/**
 * A subscriber uses coupons: instead of being told to pay after the current
 * period, the member reads on /coupon that the coupon's days were added after the paid month and
 * when the next 정기 결제 now falls; a second coupon stacks after the first. Desktop and mobile,
 * screenshots and axe at both widths.
 *
 * Run: TEST_STACK_OFFSET=110 npx jest web/e2e/coupon-subscriber.e2e.test.ts --selectProjects e2e
 */
import { randomBytes } from 'node:crypto';
import { COUPON_MESSAGES as M } from '@syn/kit/rules';
import { Pool } from 'pg';
import { seedAdmin } from '../../services/account/src/jobs/seed';
import { useE2E, type Tab } from './support/browser';
import { verifiedMember } from './support/members';
import { signInInPage } from './support/signIn';

const e2e = useE2E();

const DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/syndict_test';
const ADMIN = { email: 'coupon-sub-e2e-admin@test.syndict.local', password: 'coupon-sub-e2e-admin-pass1' };
const OK_CARD = '4242-4242-4242-4242';
const run = randomBytes(4).toString('hex');

/** A JSON call to the gateway (or the sandbox), with a session cookie when given; returns the new cookie too. */
async function call(
  url: string,
  method: 'GET' | 'POST',
  body?: unknown,
  cookie = '',
): Promise<{ status: number; body: Record<string, unknown>; cookie: string }> {
  const res = await fetch(url, {
    method,
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: method === 'POST' ? JSON.stringify(body ?? {}) : undefined,
  });
  const set = res.headers.getSetCookie().map((c) => c.split(';')[0]);
  return { status: res.status, body: (await res.json()) as Record<string, unknown>, cookie: set.join('; ') };
}
const gateway = (path: string) => `${e2e().baseUrl}${path}`;

async function loginCookie(email: string, password: string): Promise<string> {
  const r = await call(gateway('/api/user/login'), 'POST', { email, password });
  expect(r.status).toBe(200);
  return r.cookie;
}

/** The monthly subscription as the payment page makes it: key at the sandbox, then basic-billings. */
async function subscribe(cookie: string): Promise<string> {
  const gen = await call(gateway('/subscribe/generate-merchant-uid'), 'GET', undefined, cookie);
  const { merchant_uid, customer_uid } = gen.body as { merchant_uid: string; customer_uid: string };
  const config = await call(gateway('/api/pay/config'), 'GET', undefined, cookie);
  const sandbox = new URL(String(config.body.scriptUrl)).origin;
  await call(`${sandbox}/checkout/pay`, 'POST', {
    params: { merchant_uid, customer_uid, amount: 0, name: '정기결제 등록', pay_method: 'card' },
    card_number: OK_CARD,
  });
  const billed = await call(
    gateway('/subscribe/basic-billings'),
    'POST',
    { paymentDataFromPG: { merchant_uid, customer_uid } },
    cookie,
  );
  expect(billed.status).toBe(200);
  return customer_uid;
}

async function nextPayDate(cookie: string, customerUid: string): Promise<string> {
  const info = await call(gateway('/subscribe/info'), 'POST', { customer_uid: customerUid }, cookie);
  return String((info.body.data as { NEXT_PAY_DATE: string }).NEXT_PAY_DATE);
}

/** A group of one coupon of the 1-week free pass, assigned to the member; returns the group's name. */
async function weekCoupon(adminCookie: string, userId: number, label: string): Promise<string> {
  const name = `${label} ${run}`;
  const created = await call(
    gateway('/api/sys/insertCouponGroupItem'),
    'POST',
    { couponType: 4, couponName: name, note: '', createCount: 1 },
    adminCookie,
  );
  expect(created.status).toBe(200);
  const list = await call(
    gateway('/api/sys/selectCouponItems'),
    'POST',
    { couponGroupId: created.body.groupId, pageSize: 10, pageNum: 0 },
    adminCookie,
  );
  const couponId = (list.body.datas as { ID: number }[])[0]!.ID;
  const assigned = await call(
    gateway('/api/sys/updateCouponItem'),
    'POST',
    { couponId, userId, status: 'USING' },
    adminCookie,
  );
  expect(assigned.status).toBe(200);
  return name;
}

/** YYYY-MM-DD plus whole days (the dates are Korean calendar days; whole days keep them so). */
const plusDays = (ymd: string, days: number) =>
  new Date(Date.parse(`${ymd}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

const expected = (start: string, end: string) =>
  `쿠폰이 사용되었습니다. 쿠폰 이용 기간(${start} ~ ${end})이 현재 이용 기간 뒤에 추가되었습니다. ` +
  `그 기간만큼 정기 결제가 미뤄져 다음 정기 결제일은 ${end}입니다.`;

async function useOnPage(tab: Tab, groupName: string): Promise<string> {
  await tab.goto('/coupon');
  await tab.waitForHeading('내 쿠폰');
  const row = tab.page.locator('main table.coupon-table tbody tr', { hasText: groupName });
  await row.filter({ hasText: '사용 가능' }).waitFor();
  await row.getByRole('button', { name: `${groupName} 쿠폰 사용` }).click();
  await tab.page.getByText(M.couponUsed).first().waitFor();
  await row.filter({ hasText: '사용 완료' }).waitFor();
  const notice = tab.page.getByTestId('coupon-use-result');
  await notice.waitFor();
  return (await notice.textContent()) ?? '';
}

async function expectAccessible(tab: Tab): Promise<void> {
  await expect(tab.accessibilityViolations()).resolves.toEqual([]);
  const overflow = await tab.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  // The coupon list itself does not scroll sideways either (a card per coupon on a phone).
  const list = tab.page.locator('main .table-scroll:has(table.coupon-table)');
  await expect(list.evaluate((el) => el.scrollWidth - el.clientWidth)).resolves.toBeLessThanOrEqual(0);
}

let pool: Pool;
beforeAll(async () => {
  pool = new Pool({ connectionString: DATABASE_URL });
  await seedAdmin(pool, { NODE_ENV: 'test', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
});
afterAll(async () => {
  await pool?.end();
});

test('a subscriber uses two coupons: each says its days follow the paid month and when the next 정기 결제 is', async () => {
  const member = await verifiedMember(e2e().baseUrl, 'cpnsub', { name: '구독회원' });
  const { rows } = await pool.query<{ id: number }>(`SELECT id FROM account.users WHERE lower(email) = lower($1)`, [
    member.email,
  ]);
  const userId = rows[0]!.id;
  const memberCookie = await loginCookie(member.email, member.password);
  const customerUid = await subscribe(memberCookie);
  const paidEnd = await nextPayDate(memberCookie, customerUid);
  const adminCookie = await loginCookie(ADMIN.email, ADMIN.password);
  const first = await weekCoupon(adminCookie, userId, '구독자 1주 A');
  const second = await weekCoupon(adminCookie, userId, '구독자 1주 B');

  const desktop = await e2e().open('desktop', '/');
  await signInInPage(desktop, member.email, member.password);
  const firstMessage = await useOnPage(desktop, first);
  expect(firstMessage).toBe(expected(paidEnd, plusDays(paidEnd, 7)));
  expect(firstMessage).not.toContain('결제해 주세요');
  await expectAccessible(desktop);
  await desktop.screenshot('coupon-subscriber');
  desktop.expectNoErrors();

  const mobile = await e2e().open('mobile', '/');
  await signInInPage(mobile, member.email, member.password);
  const secondMessage = await useOnPage(mobile, second);
  // Stacked: the second week follows the first, and the renewal moves again.
  expect(secondMessage).toBe(expected(plusDays(paidEnd, 7), plusDays(paidEnd, 14)));
  await expectAccessible(mobile);
  await mobile.screenshot('coupon-subscriber');
  mobile.expectNoErrors();

  // A fresh session: the browsers' sign-ins claimed the account for their devices meanwhile.
  const again = await loginCookie(member.email, member.password);
  expect(await nextPayDate(again, customerUid)).toBe(plusDays(paidEnd, 14));
});
