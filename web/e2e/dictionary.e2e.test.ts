/**
 * Dictionary screens against the whole stack: a guest searches, opens a
 * headword, uses the accordion and meets the join prompt; the session history survives a
 * reload; a member shares the similar words (clipboard fallback in headless Chromium).
 *
 * Run: TEST_STACK_OFFSET=50 npx jest web/e2e/dictionary.e2e.test.ts --selectProjects e2e
 */
import { randomBytes } from 'node:crypto';
import { confirmMailed, joinMember } from './support/members';
import { useE2E, type Tab } from './support/browser';
import { signInInPage } from './support/signIn';

const e2e = useE2E();

const PASSWORD = 'dictionary-e2e-pass1';
const run = randomBytes(4).toString('hex');

/** join → mail → confirm through the gateway, then log in inside the tab as the app does. */
async function signInNewMember(tab: Tab): Promise<void> {
  const email = `dict${run}@test.syndict.local`;
  expect((await joinMember(e2e().baseUrl, { name: '사전회원', email, password: PASSWORD })).status).toBe(200);
  expect((await confirmMailed(e2e().baseUrl, email)).status).toBe(200);
  await tab.goto('/company');
  await signInInPage(tab, email, PASSWORD);
}

async function searchFor(tab: Tab, keyword: string): Promise<void> {
  const box = tab.page.getByRole('combobox', { name: '검색어' });
  await box.fill(keyword);
  await tab.page.getByRole('button', { name: '검색', exact: true }).click();
  await tab.page.waitForURL((url) => url.pathname === '/dictionary' && url.searchParams.get('searchWord') === keyword);
  await tab.page.locator('main .result-list a').first().waitFor();
}

/** Opens the first result and waits for its categories. */
async function openFirstResult(tab: Tab): Promise<string> {
  const first = tab.page.locator('main .result-list a').first();
  const word = (await first.locator('.result-word').textContent()) ?? '';
  await first.click();
  await tab.page.waitForURL(/\/dictionary\/Search\/\d+$/);
  await tab.page.locator('main .accordion-item').first().waitFor();
  return word;
}

test('a guest searches, opens a headword, uses the accordion and meets the join prompt', async () => {
  const tab = await e2e().open('mobile', '/');
  // Suggestions while typing (GET /api/dic/search/suggest through the gateway): 초성 finds 사랑.
  await tab.page.getByRole('combobox', { name: '검색어' }).fill('ㅅㄹ');
  await tab.page.getByRole('option', { name: '사랑', exact: true }).waitFor();
  await searchFor(tab, '사랑');
  await tab.waitForHeading('검색 결과');
  await expect(tab.page.locator('main .result-list a .result-word').first().textContent()).resolves.toBe('사랑');
  await expect(tab.page.locator('main').textContent()).resolves.toMatch(/검색 결과 \d+건/);
  await tab.screenshot('dictionary-results');
  await expect(tab.accessibilityViolations()).resolves.toEqual([]);

  await openFirstResult(tab);
  await tab.waitForHeading('유의어 상세');
  await expect(tab.page.locator('main .headword-word').textContent()).resolves.toBe('사랑');
  const headers = tab.page.locator('main .accordion-heading button');
  const count = await headers.count();
  expect(count).toBeGreaterThan(1);
  // First category open on load, and only it.
  await expect(headers.first().getAttribute('aria-expanded')).resolves.toBe('true');
  await expect(tab.page.locator('main .accordion-heading button[aria-expanded="true"]').count()).resolves.toBe(1);
  await expect(headers.first().textContent()).resolves.toMatch(/^비슷한말\d+/);
  // A visitor sees one word per category.
  await expect(tab.page.locator('main .accordion-item.open .syn-list li').count()).resolves.toBe(1);
  await headers.nth(1).click();
  await expect(headers.nth(1).getAttribute('aria-expanded')).resolves.toBe('true');
  await expect(headers.first().getAttribute('aria-expanded')).resolves.toBe('false');
  await expect(tab.page.locator('main .accordion-heading button[aria-expanded="true"]').count()).resolves.toBe(1);
  await headers.first().click();

  const badge = tab.page.locator('main .accordion-item.open .remain-badge');
  await expect(badge.textContent()).resolves.toMatch(/^\+\d+ 더 보기/);
  await badge.click();
  const dialog = tab.page.getByRole('dialog', { name: '회원 가입 안내' });
  await dialog.waitFor();
  await expect(dialog.textContent()).resolves.toContain('회원 가입 후 이용해 주세요.');
  await tab.screenshot('dictionary-detail-join-prompt', { fullPage: false });
  await dialog.getByRole('button', { name: '닫기' }).click();
  await dialog.waitFor({ state: 'hidden' });

  // Share as a guest: the same join prompt.
  await tab.page.getByRole('button', { name: '공유하기' }).click();
  await dialog.waitFor();
  await dialog.getByRole('button', { name: '닫기' }).click();

  // The external-site notice comes before leaving for another dictionary.
  await tab.page.getByRole('button', { name: '표준국어대사전에서 보기' }).click();
  const notice = tab.page.getByRole('dialog', { name: '외부 사이트 안내' });
  await notice.waitFor();
  await expect(notice.getByRole('link', { name: '이동하기' }).getAttribute('href')).resolves.toContain(
    'stdict.korean.go.kr',
  );
  await notice.getByRole('button', { name: '닫기' }).click();

  await tab.screenshot('dictionary-detail');
  await expect(tab.accessibilityViolations()).resolves.toEqual([]);
  const overflow = await tab.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  tab.expectNoErrors();
});

