/**
 * Coupons against the whole stack: an administrator creates a group of 3
 * coupons and assigns one to a member, who uses it and becomes paid; a member gifts a coupon to
 * another member, who then uses it.
 *
 * Run: TEST_STACK_OFFSET=60 npx jest web/e2e/coupon.e2e.test.ts --selectProjects e2e
 */
import { randomBytes } from 'node:crypto';
import { COUPON_MESSAGES as M } from '@syn/kit/rules';
import { Pool } from 'pg';
import { seedAdmin } from '../../services/account/src/jobs/seed';
import { confirmMailed, joinMember, postJsonWithSession } from './support/members';
import { useE2E, type Tab } from './support/browser';
import { signInWithForm } from './support/signIn';

const e2e = useE2E();

const DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/syndict_test';
const ADMIN = { email: 'coupon-e2e-admin@test.syndict.local', password: 'coupon-e2e-admin-pass1' };
const PASSWORD = 'coupon-e2e-member-pass1';
const run = randomBytes(4).toString('hex');
let seq = 0;

const api = (path: string, body: unknown, cookie = '') => postJsonWithSession(e2e().baseUrl, path, body, cookie);

/** join → mail → confirm, through the gateway. */
async function newMember(name: string): Promise<{ email: string; name: string }> {
  seq += 1;
  const email = `cpn${run}${seq}@test.syndict.local`;
  expect((await joinMember(e2e().baseUrl, { name, email, password: PASSWORD })).status).toBe(200);
  expect((await confirmMailed(e2e().baseUrl, email)).status).toBe(200);
  return { email, name };
}

/** What the billing service says about the signed-in member's pass. */
async function passStatus(tab: Tab): Promise<string> {
  return tab.page.evaluate(async () => {
    const stored = JSON.parse(localStorage.getItem('user') ?? '{}') as { id?: number };
    const res = await fetch(`/api/used/isUsed?id=${stored.id ?? 0}`, { credentials: 'include' });
    return ((await res.json()) as { status: string }).status;
  });
}

async function useCoupon(tab: Tab, groupName: string): Promise<void> {
  await tab.goto('/coupon');
  await tab.waitForHeading('내 쿠폰');
  const row = tab.page.locator('main table.coupon-table tbody tr', { hasText: groupName });
  await row.filter({ hasText: '사용 가능' }).waitFor();
  await row.getByRole('button', { name: `${groupName} 쿠폰 사용` }).click();
  await tab.page.getByText(M.couponUsed).first().waitFor();
  await row.filter({ hasText: '사용 완료' }).waitFor();
  await expect(row.getByRole('button', { name: `${groupName} 쿠폰 선물` }).isDisabled()).resolves.toBe(true);
}

