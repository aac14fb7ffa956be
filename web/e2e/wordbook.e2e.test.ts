/**
 * The wordbook in the browser against the whole stack: a member saves three words from
 * their detail pages, sees them newest first, deletes one (with a confirmation), exports
 * CSV and the file is UTF-8 with a BOM and its Hangul intact; a guest is asked to log in.
 */
import { readFileSync } from 'node:fs';
import { useE2E, VIEWPORTS, type Tab, type ViewportName } from './support/browser';
import { verifiedMember } from './support/members';
import { signInInPage } from './support/signIn';

const e2e = useE2E();
const PASSWORD = 'wordbook e2e 9';

async function api(
  base: string,
  path: string,
  body: unknown,
  cookie = '',
): Promise<{ status: number; json: Record<string, unknown>; setCookie: string[] }> {
  const res = await fetch(base + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  return {
    status: res.status,
    json: (await res.json()) as Record<string, unknown>,
    setCookie: res.headers.getSetCookie(),
  };
}

/** A member who joined and confirmed the mailed link, through the gateway. */
async function newMember(base: string): Promise<string> {
  return (await verifiedMember(base, 'wordbook', { name: '김단어', password: PASSWORD })).email;
}

/** Logs in from the page itself, so the session cookie lives in this browser context. */
async function logIn(tab: Tab, email: string): Promise<void> {
  await tab.goto('/notice');
  const user = await signInInPage(tab, email, PASSWORD);
  expect(user).toMatchObject({ userEmail: email });
}

/** Headword ids for words, from the dictionary's search API. */
async function headwordIds(base: string, words: string[]): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const word of words) {
    const { json } = await api(base, '/api/dic/search/pyojaeItems', { searchWord: word, pageSize: 10, pageNum: 0 });
    const items = (json.results as { wordInfoItems: Array<{ ID: number; WORD: string }> }).wordInfoItems;
    const hit = items.find((i) => i.WORD === word);
    if (!hit) throw new Error(`the dictionary has no headword ${word}`);
    ids.set(word, hit.ID);
  }
  return ids;
}

/**
 * Saves from the detail page: its wordbook-add button when the dictionary's detail screen
 * has one, else the same API call from the page (before that screen is wired up).
 */
async function saveFromDetail(tab: Tab, id: number): Promise<'button' | 'api'> {
  await tab.goto(`/dictionary/Search/${id}`);
  const button = tab.page.getByRole('button', { name: /단어장/ }).first();
  if (await button.isVisible().catch(() => false)) {
    const saved = tab.page.waitForResponse((r) => r.url().endsWith('/api/dic/wordbook/insertWordbookItem'));
    await button.click();
    expect((await saved).status()).toBe(200);
    await tab.page.getByText('단어장에 저장하였습니다.').first().waitFor();
    // Saving it again keeps one item and says so.
    await button.click();
    await tab.page.getByText('이미 단어장에 저장된 단어입니다.').first().waitFor();
    return 'button';
  }
  const result = await tab.page.evaluate(async (pyojaeId) => {
    const user = JSON.parse(localStorage.getItem('user') ?? '{}') as { id?: number };
    const res = await fetch('/api/dic/wordbook/insertWordbookItem', {
      method: 'POST',
      credentials: 'include',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        userId: user.id,
        pyojaeId,
        word: '',
        hanja: '',
        linkUrl: `/dictionary/Search/${pyojaeId}`,
      }),
    });
    return { status: res.status, body: (await res.json()) as { message?: string } };
  }, id);
  expect(result.status).toBe(200);
  expect(result.body.message).toBe('단어장에 저장하였습니다.');
  return 'api';
}

async function listedWords(tab: Tab): Promise<string[]> {
  return tab.page.locator('main .wordbook-item .wordbook-hangul').allTextContents();
}

