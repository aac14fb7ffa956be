/**
 * Form rough edges: a join-form error goes as soon as its field is valid; the terms box ticks
 * and a button beside it shows the terms; saving a word twice is told as information, not
 * success; a long email in the side menu breaks only at its @ and never runs out of the menu.
 *
 * Run: TEST_STACK_OFFSET=85 npx jest --selectProjects e2e --runTestsByPath web/e2e/forms.e2e.test.ts
 */
import { ACCOUNT_MESSAGES as M } from '@syn/kit/rules';
import { useE2E, VIEWPORTS, type Tab, type ViewportName } from './support/browser';
import { postJson, verifiedMember } from './support/members';

const e2e = useE2E();

const api = (path: string, body: unknown) => postJson(e2e().baseUrl, path, body);
const PASSWORD = 'forms-e2e-pass1';

const fieldError = (tab: Tab, text: string) => tab.page.locator('main .field-error', { hasText: text });

describe.each<ViewportName>(['desktop', 'mobile'])('the join form at %s width', (viewport) => {
  const width = VIEWPORTS[viewport].width;

  test(`an error goes as soon as its field is valid (${width} px)`, async () => {
    const tab = await e2e().open(viewport, '/join');
    const page = tab.page;
    await page.getByRole('button', { name: '가입하기' }).click();
    for (const message of [M.nameRequired, M.emailInvalid, M.phoneRequired, M.privacyConsent, M.termsViewed]) {
      await fieldError(tab, message).waitFor();
    }

    // Each fix clears its own message at once, before any new submit.
    await page.getByLabel('이름', { exact: true }).fill('김하늘');
    await expect(fieldError(tab, M.nameRequired).count()).resolves.toBe(0);
    await expect(page.getByLabel('이름', { exact: true }).getAttribute('aria-invalid')).resolves.toBeNull();

    // While still wrong, the message follows the value; once right, it goes.
    const email = page.getByLabel('이메일', { exact: true });
    await email.fill('a@b');
    await expect(fieldError(tab, M.emailInvalid).count()).resolves.toBe(1);
    await email.fill('haneul@example.com');
    await expect(fieldError(tab, M.emailInvalid).count()).resolves.toBe(0);

    const phone = page.getByLabel('연락처', { exact: true });
    await phone.fill('010-1234');
    await fieldError(tab, M.phoneDigits).waitFor();
    await phone.fill('0101234');
    await fieldError(tab, M.phoneTooShort).waitFor();
    await phone.fill('01012345678');
    await expect(
      page
        .locator('main .field-error')
        .filter({ hasText: /연락처|숫자/ })
        .count(),
    ).resolves.toBe(0);

    // The confirmation is checked against the password: fixing either clears the mismatch.
    await page.getByLabel('비밀번호', { exact: true }).fill(PASSWORD);
    await page.getByLabel('비밀번호 확인', { exact: true }).fill('something else');
    await page.getByRole('button', { name: '가입하기' }).click();
    await fieldError(tab, M.passwordMismatch).waitFor();
    await page.getByLabel('비밀번호', { exact: true }).fill('something else');
    await expect(fieldError(tab, M.passwordMismatch).count()).resolves.toBe(0);

    await page.getByLabel(/개인정보 이용에 동의합니다/).check();
    await expect(fieldError(tab, M.privacyConsent).count()).resolves.toBe(0);
    await page.getByLabel(/이용약관을 확인하였으며/).check();
    await expect(fieldError(tab, M.termsViewed).count()).resolves.toBe(0);
    await expect(page.locator('main .field-error').count()).resolves.toBe(0);
    await page.evaluate(() => window.scrollTo(0, 0));
    await tab.screenshot('forms-join-fixed');
    await expect(tab.accessibilityViolations()).resolves.toEqual([]);
    tab.expectNoErrors();
  });

  test(`the terms box ticks, and the button beside it shows the terms (${width} px)`, async () => {
    const tab = await e2e().open(viewport, '/join');
    const page = tab.page;
    await page.getByRole('button', { name: '가입하기' }).click();
    await fieldError(tab, M.termsViewed).waitFor();

    // The terms box ticks like any box: no dialog in the way, and its error goes.
    const terms = page.getByLabel(/이용약관을 확인하였으며/);
    await terms.click();
    await expect(terms.isChecked()).resolves.toBe(true);
    await expect(page.getByRole('dialog', { name: '이용약관' }).isVisible()).resolves.toBe(false);
    await expect(fieldError(tab, M.termsViewed).count()).resolves.toBe(0);

    // The button beside it shows the terms, and reading them does not untick the box.
    const show = page.getByRole('button', { name: '이용약관 보기' });
    const row = page.locator('main .field-check', { has: terms });
    await expect(row.locator('button', { hasText: '이용약관 보기' }).count()).resolves.toBe(1);
    const boxRect = await terms.boundingBox();
    const buttonRect = await show.boundingBox();
    expect(boxRect && buttonRect).toBeTruthy();
    if (boxRect && buttonRect) {
      // Right beside the checkbox's text (same row on a desktop, just under it on a phone).
      expect(buttonRect.y - (boxRect.y + boxRect.height)).toBeLessThan(80);
      expect(buttonRect.x + buttonRect.width).toBeLessThanOrEqual(width);
    }
    // From the top, so the sticky header is not painted mid-page in the full-page shot.
    await page.evaluate(() => window.scrollTo(0, 0));
    await tab.screenshot('forms-join-terms');
    await show.click();
    const dialog = page.getByRole('dialog', { name: '이용약관' });
    await dialog.waitFor();
    await expect(dialog.textContent()).resolves.toContain('제1조');
    await dialog.getByRole('button', { name: '확인' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect(terms.isChecked()).resolves.toBe(true);
    // Unticking it brings the rule back only at the next submit.
    await terms.uncheck();
    await expect(fieldError(tab, M.termsViewed).count()).resolves.toBe(0);
    await page.getByRole('button', { name: '가입하기' }).click();
    await fieldError(tab, M.termsViewed).waitFor();

    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expect(tab.accessibilityViolations()).resolves.toEqual([]);
    tab.expectNoErrors();
  });
});

test('saving a word already in the wordbook is told as information, not success', async () => {
  const { email } = await verifiedMember(e2e().baseUrl, 'forms', { name: '폼회원', password: PASSWORD });

  const tab = await e2e().open('mobile', '/login');
  await tab.page.getByLabel('이메일', { exact: true }).fill(email);
  await tab.page.getByLabel('비밀번호', { exact: true }).fill(PASSWORD);
  await tab.page.locator('main form').getByRole('button', { name: '로그인' }).click();
  await tab.page.waitForURL((url) => url.pathname !== '/login');

  const found = await api('/api/dic/search/pyojaeItems', { searchWord: '바다', pageSize: 10, pageNum: 0 });
  const items = (found.body.results as { wordInfoItems: Array<{ ID: number; WORD: string }> }).wordInfoItems;
  const id = items.find((item) => item.WORD === '바다')?.ID;
  expect(id).toBeDefined();
  await tab.goto(`/dictionary/Search/${id}`);
  await tab.page.locator('main .accordion-item').first().waitFor();
  const save = tab.page.getByRole('button', { name: '단어장에 담기' });

  await save.click();
  const saved = tab.page.locator('.Toastify__toast', { hasText: '단어장에 저장하였습니다.' });
  await saved.waitFor();
  await expect(saved.getAttribute('class')).resolves.toContain('Toastify__toast--success');

  await save.click();
  const again = tab.page.locator('.Toastify__toast', { hasText: '이미 단어장에 저장된 단어입니다.' });
  await again.waitFor();
  const kind = (await again.getAttribute('class')) ?? '';
  expect(kind).toContain('Toastify__toast--info');
  expect(kind).not.toContain('Toastify__toast--success');
  // Once it has finished bouncing in, so the screenshot shows it where it stays.
  await again.evaluate((element) => Promise.all(element.getAnimations().map((animation) => animation.finished)));
  await tab.screenshot('forms-wordbook-already-saved', { fullPage: false });
  tab.expectNoErrors();
});

/** The offsets (in the email string) where the rendered text starts a new line. */
async function lineBreaksOf(tab: Tab, scope: string): Promise<{ text: string; breaks: number[] }> {
  return tab.page.locator(`${scope} .menu-email`).evaluate((element) => {
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    const chars: Array<{ node: Text; offset: number }> = [];
    let text = '';
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const value = node.textContent ?? '';
      for (let offset = 0; offset < value.length; offset += 1) chars.push({ node: node as Text, offset });
      text += value;
    }
    const breaks: number[] = [];
    let lastTop: number | null = null;
    chars.forEach(({ node, offset }, index) => {
      const range = document.createRange();
      range.setStart(node, offset);
      range.setEnd(node, offset + 1);
      const top = Math.round(range.getBoundingClientRect().top);
      if (lastTop !== null && Math.abs(top - lastTop) > 4) breaks.push(index);
      lastTop = top;
    });
    return { text, breaks };
  });
}

const member = (email: string) =>
  JSON.stringify({ id: 42, userEmail: email, grade: 1, status: 'valid', item: 6, curKey: 'device-key' });

describe.each<ViewportName>(['desktop', 'mobile'])('a long email in the side menu at %s width', (viewport) => {
  const width = VIEWPORTS[viewport].width;
  const emails = [
    // Fits once split at the @.
    'haneul.kim.reader@university-mail.example.kr',
    // Wider than the menu even on its own: the parts end in an ellipsis.
    'hyeonjeong.kim.dictionary.reader.since2007@mail.department-of-korean.example-university.ac.kr',
  ];

  test.each(emails)(`%s breaks only at its @ and stays inside the menu (${width} px)`, async (email) => {
    const tab = await e2e().open(viewport, '/company', { localStorage: { user: member(email) } });
    let scope = '.sidebar';
    if (viewport === 'mobile') {
      await tab.page.getByRole('button', { name: '메뉴 열기' }).click();
      await tab.page.getByRole('dialog', { name: '메뉴' }).waitFor();
      scope = '.drawer';
    }
    const line = tab.page.locator(`${scope} .menu-email`);
    await expect(line.textContent()).resolves.toBe(email);
    await expect(line.getAttribute('title')).resolves.toBe(email);
    const { text, breaks } = await lineBreaksOf(tab, scope);
    expect(text).toBe(email);
    // At most one break, and only right before the @.
    expect(breaks.length).toBeLessThanOrEqual(1);
    for (const at of breaks) expect(text[at]).toBe('@');
    // Nothing runs past the menu's edge (the drawer's close button keeps its corner free).
    const fits = await tab.page.locator(`${scope} .menu-account`).evaluate((account) => {
      const box = account.getBoundingClientRect();
      const inside = (rect: DOMRect) => rect.left >= box.left - 0.5 && rect.right <= box.right + 0.5;
      const line = account.querySelector('.menu-email');
      const parts = Array.from(account.querySelectorAll('.menu-email-part')).map((part) =>
        part.getBoundingClientRect(),
      );
      return (
        line !== null &&
        inside(line.getBoundingClientRect()) &&
        line.scrollWidth <= line.clientWidth + 1 &&
        parts.every(inside)
      );
    });
    expect(fits).toBe(true);
    const short = email.length < 60 ? 'short' : 'long';
    await tab.screenshot(`forms-menu-email-${short}`, { fullPage: false });
    await expect(tab.accessibilityViolations()).resolves.toEqual([]);
    tab.expectNoErrors();
  });
});
