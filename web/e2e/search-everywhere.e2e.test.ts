/**
 * Searching from every dictionary page: the results and detail pages carry the same search
 * bar (with suggestions) as home, and the `/` key focuses it from anywhere on the page —
 * but never while someone is typing, never with Ctrl/Alt/Meta, and never behind a dialog.
 *
 * Run: TEST_STACK_OFFSET=83 npx jest --selectProjects e2e --runTestsByPath web/e2e/search-everywhere.e2e.test.ts
 */
import { useE2E, VIEWPORTS, type Tab, type ViewportName } from './support/browser';

const e2e = useE2E();

async function headwordId(word: string): Promise<number> {
  const res = await fetch(`${e2e().baseUrl}/api/dic/search/pyojaeItems`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ searchWord: word, pageSize: 10, pageNum: 0 }),
  });
  const body = (await res.json()) as { results: { wordInfoItems: Array<{ ID: number; WORD: string }> } };
  const hit = body.results.wordInfoItems.find((item) => item.WORD === word);
  if (!hit) throw new Error(`the dictionary has no headword ${word}`);
  return hit.ID;
}

const searchBox = (tab: Tab) => tab.page.locator('main').getByRole('combobox', { name: '검색어' });
const searchHasFocus = (tab: Tab) =>
  tab.page.evaluate(() => document.activeElement?.getAttribute('name') === 'searchWord');