async function noSidewaysScroll(tab: Tab): Promise<void> {
  const overflow = await tab.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

describe.each(Object.keys(VIEWPORTS) as ViewportName[])('the wordbook at the %s viewport', (viewport) => {
  test('a guest is asked to log in', async () => {
    const tab = await e2e().open(viewport, '/dictionary/Wordbook');
    await tab.waitForHeading('단어장');
    await expect(tab.page.locator('main').textContent()).resolves.toContain('로그인 후 이용해 주세요.');
    await expect(tab.page.locator('main').getByRole('link', { name: '로그인' }).isVisible()).resolves.toBe(true);
    await noSidewaysScroll(tab);
    await tab.screenshot('wordbook_guest');
    await expect(tab.accessibilityViolations()).resolves.toEqual([]);
    tab.expectNoErrors();
  });

  test('a member saves three words, sees them newest first, deletes one, and exports CSV with Hangul intact', async () => {
    const base = e2e().baseUrl;
    const email = await newMember(base);
    const words = ['사랑', '학교', '기쁨'];
    const ids = await headwordIds(base, words);
    const tab = await e2e().open(viewport);
    await logIn(tab, email);

    const how = new Set<string>();
    for (const word of words) how.add(await saveFromDetail(tab, ids.get(word)!));
    process.stdout.write(`[e2e] wordbook: words saved through the detail page's ${[...how].join(' and ')}\n`);

    await tab.goto('/dictionary/Wordbook');
    await tab.page.locator('main .wordbook-item').first().waitFor();
    await expect(listedWords(tab)).resolves.toEqual(['기쁨', '학교', '사랑']);
    await expect(tab.page.locator('main .wordbook-count').textContent()).resolves.toContain('3');
    await noSidewaysScroll(tab);
    await tab.screenshot('wordbook_list');
    await expect(tab.accessibilityViolations()).resolves.toEqual([]);

    // Delete 학교, after a confirmation (cancel first: nothing happens).
    await tab.page.getByRole('button', { name: '학교 삭제' }).click();
    const dialog = tab.page.getByRole('alertdialog', { name: '단어 삭제' });
    await dialog.waitFor();
    await expect(dialog.textContent()).resolves.toContain('‘학교’를 단어장에서 삭제하시겠습니까?');
    await tab.screenshot('wordbook_confirm', { fullPage: false });
    await dialog.getByRole('button', { name: '취소' }).click();
    await expect(listedWords(tab)).resolves.toEqual(['기쁨', '학교', '사랑']);
    await tab.page.getByRole('button', { name: '학교 삭제' }).click();
    await dialog.getByRole('button', { name: '삭제', exact: true }).click();
    await tab.page.getByText('단어장에서 삭제하였습니다.').first().waitFor();
    await tab.page.waitForFunction(() => document.querySelectorAll('main .wordbook-item').length === 2);
    await expect(listedWords(tab)).resolves.toEqual(['기쁨', '사랑']);

    // Export: the download is UTF-8 with a BOM (spreadsheets then show Hangul) and strict UTF-8 throughout.
    const download = tab.page.waitForEvent('download');
    await tab.page.getByRole('button', { name: 'CSV로 내보내기' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('wordbook.csv');
    const bytes = readFileSync((await file.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
    const lines = text.split('\r\n');
    expect(lines[0]).toBe('단어,한자,단어 ID,링크,저장일');
    expect(lines.slice(1, 3).map((l) => l.split(',')[0])).toEqual(['기쁨', '사랑']);
    expect(lines[1]).toContain(`/dictionary/Search/${ids.get('기쁨')}`);

    // Anki: a tab-separated note file, the word in front, its visible similar words behind.
    const ankiDownload = tab.page.waitForEvent('download');
    await tab.page.getByRole('button', { name: 'Anki로 내보내기' }).click();
    const anki = await ankiDownload;
    expect(anki.suggestedFilename()).toBe('wordbook-anki.txt');
    const notes = readFileSync((await anki.path())!, 'utf8').split('\n');
    expect(notes.slice(0, 3)).toEqual(['#separator:tab', '#html:false', '#columns:앞면\t뒷면']);
    expect(notes.slice(3, 5).map((n) => n.split('\t')[0])).toEqual(['기쁨', '사랑']);

    // A word opens its detail page.
    await tab.page.getByRole('link', { name: /사랑/ }).first().click();
    await tab.page.waitForURL(`**/dictionary/Search/${ids.get('사랑')}`);
    tab.expectNoErrors();
  });
});

test('an empty wordbook says so and offers the search', async () => {
  const base = e2e().baseUrl;
  const email = await newMember(base);
  const tab = await e2e().open('mobile');
  await logIn(tab, email);
  await tab.goto('/dictionary/Wordbook');
  await tab.page.getByText('단어장에 저장한 단어가 없습니다.').waitFor();
  await expect(tab.page.getByRole('button', { name: 'CSV로 내보내기' }).isDisabled()).resolves.toBe(true);
  await tab.screenshot('wordbook_empty');
  await expect(tab.accessibilityViolations()).resolves.toEqual([]);
  tab.expectNoErrors();
});

test('when loading or deleting fails, then the messages of spec §8 are shown and nothing is lost', async () => {
  const base = e2e().baseUrl;
  const email = await newMember(base);
  const ids = await headwordIds(base, ['사랑']);
  // The forced failures below make the browser log "Failed to load resource"; that is the point.
  const tab = await e2e().open('mobile', undefined, { allowConsole: [/Failed to load resource/] });
  await logIn(tab, email);
  const saved = await tab.page.evaluate(async (pyojaeId) => {
    const res = await fetch('/api/dic/wordbook/insertWordbookItem', {
      method: 'POST',
      credentials: 'include',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ pyojaeId, word: '사랑', hanja: '', linkUrl: '' }),
    });
    return res.status;
  }, ids.get('사랑')!);
  expect(saved).toBe(200);

  await tab.page.route('**/api/dic/wordbook/deleteWordbookItem', (route) =>
    route.fulfill({ status: 502, contentType: 'text/plain', body: 'bad gateway' }),
  );
  await tab.goto('/dictionary/Wordbook');
  await tab.page.getByRole('button', { name: '사랑 삭제' }).click();
  await tab.page
    .getByRole('alertdialog', { name: '단어 삭제' })
    .getByRole('button', { name: '삭제', exact: true })
    .click();
  await tab.page.getByText('데이터를 삭제하는 중에 오류가 발생하였습니다. 다시 시도해 주세요.').first().waitFor();
  await expect(listedWords(tab)).resolves.toEqual(['사랑']);

  await tab.page.route('**/api/dic/wordbook/searchWordbookItems', (route) =>
    route.fulfill({ status: 500, contentType: 'text/plain', body: 'oops' }),
  );
  await tab.goto('/dictionary/Wordbook');
  await tab.page
    .getByRole('alert')
    .filter({ hasText: '단어장을 불러오는 중에 오류가 발생하였습니다. 다시 시도해 주세요.' })
    .first()
    .waitFor();
  await tab.screenshot('wordbook_load_error', { fullPage: false });
  tab.expectNoErrors();
});