test('the history keeps the three headwords opened, newest first, after a reload', async () => {
  const tab = await e2e().open('desktop');
  const opened: string[] = [];
  for (const keyword of ['바다', '하늘', '사람']) {
    await tab.goto('/');
    await searchFor(tab, keyword);
    opened.push(await openFirstResult(tab));
  }
  await tab.goto('/dictionary/History');
  await tab.waitForHeading('검색 기록');
  const entries = tab.page.locator('main .history-list .result-word');
  await entries.first().waitFor();
  await expect(entries.allTextContents()).resolves.toEqual([...opened].reverse());
  await tab.page.reload();
  await entries.first().waitFor();
  await expect(entries.allTextContents()).resolves.toEqual([...opened].reverse());
  await tab.screenshot('dictionary-history');
  await expect(tab.accessibilityViolations()).resolves.toEqual([]);
  tab.expectNoErrors();
});

test('a member shares the first similar words (clipboard fallback)', async () => {
  const tab = await e2e().open('mobile');
  await tab.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: e2e().baseUrl });
  await signInNewMember(tab);
  await tab.goto('/dictionary/Search/1');
  await tab.page.locator('main .accordion-item').first().waitFor();
  // A free member sees two words per category.
  const similar = await tab.page
    .locator('main .accordion-item.open .syn-list a')
    .evaluateAll((links) => links.map((link) => link.firstChild?.textContent ?? ''));
  expect(similar.length).toBe(2);
  // Headless Chromium on Linux has no Web Share: the words go to the clipboard.
  await tab.page.evaluate(() => {
    Object.defineProperty(navigator, 'share', { value: undefined, configurable: true });
  });
  await tab.page.getByRole('button', { name: '공유하기' }).click();
  await tab.page.getByText('비슷한말과 링크를 복사하였습니다.', { exact: false }).waitFor();
  // The words, with what they are and a link back to the entry (see share.e2e.test.ts for the whole message).
  const copied = await tab.page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toContain(`의 비슷한말: ${similar.join(', ')}`);
  expect(copied).toContain(`${e2e().baseUrl}/dictionary/Search/1`);
  tab.expectNoErrors();
});