let pool: Pool;
beforeAll(async () => {
  pool = new Pool({ connectionString: DATABASE_URL });
  await seedAdmin(pool, { NODE_ENV: 'test', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
});
afterAll(async () => {
  await pool?.end();
});

test('an administrator creates a group of 3 coupons and assigns one to a member, who uses it and becomes paid', async () => {
  const member = await newMember('쿠폰회원');
  const groupName = `봄맞이 ${run}`;
  const admin = await e2e().open('desktop');
  await signInWithForm(admin, ADMIN.email, ADMIN.password);

  await admin.goto('/mgrCoupon/Create');
  await admin.waitForHeading('쿠폰 그룹 만들기');
  // The form checks in the spec's order, one message at a time.
  await admin.page.getByRole('button', { name: '생성', exact: true }).click();
  await admin.page.getByText(M.typeRequired).first().waitFor();
  await admin.page.getByLabel('쿠폰 종류', { exact: true }).selectOption('1');
  await admin.page.getByLabel('쿠폰 종류명', { exact: true }).fill(groupName);
  await admin.page.getByRole('button', { name: '생성', exact: true }).click();
  await admin.page.getByText(M.overlapUnchecked).first().waitFor();
  await admin.page.getByRole('button', { name: '중복 확인' }).click();
  await admin.page.getByText('중복 확인 완료').waitFor();
  await admin.page.getByRole('button', { name: '생성', exact: true }).click();
  await admin.page.getByText(M.createCountPositive).first().waitFor();
  await admin.page.getByLabel('생성할 쿠폰 수').fill('3');
  await expect(admin.accessibilityViolations()).resolves.toEqual([]);
  await admin.screenshot('coupon-admin-create');
  await admin.page.getByRole('button', { name: '생성', exact: true }).click();

  await admin.waitForHeading('쿠폰 목록');
  await admin.page.getByTestId('group-name').filter({ hasText: groupName }).waitFor();
  const rows = admin.page.locator('main table.coupon-table tbody tr');
  await expect(rows.count()).resolves.toBe(3);
  await expect(admin.accessibilityViolations()).resolves.toEqual([]);
  await admin.screenshot('coupon-admin-list');

  await rows.first().click();
  await admin.waitForHeading('쿠폰 상세 정보');
  await admin.page.getByLabel('검색 항목').selectOption('email');
  await admin.page.getByLabel('검색어').fill(member.email);
  await admin.page.getByRole('button', { name: '검색', exact: true }).click();
  await admin.page.locator('main tr.clickable-row', { hasText: member.email }).click();
  await admin.page.getByTestId('detail-user').filter({ hasText: member.email }).waitFor();
  await expect(admin.page.getByLabel('쿠폰 상태').inputValue()).resolves.toBe('USING');
  await admin.page.getByRole('button', { name: '저장' }).click();
  await admin.page.getByText(M.couponUpdated).first().waitFor();
  await expect(admin.accessibilityViolations()).resolves.toEqual([]);
  await admin.screenshot('coupon-admin-detail');

  // The group list shows 3 created, 0 used.
  await admin.goto('/mgrCoupon');
  await admin.page.getByLabel('그룹명').fill(groupName);
  await admin.page.getByRole('button', { name: '검색', exact: true }).click();
  const groupRow = admin.page.locator('main table.coupon-table tbody tr', { hasText: groupName });
  await groupRow.waitFor();
  await expect(groupRow.locator('td').nth(2).textContent()).resolves.toBe('3');
  await expect(
    admin.page.getByText('쿠폰 그룹 삭제는 지원하지 않습니다.', { exact: false }).count(),
  ).resolves.toBeGreaterThan(0);

  const tab = await e2e().open('mobile');
  await signInWithForm(tab, member.email, PASSWORD);
  await expect(passStatus(tab)).resolves.toBe('none');
  await useCoupon(tab, groupName);
  await expect(passStatus(tab)).resolves.toBe('valid');
  await expect(tab.accessibilityViolations()).resolves.toEqual([]);
  await tab.screenshot('coupon-member-used');
  tab.expectNoErrors();

  // Used count follows.
  await admin.page.reload();
  await admin.page.getByLabel('그룹명').fill(groupName);
  await admin.page.getByRole('button', { name: '검색', exact: true }).click();
  await admin.page
    .locator('main table.coupon-table tbody tr', { hasText: groupName })
    .locator('td')
    .nth(3)
    .filter({ hasText: '1' })
    .waitFor();
  await expect(admin.accessibilityViolations()).resolves.toEqual([]);
  await admin.screenshot('coupon-admin-groups');
  admin.expectNoErrors();
});

test('a member gifts a coupon to another member, who then uses it', async () => {
  const giver = await newMember('김선물');
  const receiver = await newMember('박받음');
  const groupName = `선물용 ${run}`;
  // Set-up through the admin API: a group of one coupon, assigned to the giver.
  const adminLogin = await api('/api/user/login', { email: ADMIN.email, password: ADMIN.password });
  expect(adminLogin.status).toBe(200);
  const cookie = adminLogin.cookie;
  const created = await api(
    '/api/sys/insertCouponGroupItem',
    { couponType: 2, couponName: groupName, note: '', createCount: 1 },
    cookie,
  );
  expect(created.status).toBe(200);
  const groupId = created.body.groupId as number;
  const list = await api('/api/sys/selectCouponItems', { couponGroupId: groupId, pageSize: 10, pageNum: 0 }, cookie);
  const couponId = (list.body.datas as { ID: number }[])[0]!.ID;
  const { rows } = await pool.query<{ id: number }>(`SELECT id FROM account.users WHERE lower(email) = lower($1)`, [
    giver.email,
  ]);
  const assigned = await api('/api/sys/updateCouponItem', { couponId, userId: rows[0]!.id, status: 'USING' }, cookie);
  expect(assigned.status).toBe(200);

  const tab = await e2e().open('mobile');
  await signInWithForm(tab, giver.email, PASSWORD);
  await tab.goto('/coupon');
  const row = tab.page.locator('main table.coupon-table tbody tr', { hasText: groupName });
  await row.filter({ hasText: '사용 가능' }).waitFor();
  await row.getByRole('button', { name: `${groupName} 쿠폰 선물` }).click();
  await tab.waitForHeading('쿠폰 선물하기');
  await tab.page.getByText(groupName).first().waitFor();
  // Choosing nobody is refused with the spec's message.
  await tab.page.getByRole('button', { name: '선물하기' }).click();
  await tab.page.getByText(M.giftTargetInvalid).first().waitFor();
  // The search: Enter searches; other members are masked.
  await tab.page.getByLabel('검색어').fill(receiver.email);
  await tab.page.getByLabel('검색어').press('Enter');
  const found = tab.page.locator('main tr.clickable-row');
  await found.first().waitFor();
  await expect(found.count()).resolves.toBe(1);
  const shown = (await found.first().textContent()) ?? '';
  expect(shown).toContain('***');
  expect(shown).not.toContain(receiver.email);
  expect(shown).toContain('박*음');
  await found.first().press('Enter');
  await tab.page.getByTestId('gift-target').filter({ hasText: '(박*음)' }).waitFor();
  await expect(tab.accessibilityViolations()).resolves.toEqual([]);
  await tab.screenshot('coupon-gift');
  await tab.page.getByRole('button', { name: '선물하기' }).click();
  await tab.page.getByText(M.giftDone).first().waitFor();
  await tab.waitForHeading('내 쿠폰');
  await row.filter({ hasText: '선물 완료' }).waitFor();
  await expect(row.getByRole('button', { name: `${groupName} 쿠폰 사용` }).isDisabled()).resolves.toBe(true);
  tab.expectNoErrors();

  const other = await e2e().open('desktop');
  await signInWithForm(other, receiver.email, PASSWORD);
  await useCoupon(other, groupName);
  await expect(passStatus(other)).resolves.toBe('valid');
  other.expectNoErrors();
});
