/**
 * The search history across a login, at both widths against the whole stack: a
 * visitor opens three headwords, logs in through the login form and finds them in 검색 기록 in the
 * same order; deletes one; clears the rest after the confirmation; and the server agrees (reload).
 *
 * Run: TEST_STACK_OFFSET=111 npx jest --selectProjects e2e --runInBand --runTestsByPath web/e2e/history.e2e.test.ts
 */
import { useE2E, type Tab, type ViewportName } from './support/browser';
import { verifiedMember } from './support/members';

const e2e = useE2E();

async function searchFor(tab: Tab, keyword: string): Promise<void> {
  await tab.page.getByRole('combobox', { name: '검색어' }).fill(keyword);
  await tab.page.getByRole('button', { name: '검색', exact: true }).click();
  await tab.page.waitForURL((url) => url.pathname === '/dictionary' && url.searchParams.get('searchWord') === keyword);
  await tab.page.locator('main .result-list a').first().waitFor();
}

/** Opens the first result of `keyword` and returns its headword. */
async function openFirstResultOf(tab: Tab, keyword: string): Promise<string> {
  await tab.goto('/');
  await searchFor(tab, keyword);
  const first = tab.page.locator('main .result-list a').first();
  const word = (await first.locator('.result-word').textContent()) ?? '';
  await first.click();
  await tab.page.waitForURL(/\/dictionary\/Search\/\d+$/);
  await tab.page.locator('main .accordion-item').first().waitFor();
  return word;
}

async function toast(tab: Tab, text: string): Promise<void> {
  await tab.page.locator('.Toastify').getByText(text, { exact: true }).first().waitFor();
}

const entriesOf = (tab: Tab) => tab.page.locator('main .history-list .result-word');

test.each<ViewportName>(['desktop', 'mobile'])(
  'at %s width, a visitor’s searches are in the member’s 검색 기록 after the login; one is deleted, then all',
  async (viewport) => {
    const member = await verifiedMember(e2e().baseUrl, `history-${viewport}`, { name: '기록회원' });
    const tab = await e2e().open(viewport);

    // A visitor opens three headwords.
    const opened: string[] = [];
    for (const keyword of ['바다', '하늘', '나무']) opened.push(await openFirstResultOf(tab, keyword));
    const newestFirst = [...opened].reverse();

    // …and logs in through the form.
    await tab.goto('/login');
    await tab.page.getByLabel('이메일', { exact: true }).fill(member.email);
    await tab.page.getByLabel('비밀번호', { exact: true }).fill(member.password);
    await tab.page.locator('main form').getByRole('button', { name: '로그인' }).click();
    await tab.page.waitForURL((url) => url.pathname !== '/login', { timeout: 15_000 });
    await expect(tab.page.evaluate(() => localStorage.getItem('user'))).resolves.toContain(member.email);

    // The member's history holds the visitor's searches, newest first.
    await tab.goto('/dictionary/History');
    await tab.waitForHeading('검색 기록');
    await entriesOf(tab).first().waitFor();
    await expect(entriesOf(tab).allTextContents()).resolves.toEqual(newestFirst);
    await expect(tab.page.locator('main .history-count').textContent()).resolves.toBe('찾아본 낱말 3개');
    await tab.screenshot('dictionary-history-member');
    await expect(tab.accessibilityViolations()).resolves.toEqual([]);

    // Deleting one takes only that one out, here and on the server.
    await tab.page.getByRole('button', { name: `${newestFirst[1]} 검색 기록 삭제` }).click();
    await toast(tab, '검색 기록에서 지웠습니다.');
    await expect(entriesOf(tab).allTextContents()).resolves.toEqual([newestFirst[0], newestFirst[2]]);
    await tab.page.reload();
    await entriesOf(tab).first().waitFor();
    await expect(entriesOf(tab).allTextContents()).resolves.toEqual([newestFirst[0], newestFirst[2]]);

    // Clearing asks first; cancelling keeps everything.
    const dialog = tab.page.getByRole('alertdialog', { name: '검색 기록 전체 삭제' });
    await tab.page.getByRole('button', { name: '전체 삭제' }).click();
    await dialog.waitFor();
    await expect(dialog.textContent()).resolves.toContain('찾아본 낱말 2개를 검색 기록에서 모두 지웁니다.');
    await dialog.getByRole('button', { name: '취소' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect(entriesOf(tab).count()).resolves.toBe(2);

    await tab.page.getByRole('button', { name: '전체 삭제' }).click();
    await dialog.waitFor();
    await tab.screenshot('dictionary-history-clear', { fullPage: false });
    await expect(tab.accessibilityViolations()).resolves.toEqual([]);
    await dialog.getByRole('button', { name: '모두 삭제' }).click();
    await toast(tab, '검색 기록을 모두 지웠습니다.');
    await tab.page.locator('main').getByText('아직 찾아본 낱말이 없습니다.').waitFor();
    await expect(entriesOf(tab).count()).resolves.toBe(0);
    await tab.page.reload();
    await tab.page.locator('main').getByText('아직 찾아본 낱말이 없습니다.').waitFor();
    await tab.screenshot('dictionary-history-empty');

    const overflow = await tab.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    tab.expectNoErrors();
  },
);