async function expectNoSideways(tab: Tab): Promise<void> {
  const overflow = await tab.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

describe.each<ViewportName>(['desktop', 'mobile'])('at %s width', (viewport) => {
  const width = VIEWPORTS[viewport].width;

  test(`the results page has the search bar (${width} px)`, async () => {
    const tab = await e2e().open(viewport, `/dictionary?searchWord=${encodeURIComponent('사랑')}`);
    await tab.page.locator('main .result-list a').first().waitFor();
    await expect(searchBox(tab).isVisible()).resolves.toBe(true);
    await expect(searchBox(tab).inputValue()).resolves.toBe('사랑');
    // `/` from the page (nothing focused) goes to the field and selects the old keyword, ready to be replaced.
    await tab.page.keyboard.press('/');
    await expect(searchHasFocus(tab)).resolves.toBe(true);
    await tab.page.keyboard.type('바다');
    await tab.page.keyboard.press('Enter');
    await tab.page.waitForURL((url) => url.searchParams.get('searchWord') === '바다');
    await tab.page.locator('main .result-list a .result-word', { hasText: '바다' }).first().waitFor();
    await expectNoSideways(tab);
    await tab.screenshot('search-everywhere-results');
    await expect(tab.accessibilityViolations()).resolves.toEqual([]);
    tab.expectNoErrors();
  });

  test(`the detail page has the search bar with suggestions, and / focuses it (${width} px)`, async () => {
    const tab = await e2e().open(viewport, `/dictionary/Search/${await headwordId('사랑')}`);
    await tab.page.locator('main .accordion-item').first().waitFor();
    await expect(searchBox(tab).isVisible()).resolves.toBe(true);
    // The field is empty for a new word, and its shortcut is announced.
    await expect(searchBox(tab).inputValue()).resolves.toBe('');
    await expect(searchBox(tab).getAttribute('aria-keyshortcuts')).resolves.toBe('/');
    if (viewport === 'desktop') {
      // Keyboard users see the hint while the field is empty and unfocused.
      await expect(tab.page.locator('main .search-shortcut-hint').isVisible()).resolves.toBe(true);
    }
    await tab.screenshot('search-everywhere-detail');
    await expect(tab.accessibilityViolations()).resolves.toEqual([]);

    await expect(searchHasFocus(tab)).resolves.toBe(false);
    await tab.page.keyboard.press('/');
    await expect(searchHasFocus(tab)).resolves.toBe(true);
    // The key only moved focus: nothing was typed.
    await expect(searchBox(tab).inputValue()).resolves.toBe('');
    await tab.page.keyboard.type('ㅂㄷ');
    const option = tab.page.getByRole('option', { name: '바다', exact: true });
    await option.waitFor();
    await tab.screenshot('search-everywhere-detail-suggestions', { fullPage: false });
    const from = tab.location();
    await option.click();
    await tab.page.waitForURL((url) => /^\/dictionary\/Search\/\d+$/.test(url.pathname) && url.pathname !== from);
    await tab.page.locator('main .headword-word', { hasText: /^바다$/ }).waitFor();

    // Searching from the detail page opens the results.
    await searchBox(tab).fill('하늘');
    await searchBox(tab).press('Enter');
    await tab.page.waitForURL((url) => url.pathname === '/dictionary' && url.searchParams.get('searchWord') === '하늘');
    await tab.waitForHeading('검색 결과');
    await expectNoSideways(tab);
    tab.expectNoErrors();
  });
});

test('/ is left alone while typing, with Ctrl/Alt/Meta, and behind a dialog', async () => {
  const tab = await e2e().open('desktop', `/dictionary/Search/${await headwordId('사랑')}`);
  await tab.page.locator('main .accordion-item').first().waitFor();

  // In the search field itself, `/` is a character.
  await searchBox(tab).click();
  await tab.page.keyboard.type('a/b');
  await expect(searchBox(tab).inputValue()).resolves.toBe('a/b');
  await searchBox(tab).fill('');

  // In any other place someone writes: an input, a textarea, a contenteditable.
  await tab.page.evaluate(() => {
    const box = document.createElement('div');
    box.id = 'writing';
    // Above the page (and the fixed tab bar), so each field can be clicked.
    box.style.cssText = 'position:fixed;top:70px;left:8px;z-index:1000;background:#fff;padding:8px';
    box.innerHTML =
      '<label>메모 <input id="w-input"></label><label>긴 메모 <textarea id="w-area"></textarea></label>' +
      '<div id="w-editable" contenteditable="true" role="textbox" aria-label="편집"></div>';
    document.body.append(box);
  });
  for (const selector of ['#w-input', '#w-area', '#w-editable']) {
    const field = tab.page.locator(selector);
    await field.click();
    await tab.page.keyboard.type('1/2');
    await expect(tab.page.evaluate(() => document.activeElement?.id)).resolves.toBe(selector.slice(1));
    const written = await field.evaluate((element) =>
      element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement
        ? element.value
        : (element.textContent ?? ''),
    );
    expect(written).toBe('1/2');
  }
  await tab.page.evaluate(() => document.getElementById('writing')?.remove());

  // With a modifier, the key belongs to the browser or the system.
  await tab.page.locator('main h1').click();
  for (const chord of ['Control+/', 'Alt+/', 'Meta+/']) {
    await tab.page.keyboard.press(chord);
    await expect(searchHasFocus(tab)).resolves.toBe(false);
  }

  // A dialog keeps the keyboard while it is open.
  await tab.page.getByRole('button', { name: '표준국어대사전에서 보기' }).click();
  const dialog = tab.page.getByRole('dialog', { name: '외부 사이트 안내' });
  await dialog.waitFor();
  await tab.page.keyboard.press('/');
  await expect(searchHasFocus(tab)).resolves.toBe(false);
  await expect(dialog.isVisible()).resolves.toBe(true);
  await dialog.getByRole('button', { name: '닫기' }).click();
  await dialog.waitFor({ state: 'hidden' });
  await tab.page.keyboard.press('/');
  await expect(searchHasFocus(tab)).resolves.toBe(true);
  tab.expectNoErrors();
});

test('on a page without a search bar, / opens the home search ready to type; a page with a form stays', async () => {
  const tab = await e2e().open('mobile', '/notice');
  await tab.page.keyboard.press('/');
  await tab.page.waitForURL((url) => url.pathname === '/');
  await tab.waitForHeading('한국어 유의어 사전');
  await tab.page.waitForFunction(() => document.activeElement?.getAttribute('name') === 'searchWord');
  await tab.page.keyboard.type('사랑');
  await expect(searchBox(tab).inputValue()).resolves.toBe('사랑');
  await tab.screenshot('search-everywhere-home-from-slash', { fullPage: false });

  // A half-filled form is not thrown away by a stray key.
  await tab.goto('/join');
  await tab.page.getByLabel('이름', { exact: true }).fill('김하늘');
  await tab.page.locator('main h1').click();
  await tab.page.keyboard.press('/');
  await tab.page.waitForTimeout(300);
  expect(tab.location()).toBe('/join');
  await expect(tab.page.getByLabel('이름', { exact: true }).inputValue()).resolves.toBe('김하늘');
  tab.expectNoErrors();
});
