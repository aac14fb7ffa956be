/**
 * Korean analysis in the browser against the whole stack: a noun with a particle, as pasted from a
 * sentence (학교에서), lands on the noun's detail.
 *
 * Run: TEST_STACK_OFFSET=37 npx jest web/e2e/nori-search.e2e.test.ts --selectProjects e2e
 */
import { useE2E } from './support/browser';

const e2e = useE2E();

test('typing 학교에서 lands on the detail of 학교', async () => {
  const tab = await e2e().open('mobile', '/');
  const box = tab.page.getByRole('combobox', { name: '검색어' });
  await box.fill('학교에서');
  await tab.page.getByRole('button', { name: '검색', exact: true }).click();
  await tab.page.waitForURL(
    (url) => url.pathname === '/dictionary' && url.searchParams.get('searchWord') === '학교에서',
  );
  await tab.waitForHeading('검색 결과');
  const baseForm = tab.page.getByTestId('base-form');
  await baseForm.waitFor();
  await expect(baseForm.textContent()).resolves.toBe('‘학교에서’의 기본형 ‘학교’');
  const first = tab.page.locator('main .result-list a').first();
  await expect(first.locator('.result-word').textContent()).resolves.toBe('학교');
  await tab.screenshot('nori-search-particle');

  await first.click();
  await tab.page.waitForURL(/\/dictionary\/Search\/\d+$/);
  await tab.waitForHeading('유의어 상세');
  await expect(tab.page.locator('main .headword-word').textContent()).resolves.toBe('학교');
  await expect(tab.accessibilityViolations()).resolves.toEqual([]);
  tab.expectNoErrors();
});
