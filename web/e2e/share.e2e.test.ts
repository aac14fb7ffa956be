/**
 * Sharing from the detail page says what it shares: the headword, the category and an
 * absolute link back to the entry, through the Web Share API where the browser has it and
 * the clipboard where it does not; the toast says which of the two happened.
 *
 * Run: TEST_STACK_OFFSET=84 npx jest --selectProjects e2e --runTestsByPath web/e2e/share.e2e.test.ts
 */
import { useE2E, VIEWPORTS, type Tab, type ViewportName } from './support/browser';
import { postJson, verifiedMember } from './support/members';

const e2e = useE2E();

const PASSWORD = 'share-e2e-pass1';
const api = (path: string, body: unknown) => postJson(e2e().baseUrl, path, body);

/** A new, verified member (join → mailed link → confirm), signed in through the login form. */
async function signIn(tab: Tab): Promise<void> {
  const { email } = await verifiedMember(e2e().baseUrl, 'share', { name: '공유회원', password: PASSWORD });
  await tab.goto('/login');
  await tab.page.getByLabel('이메일', { exact: true }).fill(email);
  await tab.page.getByLabel('비밀번호', { exact: true }).fill(PASSWORD);
  await tab.page.locator('main form').getByRole('button', { name: '로그인' }).click();
  await tab.page.waitForURL((url) => url.pathname !== '/login');
}

async function headwordId(word: string): Promise<number> {
  const found = await api('/api/dic/search/pyojaeItems', { searchWord: word, pageSize: 10, pageNum: 0 });
  const items = (found.body.results as { wordInfoItems: Array<{ ID: number; WORD: string }> }).wordInfoItems;
  const hit = items.find((item) => item.WORD === word);
  if (!hit) throw new Error(`the dictionary has no headword ${word}`);
  return hit.ID;
}

/** The headword as the page shows it (사랑 (愛)), and the similar words a free member sees. */
async function openEntry(tab: Tab, id: number): Promise<{ label: string; word: string; similar: string[] }> {
  await tab.goto(`/dictionary/Search/${id}`);
  await tab.page.locator('main .accordion-item').first().waitFor();
  const header = tab.page.locator('main .accordion-heading button').first();
  await expect(header.textContent()).resolves.toMatch(/^비슷한말/);
  const similar = await tab.page
    .locator('main .accordion-item.open .syn-list a')
    .evaluateAll((links) => links.map((link) => link.firstChild?.textContent ?? ''));
  expect(similar.length).toBeGreaterThan(0);
  const word = (await tab.page.locator('main .headword-word').textContent()) ?? '';
  const hanjaNode = tab.page.locator('main .headword-hanja');
  const hanja = (await hanjaNode.count()) > 0 ? ((await hanjaNode.textContent()) ?? '') : '';
  return { label: hanja ? `${word} (${hanja})` : word, word, similar };
}

const toast = (tab: Tab, text: string) => tab.page.locator('.Toastify__toast', { hasText: text }).first();

/** Waits for a toast to finish bouncing in, so a screenshot shows it where it stays. */
async function settled(locator: ReturnType<typeof toast>): Promise<void> {
  await locator.evaluate((element) => Promise.all(element.getAnimations().map((animation) => animation.finished)));
}

describe.each<ViewportName>(['desktop', 'mobile'])('at %s width', (viewport) => {
  const width = VIEWPORTS[viewport].width;

  test(`without Web Share the message and link go to the clipboard, and the toast says so (${width} px)`, async () => {
    const tab = await e2e().open(viewport);
    await tab.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: e2e().baseUrl });
    await signIn(tab);
    const id = await headwordId('사랑');
    const entry = await openEntry(tab, id);
    await tab.page.evaluate(() => {
      Object.defineProperty(navigator, 'share', { value: undefined, configurable: true });
    });
    await tab.page.getByRole('button', { name: '공유하기' }).click();
    const copied = toast(tab, `‘${entry.word}’의 비슷한말과 링크를 복사하였습니다.`);
    await copied.waitFor();
    await expect(copied.getAttribute('class')).resolves.toContain('Toastify__toast--success');
    const text = await tab.page.evaluate(() => navigator.clipboard.readText());
    expect(text).toBe(
      `‘${entry.label}’의 비슷한말: ${entry.similar.join(', ')}\n${e2e().baseUrl}/dictionary/Search/${id}`,
    );
    await settled(copied);
    await tab.screenshot('share-copied-toast', { fullPage: false });
    await expect(tab.accessibilityViolations()).resolves.toEqual([]);
    tab.expectNoErrors();
  });

  test(`with Web Share the headword, category and an absolute link are shared, and the toast says so (${width} px)`, async () => {
    const tab = await e2e().open(viewport);
    await tab.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: e2e().baseUrl });
    // A share sheet that records what it was given (headless Chromium on Linux has none).
    await tab.context.addInitScript(() => {
      const shared: unknown[] = [];
      Object.assign(window, { __shared: shared });
      Object.defineProperty(navigator, 'share', {
        configurable: true,
        value: (data: unknown) => {
          shared.push(data);
          return Promise.resolve();
        },
      });
      Object.defineProperty(navigator, 'canShare', { configurable: true, value: () => true });
    });
    await signIn(tab);
    const id = await headwordId('사랑');
    const entry = await openEntry(tab, id);
    await tab.page.evaluate(() => navigator.clipboard.writeText('그대로'));
    await tab.page.getByRole('button', { name: '공유하기' }).click();
    const sharedToast = toast(tab, `‘${entry.word}’의 비슷한말을 공유하였습니다.`);
    await sharedToast.waitFor();
    const shared = await tab.page.evaluate(() => (window as unknown as { __shared: unknown[] }).__shared);
    expect(shared).toEqual([
      {
        title: `${entry.word}의 비슷한말 | 한국어 유의어 사전`,
        text: `‘${entry.label}’의 비슷한말: ${entry.similar.join(', ')}`,
        url: `${e2e().baseUrl}/dictionary/Search/${id}`,
      },
    ]);
    // Shared, not copied: the clipboard is untouched and the toast does not claim a copy.
    await expect(tab.page.evaluate(() => navigator.clipboard.readText())).resolves.toBe('그대로');
    await expect(sharedToast.textContent()).resolves.not.toContain('복사');
    await settled(sharedToast);
    await tab.screenshot('share-shared-toast', { fullPage: false });
    tab.expectNoErrors();
  });
});

test('closing the share sheet is not an error and copies nothing', async () => {
  const tab = await e2e().open('mobile');
  await tab.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: e2e().baseUrl });
  await tab.context.addInitScript(() => {
    Object.defineProperty(navigator, 'share', {
      configurable: true,
      value: () => Promise.reject(new DOMException('Share canceled', 'AbortError')),
    });
  });
  await signIn(tab);
  await openEntry(tab, await headwordId('사랑'));
  await tab.page.evaluate(() => navigator.clipboard.writeText('그대로'));
  await tab.page.getByRole('button', { name: '공유하기' }).click();
  await tab.page.waitForTimeout(500);
  await expect(tab.page.locator('.Toastify__toast').count()).resolves.toBe(0);
  await expect(tab.page.evaluate(() => navigator.clipboard.readText())).resolves.toBe('그대로');
  tab.expectNoErrors();
});
