/**
 * Leaving with a pass in use: the withdrawal page says what happens to the paid period (it is
 * lost, not refunded by leaving; a refundable payment can be cancelled first) and asks once more
 * before anything is deleted.
 *
 * Run: TEST_STACK_OFFSET=89 npx jest --selectProjects e2e --runTestsByPath web/e2e/withdraw.e2e.test.ts
 */
import { seedAdminAccount } from './support/admin';
import { useE2E, type ViewportName } from './support/browser';
import { postJsonWithSession, verifiedMember } from './support/members';

const e2e = useE2E();

const ADMIN = { email: 'withdraw-e2e-admin@test.syndict.local', password: 'withdraw-e2e-admin-pass1' };

const call = (path: string, body: unknown, cookie = '') => postJsonWithSession(e2e().baseUrl, path, body, cookie);

/** A member given a one-month pass by the administrator (the billing service's own grant). */
async function memberWithPass(tag: string): Promise<{ email: string; password: string }> {
  const member = await verifiedMember(e2e().baseUrl, tag);
  const login = await call('/api/user/login', member);
  const id = (login.body.user as { id: number }).id;
  const admin = await call('/api/user/login', ADMIN);
  const granted = await call('/api/sys/insertUserOrderItem', { userId: id, orderType: 1 }, admin.cookie);
  expect(granted.status).toBe(200);
  return member;
}

beforeAll(() => seedAdminAccount(ADMIN));

describe.each<ViewportName>(['desktop', 'mobile'])('withdrawal with a pass in use at %s width', (viewport) => {
  test('the page says the paid period is lost and how to get a refund, and a last question comes before anything is deleted', async () => {
    const { email, password } = await memberWithPass(`e2e-leave-${viewport}`);
    const tab = await e2e().open(viewport, '/login');
    await tab.page.getByLabel('이메일', { exact: true }).fill(email);
    await tab.page.getByLabel('비밀번호', { exact: true }).fill(password);
    await tab.page.locator('main form').getByRole('button', { name: '로그인' }).click();
    await tab.page.waitForURL((url) => url.pathname !== '/login');

    await tab.goto('/withdraw');
    await tab.waitForHeading('회원 탈퇴');
    const warning = tab.page.getByRole('note', { name: '이용 중인 이용권' });
    await warning.getByText(/이용 중인 이용권이 있습니다 \(\d{4}-\d{2}-\d{2}까지, 남은 기간 \d+일\)\./).waitFor();
    await warning.getByText('탈퇴하면 남은 이용 기간은 사라지며, 탈퇴로 환불되지는 않습니다.').waitFor();
    await warning.getByText(/‘결제 정보’에서 결제를 취소하시면 환불받을 수 있습니다/).waitFor();

    await tab.page.getByLabel('비밀번호', { exact: true }).fill(password);
    await tab.page.getByLabel('탈퇴 사유', { exact: true }).selectOption({ index: 2 });
    await tab.page.getByLabel(/회원 탈퇴에 동의합니다/).check();
    await expect(tab.accessibilityViolations()).resolves.toEqual([]);
    await tab.screenshot(`withdraw-pass-warning-${viewport}`);
    await tab.page.getByRole('button', { name: '탈퇴하기' }).click();

    const last = tab.page.getByRole('alertdialog', { name: '정말 탈퇴하시겠습니까?' });
    await last.getByText(/남은 이용 기간 \d+일과 단어장, 쿠폰이 모두 사라지며 되돌릴 수 없습니다\./).waitFor();
    await tab.screenshot(`withdraw-last-question-${viewport}`, { fullPage: false });
    // Changing one's mind deletes nothing: the member is still signed in, on the same page.
    await last.getByRole('button', { name: '취소' }).click();
    await last.waitFor({ state: 'hidden' });
    await expect(tab.page.evaluate(() => localStorage.getItem('user'))).resolves.not.toBeNull();
    expect((await call('/api/user/login', { email, password })).status).toBe(200);
    tab.expectNoErrors();
  });
});
