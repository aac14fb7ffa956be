/**
 * The one-device rule as a member meets it (spec §4): the duplicate-login question appears only
 * while another device's live session holds the account (logging out lets go of it), a replaced
 * browser is signed out on its next call of any kind, and signing in from a page returns to it.
 *
 * Run: TEST_STACK_OFFSET=87 npx jest --selectProjects e2e --runTestsByPath web/e2e/device.e2e.test.ts
 */
import { useE2E, type Tab } from './support/browser';
import { postJson, verifiedMember } from './support/members';

const e2e = useE2E();

/** Answers the tests provoke on purpose (a replaced device's call) show as console errors. */
const EXPECTED_HTTP_ERRORS = [/Failed to load resource: the server responded with a status of 401/];

async function fillLogin(tab: Tab, email: string, password: string): Promise<void> {
  await tab.page.getByLabel('이메일', { exact: true }).fill(email);
  await tab.page.getByLabel('비밀번호', { exact: true }).fill(password);
  await tab.page.locator('main form').getByRole('button', { name: '로그인' }).click();
}

const duplicateDialog = (tab: Tab) => tab.page.getByRole('dialog', { name: '중복 로그인' });

test('when the member logged out on the first browser, then signing in on a second raises no duplicate-login question', async () => {
  const { email, password } = await verifiedMember(e2e().baseUrl, 'e2e-release');
  const first = await e2e().open('desktop', '/login');
  await fillLogin(first, email, password);
  await first.page.waitForURL((url) => url.pathname === '/');
  await first.page.locator('.sidebar').getByRole('button', { name: '로그아웃' }).click();
  await first.page.locator('.sidebar').getByRole('link', { name: '로그인' }).waitFor();

  const second = await e2e().open('mobile', '/login');
  await fillLogin(second, email, password);
  await second.page.waitForURL((url) => url.pathname === '/');
  await expect(duplicateDialog(second).isVisible()).resolves.toBe(false);
  first.expectNoErrors();
  second.expectNoErrors();
});

test('when another browser holds the account, then the question says what each button does, and the replaced browser is signed out on its next call', async () => {
  const { email, password } = await verifiedMember(e2e().baseUrl, 'e2e-takeover');
  const holder = await e2e().open('desktop', '/login', { allowConsole: EXPECTED_HTTP_ERRORS });
  await fillLogin(holder, email, password);
  await holder.page.waitForURL((url) => url.pathname === '/');

  for (const viewport of ['desktop', 'mobile'] as const) {
    const taker = await e2e().open(viewport, '/login');
    await fillLogin(taker, email, password);
    const dialog = duplicateDialog(taker);
    await dialog.waitFor();
    await expect(dialog.getByRole('button', { name: '이 기기에서 계속' }).isVisible()).resolves.toBe(true);
    await expect(dialog.getByRole('button', { name: '로그인 취소' }).isVisible()).resolves.toBe(true);
    await expect(taker.accessibilityViolations()).resolves.toEqual([]);
    await taker.screenshot(`device-duplicate-login-${viewport}`, { fullPage: false });
    if (viewport === 'desktop') {
      await dialog.getByRole('button', { name: '로그인 취소' }).click();
      await dialog.waitFor({ state: 'hidden' });
      continue;
    }
    await dialog.getByRole('button', { name: '이 기기에서 계속' }).click();
    await taker.page.waitForURL((url) => url.pathname === '/');
    taker.expectNoErrors();
  }

  // The holder's next call of any kind (here the wordbook page's list) signs it out, with the reason.
  await holder.goto('/dictionary/Wordbook');
  await holder.page
    .locator('.Toastify')
    .getByText('다른 기기에서 로그인하여 로그아웃되었습니다. 다시 로그인해 주세요.', { exact: true })
    .first()
    .waitFor();
  await holder.page.locator('.sidebar').getByRole('link', { name: '로그인' }).waitFor();
  await expect(holder.page.evaluate(() => localStorage.getItem('user'))).resolves.toBeNull();
});

test('when a visitor signs in from a word page, then they come back to that word', async () => {
  const { email, password } = await verifiedMember(e2e().baseUrl, 'e2e-return');
  const found = await postJson(e2e().baseUrl, '/api/dic/search/pyojaeItems', { searchWord: '사랑', pageNum: 0 });
  const id = (found.body.results as { wordInfoItems: Array<{ ID: number }> }).wordInfoItems[0]!.ID;
  const tab = await e2e().open('desktop', `/dictionary/Search/${id}`);
  await tab.page.locator('main .accordion-item').first().waitFor();
  await tab.page.locator('.sidebar').getByRole('link', { name: '로그인' }).click();
  await tab.page.waitForURL((url) => url.pathname === '/login');
  await fillLogin(tab, email, password);
  await tab.page.waitForURL((url) => url.pathname === `/dictionary/Search/${id}`);
  await tab.page.locator('.sidebar .menu-email').waitFor();
  tab.expectNoErrors();
});
