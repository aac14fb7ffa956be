/**
 * The administrator's coupon detail save (spec §2.5 item 9, §5): at both widths,
 * saving an unassigned coupon shows the user and issue-date messages at their fields, an emptied
 * status shows its own, nothing is written, each message goes once its field is right, and the
 * save then sends the issue date the screen shows.
 *
 * Run: TEST_STACK_OFFSET=114 npx jest web/e2e/admin-coupon-detail.e2e.test.ts --selectProjects e2e
 */
import { randomBytes } from 'node:crypto';
import { COUPON_MESSAGES as M } from '@syn/kit/rules';
import { seedAdminAccount } from './support/admin';
import { useE2E, type Tab, type ViewportName } from './support/browser';
import { verifiedMember } from './support/members';
import { signInInPage } from './support/signIn';

const e2e = useE2E();

const ADMIN = { email: 'coupon-detail-e2e-admin@test.syndict.local', password: 'coupon-detail-e2e-admin-pass1' };
const run = randomBytes(4).toString('hex');
let member: { email: string; password: string };

const todayKst = () =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Seoul',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());

beforeAll(async () => {
  await seedAdminAccount(ADMIN);
  member = await verifiedMember(e2e().baseUrl, `cpndetail${run}`, { name: '김쿠폰' });
});

/** A call from the signed-in administrator's page (its session cookie). */
async function adminCall(
  tab: Tab,
  path: string,
  body: unknown,
): Promise<{ status: number; body: Record<string, unknown> }> {
  return tab.page.evaluate(
    async ({ path, body }) => {
      const res = await fetch(path, {
        method: 'POST',
        credentials: 'include',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    },
    { path, body },
  );
}

interface CouponRow {
  ID: number;
  STATUS: string;
  USER_ID: number | null;
  USEREMAIL: string | null;
  ISSUE_DATE: string | null;
}

async function couponOf(tab: Tab, groupId: number): Promise<CouponRow> {
  const r = await adminCall(tab, '/api/sys/selectCouponItems', { couponGroupId: groupId, pageSize: 10, pageNum: 0 });
  expect(r.status).toBe(200);
  const rows = r.body.datas as CouponRow[];
  expect(rows).toHaveLength(1);
  return rows[0]!;
}

describe.each<ViewportName>(['desktop', 'mobile'])('coupon detail save (%s)', (viewport) => {
  test('each missing field shows its own message at the field, and a whole form saves the issue date', async () => {
    const tab = await e2e().open(viewport, '/');
    await signInInPage(tab, ADMIN.email, ADMIN.password);
    const created = await adminCall(tab, '/api/sys/insertCouponGroupItem', {
      couponType: 1,
      couponName: `상세 검증 ${run} ${viewport}`,
      note: '',
      createCount: 1,
    });
    expect(created.status).toBe(200);
    const groupId = created.body.groupId as number;
    const coupon = await couponOf(tab, groupId);
    expect(coupon).toMatchObject({ STATUS: 'STANDBY', USER_ID: null, ISSUE_DATE: null });

    await tab.goto(`/mgrCoupon/List/Detail?groupId=${groupId}&couponId=${coupon.ID}`);
    await tab.waitForHeading('쿠폰 상세 정보');
    const page = tab.page;
    const userFact = page.getByTestId('detail-user');
    const issueFact = page.getByTestId('detail-issue-date');
    const status = page.getByLabel('쿠폰 상태');
    const save = page.getByRole('button', { name: '저장', exact: true });

    // Unassigned: no user and no issue date. Each says so under its own value; the status is fine.
    await save.click();
    await userFact.getByText(M.detailUser, { exact: true }).waitFor();
    await issueFact.getByText(M.detailIssueDate, { exact: true }).waitFor();
    await expect(page.getByText(M.detailStatus).count()).resolves.toBe(0);
    // The first field to fix gets the focus: the user search.
    await expect(page.evaluate(() => document.activeElement?.textContent ?? '')).resolves.toBe('사용자 지정');

    // An emptied status is refused with its own message, tied to the selector.
    await status.selectOption('');
    await save.click();
    const statusError = page.getByText(M.detailStatus, { exact: true });
    await statusError.waitFor();
    await expect(status.getAttribute('aria-invalid')).resolves.toBe('true');
    const describedBy = await status.getAttribute('aria-describedby');
    await expect(statusError.getAttribute('id')).resolves.toBe(describedBy);
    await expect(page.evaluate(() => document.activeElement?.id ?? '')).resolves.toBe(await status.getAttribute('id'));
    await expect(tab.accessibilityViolations()).resolves.toEqual([]);
    await tab.screenshot('admin-coupon-detail-errors');

    // Nothing reached the service: the coupon is as it was.
    await expect(couponOf(tab, groupId)).resolves.toMatchObject({ STATUS: 'STANDBY', USER_ID: null, ISSUE_DATE: null });

    // Fixing the status clears its message; the others stay until their fields are right.
    await status.selectOption('COMPLETE');
    await statusError.waitFor({ state: 'detached' });
    await expect(status.getAttribute('aria-invalid')).resolves.toBeNull();
    await expect(userFact.getByText(M.detailUser).count()).resolves.toBe(1);

    // Choosing a user fills the user and today's issue date (spec §2.5 item 9): both messages go.
    await page.getByLabel('검색 항목').selectOption('email');
    await page.getByLabel('검색어').fill(member.email);
    await page.getByRole('button', { name: '검색', exact: true }).click();
    await page.locator('main tr.clickable-row', { hasText: member.email }).click();
    await userFact.filter({ hasText: member.email }).waitFor();
    await expect(issueFact.textContent()).resolves.toBe(todayKst());
    await expect(page.getByText(M.detailUser).count()).resolves.toBe(0);
    await expect(page.getByText(M.detailIssueDate).count()).resolves.toBe(0);
    await expect(status.inputValue()).resolves.toBe('USING');

    await save.click();
    await page.getByText(M.couponUpdated).first().waitFor();
    await expect(tab.accessibilityViolations()).resolves.toEqual([]);
    // The saved facts at the top of the screen, with the toast (fixed, so the viewport only).
    await page.evaluate(() => window.scrollTo(0, 0));
    await tab.screenshot('admin-coupon-detail-saved', { fullPage: false });
    await expect(couponOf(tab, groupId)).resolves.toMatchObject({
      STATUS: 'USING',
      USEREMAIL: member.email,
      ISSUE_DATE: todayKst(),
    });
    tab.expectNoErrors();
  });
});
