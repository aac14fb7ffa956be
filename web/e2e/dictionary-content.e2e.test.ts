/**
 * The common vocabulary a visitor looks up first: everyday words are there, with related words a
 * visitor can see, and homographs (배) listed apart with their sense notes.
 *
 * Run: TEST_STACK_OFFSET=51 npx jest web/e2e/dictionary-content.e2e.test.ts --selectProjects e2e
 */
import { readFileSync } from 'node:fs';
import { DEFAULT_DATASET_PATH } from '../../services/dictionary/src/data/paths';
import { topology } from '../../scripts/topology';
import { useE2E, type Tab } from './support/browser';

const e2e = useE2E();

async function search(tab: Tab, keyword: string): Promise<void> {
  await tab.goto('/');
  const box = tab.page.getByRole('combobox', { name: '검색어' });
  await box.fill(keyword);
  await tab.page.getByRole('button', { name: '검색', exact: true }).click();
  await tab.page.waitForURL((url) => url.pathname === '/dictionary' && url.searchParams.get('searchWord') === keyword);
  await tab.page.locator('main .result-list a').first().waitFor();
}

test.each(['하다', '사회', '미안하다'])(
  'a visitor searches %s, finds it first and sees its related words',
  async (word) => {
    const tab = await e2e().open('mobile');
    await search(tab, word);
    await expect(tab.page.locator('main .result-list a .result-word').first().textContent()).resolves.toBe(word);
    await tab.page.locator('main .result-list a').first().click();
    await tab.page.waitForURL(/\/dictionary\/Search\/\d+$/);
    await expect(tab.page.locator('main .headword-word').textContent()).resolves.toBe(word);
    // The first category is open with at least one word a visitor may see.
    await tab.page.locator('main .accordion-item.open .syn-list li').first().waitFor();
    await expect(tab.page.locator('main .accordion-heading button').first().textContent()).resolves.toMatch(
      /^비슷한말\d+/,
    );
    await tab.screenshot(`content-${word}`);
    tab.expectNoErrors();
    await tab.close();
  },
);

test('a visitor searching 배 sees its homographs apart, each with its own sense note and words', async () => {
  const tab = await e2e().open('desktop');
  await search(tab, '배');
  const results = tab.page.locator('main .result-list a').filter({
    has: tab.page.locator('.result-word', { hasText: /^배$/ }),
  });
  expect(await results.count()).toBeGreaterThanOrEqual(3);
  const senses = await results.locator('.result-sense').allTextContents();
  expect(new Set(senses).size).toBe(senses.length);
  expect(senses.length).toBe(await results.count());
  await tab.screenshot('content-배-results');
  // Each homograph opens its own entry: different sense, different related words.
  const firstWords: string[] = [];
  for (let i = 0; i < 2; i++) {
    await search(tab, '배');
    await results.nth(i).click();
    await tab.page.waitForURL(/\/dictionary\/Search\/\d+$/);
    await expect(tab.page.locator('main .headword-sense').textContent()).resolves.toBe(senses[i]);
    await tab.page.locator('main .accordion-item.open .syn-list li').first().waitFor();
    firstWords.push((await tab.page.locator('main .accordion-item.open .syn-list li').first().textContent()) ?? '');
  }
  expect(firstWords[0]).not.toBe(firstWords[1]);
  tab.expectNoErrors();
  await tab.close();
});

test('the home page states the loaded dictionary’s own figures, equal to the index’s counts', async () => {
  const env = topology('test').env;
  const count = (await (await fetch(`${env.ELASTICSEARCH_URL}/${env.DICTIONARY_ALIAS}/_count`)).json()) as {
    count: number;
  };
  // The stack loads the committed default dataset: its relations are the lines' relations.
  const lines = readFileSync(DEFAULT_DATASET_PATH, 'utf8').trimEnd().split('\n');
  const relations = lines.reduce((n, l) => n + (JSON.parse(l) as { relations: unknown[] }).relations.length, 0);
  expect(count.count).toBe(lines.length);

  const tab = await e2e().open('desktop', '/');
  const figure = (name: string) => tab.page.locator(`main [data-figure="${name}"]`);
  await tab.page.waitForFunction(() => !document.querySelector('main .stats[aria-busy="true"]'));
  const number = (text: string | null) => Number((text ?? '').replace(/[^0-9]/g, ''));
  expect(number(await figure('headwords').textContent())).toBe(count.count);
  expect(number(await figure('relations').textContent())).toBe(relations);
  await expect(tab.page.locator('main').textContent()).resolves.not.toContain('50만');
  tab.expectNoErrors();
  await tab.close();
});
