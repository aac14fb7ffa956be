/**
 * Search that understands Korean, in the browser against the whole stack:
 * typing the inflected 아름다운 lands on 아름답다's synonyms; a typo offers '혹시 이것을
 * 찾으셨나요?'; an honorific names its plain word; hanja characters list the words sharing them.
 *
 * Run: TEST_STACK_OFFSET=70 npx jest web/e2e/korean-search.e2e.test.ts --selectProjects e2e
 */
import { useE2E, type Tab } from './support/browser';

const e2e = useE2E();

async function searchFor(tab: Tab, keyword: string): Promise<void> {
  const box = tab.page.getByRole('combobox', { name: '검색어' });
  await box.fill(keyword);
  await tab.page.getByRole('button', { name: '검색', exact: true }).click();
  await tab.page.waitForURL((url) => url.pathname === '/dictionary' && url.searchParams.get('searchWord') === keyword);
  await tab.waitForHeading('검색 결과');
}

test('typing 아름다운 lands on 아름답다 and its synonyms', async () => {
  const tab = await e2e().open('mobile', '/');
  await searchFor(tab, '아름다운');
  const baseForm = tab.page.getByTestId('base-form');
  await baseForm.waitFor();
  await expect(baseForm.textContent()).resolves.toBe('‘아름다운’의 기본형 ‘아름답다’');
  const first = tab.page.locator('main .result-list a').first();
  await expect(first.locator('.result-word').textContent()).resolves.toBe('아름답다');
  await tab.screenshot('korean-search-base-form');
  await expect(tab.accessibilityViolations()).resolves.toEqual([]);

  await first.click();
  await tab.page.waitForURL(/\/dictionary\/Search\/\d+$/);
  await tab.waitForHeading('유의어 상세');
  await expect(tab.page.locator('main .headword-word').textContent()).resolves.toBe('아름답다');
  const openCategory = tab.page.locator('main .accordion-heading button[aria-expanded="true"]');
  await expect(openCategory.textContent()).resolves.toMatch(/^비슷한말\d+/);
  await expect(tab.page.locator('main .accordion-item.open .syn-list li').first().textContent()).resolves.toContain(
    '곱다',
  );
  tab.expectNoErrors();
});

test('a typo offers the word meant, and choosing it searches again', async () => {
  const tab = await e2e().open('desktop', '/');
  await searchFor(tab, '사량');
  const hint = tab.page.getByTestId('did-you-mean');
  await hint.waitFor();
  await expect(hint.textContent()).resolves.toContain('혹시 이것을 찾으셨나요?');
  await hint.getByRole('button', { name: '사랑' }).click();
  await tab.page.waitForURL((url) => url.searchParams.get('searchWord') === '사랑');
  await expect(tab.page.locator('main .result-list a .result-word').first().textContent()).resolves.toBe('사랑');
  tab.expectNoErrors();
});

test('an honorific names its plain word; hanja characters list the words that share them', async () => {
  const tab = await e2e().open('mobile', '/');
  await searchFor(tab, '드시다');
  const honorific = tab.page.getByTestId('honorific');
  await honorific.first().waitFor();
  // 드시다 is the 높임말 of both 먹다 and 마시다 in the data.
  await expect(honorific.allTextContents()).resolves.toEqual(
    expect.arrayContaining(['‘드시다’는 ‘먹다’의 높임말입니다.', '‘드시다’는 ‘마시다’의 높임말입니다.']),
  );
  await honorific.getByRole('link', { name: '‘먹다’' }).click();
  await tab.waitForHeading('유의어 상세');
  await expect(tab.page.locator('main .headword-word').textContent()).resolves.toBe('먹다');
  await tab.screenshot('korean-search-honorific');

  await tab.goto(`/dictionary?searchWord=${encodeURIComponent('미인')}`);
  await tab.page.locator('main .result-list a').first().click();
  await tab.waitForHeading('유의어 상세');
  const char = tab.page.getByRole('button', { name: '‘美’ 자가 든 낱말 보기' });
  await char.click();
  const list = tab.page.locator('main .hanja-words');
  // 미술 and, since the editorial entries, 미술관 share 美: name the one meant exactly.
  await list.getByRole('link', { name: '미술美術', exact: true }).waitFor();
  await expect(list.textContent()).resolves.toContain('미덕');
  await tab.screenshot('korean-search-hanja');
  await expect(tab.accessibilityViolations()).resolves.toEqual([]);
  await list.getByRole('link', { name: '미술美術', exact: true }).click();
  await tab.page.locator('main .headword-word', { hasText: /^미술$/ }).waitFor();
  // A new headword starts with its hanja lists closed.
  await expect(tab.page.locator('main .hanja-words').count()).resolves.toBe(0);
  tab.expectNoErrors();
});
