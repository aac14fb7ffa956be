/**
 * The shared layout in use: side menu and drawer, footer tab bar, header
 * badge, search bar and its toast, pager, tabs, terms dialog, the
 * recommender link, and the menus of a member and an administrator.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { useE2E } from './support/browser';

const e2e = useE2E();

const member = (grade: number) =>
  JSON.stringify({ id: 42, userEmail: 'reader@example.com', grade, status: 'valid', item: 6, curKey: 'device-key' });

describe('the side menu', () => {
  test('on a phone it opens as a drawer, closes with Escape, and follows a link', async () => {
    const tab = await e2e().open('mobile', '/company');
    const menuButton = tab.page.getByRole('button', { name: '메뉴 열기' });
    await menuButton.click();
    const drawer = tab.page.getByRole('dialog', { name: '메뉴' });
    await drawer.waitFor();
    await expect(drawer.getByRole('link', { name: '로그인' }).isVisible()).resolves.toBe(true);
    await expect(drawer.getByRole('link', { name: '회원 가입' }).count()).resolves.toBe(1);
    await expect(drawer.getByRole('link', { name: '이용 내역' }).count()).resolves.toBe(0);
    await expect(drawer.getByRole('link', { name: '회원 관리' }).count()).resolves.toBe(0);
    await drawer.locator('.qr-block svg').waitFor();
    await tab.screenshot('layout-drawer-open', { fullPage: false });
    // Focus moved into the drawer; Escape closes it and gives focus back to the button.
    await expect(drawer.evaluate((element) => element.contains(document.activeElement))).resolves.toBe(true);
    await tab.page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    await expect(menuButton.evaluate((element) => element === document.activeElement)).resolves.toBe(true);

    await menuButton.click();
    await drawer.getByRole('link', { name: '공지사항' }).click();
    await tab.page.waitForURL('**/notice');
    await tab.waitForHeading('공지사항');
    await expect(drawer.count()).resolves.toBe(0);
    await tab.screenshot('layout-after-menu-navigation');
    tab.expectNoErrors();
  });

  test('on a desktop it stays open beside the page, without a menu button', async () => {
    const tab = await e2e().open('desktop', '/compare');
    await expect(tab.page.getByRole('button', { name: '메뉴 열기' }).count()).resolves.toBe(0);
    const menu = tab.page.getByRole('navigation', { name: '전체 메뉴' });
    await menu.getByRole('link', { name: '관련 사이트' }).click();
    await tab.page.waitForURL('**/qna');
    await tab.waitForHeading('관련 사이트');
    // Exactly the current page is marked, even for nested paths.
    await tab.goto('/notice/MakeIcon');
    await expect(menu.locator('[aria-current="page"]').allTextContents()).resolves.toEqual(['홈 화면 바로가기']);
    tab.expectNoErrors();
  });

  test('a signed-in member sees their email and the member-only items, and no join item', async () => {
    const tab = await e2e().open('desktop', '/company', { localStorage: { user: member(1) } });
    const menu = tab.page.getByRole('navigation', { name: '전체 메뉴' });
    await expect(menu.locator('.menu-email').textContent()).resolves.toBe('reader@example.com');
    for (const item of ['이용 내역', '결제 정보', '쿠폰 정보', '회원 탈퇴']) {
      await expect(menu.getByRole('link', { name: item }).count()).resolves.toBe(1);
    }
    await expect(menu.getByRole('link', { name: '회원 가입' }).count()).resolves.toBe(0);
    await expect(menu.getByRole('link', { name: '회원 관리' }).count()).resolves.toBe(0);
    await menu.locator('.qr-block svg').waitFor();
    // A member is not an administrator: the client check holds.
    await tab.goto('/mgrStatistic');
    // What the page shows after its data arrives: wait for it rather than read the first paint.
    await tab.page.locator('main').getByText('관리자 권한이 필요합니다.').first().waitFor();
    tab.expectNoErrors();
  });

  test('an administrator (grade 0) gets the admin items, no QR block, and the admin screens', async () => {
    const tab = await e2e().open('desktop', '/company', {
      localStorage: { user: member(0) },
      // The stored user has no server session: the admin screen's own calls are refused by the server (403).
      allowConsole: [/Failed to load resource/],
    });
    const menu = tab.page.getByRole('navigation', { name: '전체 메뉴' });
    for (const item of ['회원 관리', '결제 관리', '쿠폰 관리', '이용 통계']) {
      await expect(menu.getByRole('link', { name: item }).count()).resolves.toBe(1);
    }
    await expect(menu.locator('.qr-block').count()).resolves.toBe(0);
    await menu.getByRole('link', { name: '쿠폰 관리' }).click();
    await tab.page.waitForURL('**/mgrCoupon');
    await tab.waitForHeading('쿠폰 그룹 관리');
    const main = (await tab.page.locator('main').textContent()) ?? '';
    // The client-side check lets a grade-0 user in: the screen itself renders (its data needs a real session).
    expect(main).toContain('쿠폰 그룹 만들기');
    await tab.screenshot('layout-admin-menu');
    tab.expectNoErrors();
  });
});

describe('re-validation of the stored user', () => {
  test('a stored user the server does not confirm is a guest once a dictionary page opens', async () => {
    const tab = await e2e().open('desktop', undefined, {
      localStorage: { user: member(1) },
      // The server's refusal (or absence, before the account service exists) is the point of the test.
      allowConsole: [/Failed to load resource/],
    });
    const validation = tab.page.waitForRequest((request) => request.url().endsWith('/api/user/validate'));
    await tab.goto('/dictionary/History');
    const request = await validation;
    expect(request.method()).toBe('POST');
    expect(request.postDataJSON()).toMatchObject({ id: 42, userEmail: 'reader@example.com', curKey: 'device-key' });
    const menu = tab.page.getByRole('navigation', { name: '전체 메뉴' });
    await menu.getByRole('link', { name: '로그인' }).waitFor();
    await expect(menu.locator('.menu-email').count()).resolves.toBe(0);
    tab.expectNoErrors();
  });
});

describe('the footer tab bar and header', () => {
  test('each tab opens its page and is marked current', async () => {
    const tab = await e2e().open('mobile', '/');
    const tabBar = tab.page.getByRole('navigation', { name: '주요 메뉴' });
    const expected: Array<[string, string, string]> = [
      ['단어장', '/dictionary/Wordbook', '단어장'],
      ['검색 기록', '/dictionary/History', '검색 기록'],
      ['관련 사이트', '/qna', '관련 사이트'],
      ['친구 추천', '/recommend', '친구 추천'],
      ['사전 검색', '/', '한국어 유의어 사전'],
    ];
    for (const [label, path, heading] of expected) {
      const link = tabBar.getByRole('link', { name: label });
      await link.click();
      await tab.page.waitForURL((url) => url.pathname === path);
      await tab.waitForHeading(heading);
      await expect(link.getAttribute('aria-current')).resolves.toBe('page');
    }
    tab.expectNoErrors();
  });

  test('the notice badge shows 1 and opens the notices', async () => {
    const tab = await e2e().open('mobile', '/');
    const badgeLink = tab.page.getByRole('link', { name: /^공지사항, 새 소식 1\s?건$/ });
    await expect(badgeLink.locator('.notice-badge').textContent()).resolves.toBe('1');
    await badgeLink.click();
    await tab.page.waitForURL('**/notice');
    await tab.waitForHeading('공지사항');
    tab.expectNoErrors();
  });
});

describe('the search bar', () => {
  test('an empty keyword shows the spec message in a toast at the top centre', async () => {
    const tab = await e2e().open('mobile', '/');
    await tab.page.getByRole('button', { name: '검색', exact: true }).click();
    const toast = tab.page.getByRole('alert').filter({ hasText: '검색할 내용을 입력해 주세요.' });
    await toast.waitFor();
    const box = await toast.boundingBox();
    expect(box).not.toBeNull();
    if (box) {
      expect(Math.abs(box.x + box.width / 2 - 180)).toBeLessThanOrEqual(8);
      expect(box.y).toBeLessThan(120);
    }
    // The toast's text is set in the Korean web font, not a fallback without Hangul glyphs.
    await expect(toast.evaluate((element) => getComputedStyle(element).fontFamily)).resolves.toContain('Noto Sans KR');
    expect(tab.location()).toBe('/');
    await tab.screenshot('search-empty-toast', { fullPage: false });
    tab.expectNoErrors();
  });

  test('is reachable by keyboard and searching opens the results route with the keyword', async () => {
    const tab = await e2e().open('desktop', '/');
    // Tab from the top of the page until the keyword field has focus.
    let reached = false;
    for (let presses = 0; presses < 30 && !reached; presses += 1) {
      await tab.page.keyboard.press('Tab');
      reached = await tab.page.evaluate(() => document.activeElement?.getAttribute('name') === 'searchWord');
    }
    expect(reached).toBe(true);
    await tab.page.keyboard.type('사랑');
    await tab.page.keyboard.press('Enter');
    await tab.page.waitForURL('**/dictionary?**');
    expect(decodeURIComponent(tab.location())).toBe('/dictionary?searchWord=사랑');
    await tab.waitForHeading('검색 결과');
    tab.expectNoErrors();
  });

  test('the first Tab press reaches the skip link, which jumps to the main content', async () => {
    const tab = await e2e().open('mobile', '/compare');
    await tab.page.keyboard.press('Tab');
    await expect(tab.page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('본문 바로가기');
    await tab.page.keyboard.press('Enter');
    await expect(tab.page.evaluate(() => document.activeElement?.id)).resolves.toBe('main');
    tab.expectNoErrors();
  });
});

describe('notices, pager and the shortcut guide', () => {
  test('the pager moves between pages and disables what cannot be used', async () => {
    const tab = await e2e().open('mobile', '/notice');
    const pager = tab.page.getByRole('navigation', { name: '공지사항 페이지' });
    const current = () => pager.locator('[aria-current="page"]').textContent();
    const disabled = (name: string) => pager.getByRole('button', { name, exact: true }).isDisabled();
    await expect(current()).resolves.toBe('1 페이지');
    await expect(disabled('첫 페이지')).resolves.toBe(true);
    await expect(disabled('이전 페이지')).resolves.toBe(true);
    await expect(pager.locator('.pager-number').allTextContents()).resolves.toEqual(['1 페이지', '2 페이지']);

    await pager.getByRole('button', { name: '2 페이지' }).click();
    await expect(current()).resolves.toBe('2 페이지');
    await expect(disabled('다음 페이지')).resolves.toBe(true);
    await expect(disabled('마지막 페이지')).resolves.toBe(true);
    await expect(tab.page.locator('main .notice-title').allTextContents()).resolves.toEqual([
      '휴대폰 홈 화면에 사전 바로가기를 만들어 보세요',
      '이용약관 시행 안내',
    ]);

    await pager.getByRole('button', { name: '첫 페이지' }).click();
    await expect(current()).resolves.toBe('1 페이지');
    await pager.getByRole('button', { name: '마지막 페이지' }).click();
    await expect(current()).resolves.toBe('2 페이지');
    await pager.getByRole('button', { name: '이전 페이지' }).click();
    await expect(current()).resolves.toBe('1 페이지');
    tab.expectNoErrors();
  });

  test('?no= opens that notice on its page; one notice is open at a time', async () => {
    const tab = await e2e().open('mobile', '/notice?no=0');
    const open = tab.page.locator('main [aria-expanded="true"]');
    await expect(open.count()).resolves.toBe(1);
    await expect(open.textContent()).resolves.toContain('이용약관 시행 안내');
    await expect(tab.page.locator('main [aria-current="page"]').textContent()).resolves.toBe('2 페이지');

    await tab.goto('/notice?no=4');
    await tab.page.getByRole('button', { name: /친구 추천 혜택 안내/ }).click();
    await expect(open.count()).resolves.toBe(1);
    await expect(open.textContent()).resolves.toContain('친구 추천 혜택 안내');
    expect(tab.location()).toBe('/notice?no=5');
    tab.expectNoErrors();
  });

  test('the shortcut guide switches between iPhone and Android by click and arrow keys', async () => {
    const tab = await e2e().open('mobile', '/notice/MakeIcon');
    const visiblePanel = tab.page.locator('[role="tabpanel"]:not([hidden])');
    await expect(visiblePanel.textContent()).resolves.toContain('Safari');
    await tab.page.getByRole('tab', { name: '안드로이드' }).click();
    await expect(visiblePanel.textContent()).resolves.toContain('Chrome');
    await tab.page.keyboard.press('ArrowLeft');
    await expect(tab.page.getByRole('tab', { name: '아이폰' }).getAttribute('aria-selected')).resolves.toBe('true');
    await expect(visiblePanel.textContent()).resolves.toContain('Safari');
    await tab.screenshot('makeicon-iphone-tab');
    tab.expectNoErrors();
  });
});

describe('company page, terms and recommender link', () => {
  test('the footer opens the 15-article terms in a dialog that Escape closes', async () => {
    const tab = await e2e().open('mobile', '/qna');
    await tab.page.locator('footer').getByRole('button', { name: '이용약관' }).click();
    const dialog = tab.page.getByRole('dialog', { name: '이용약관' });
    await dialog.waitFor();
    await expect(dialog.locator('.terms-article h3').count()).resolves.toBe(16);
    const text = (await dialog.textContent()) ?? '';
    expect(text).toContain('제15조');
    expect(text).toContain('만 14세 미만');
    expect(text).toContain('법정대리인의 동의');
    expect(text).toContain('2007년 7월 1일부터 시행');
    await tab.screenshot('terms-dialog', { fullPage: false });
    await tab.page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    tab.expectNoErrors();
  });

  test('/company?recId= remembers the recommender for the join form as a messenger-link recommender', async () => {
    const tab = await e2e().open('mobile', '/company?recId=friend%40example.com');
    await expect(tab.page.locator('main .callout').textContent()).resolves.toContain('친구의 추천으로 오셨네요');
    const stored = await tab.page.evaluate(() => sessionStorage.getItem('recommender'));
    expect(JSON.parse(stored ?? 'null')).toEqual({ recommendUser: 'friend@example.com', recommendType: 'MESSENGER' });
    await tab.page.getByRole('link', { name: '회원 가입하기' }).click();
    await tab.page.waitForURL('**/join');
    tab.expectNoErrors();
  });
});

describe('embedded in a host page', () => {
  test('a production build with no allowed parent origin posts nothing to the parent (never to "*")', async () => {
    // The gateway may forbid framing by other origins altogether (CSP frame-ancestors): then the
    // browser refuses the frame, reports it as a console error, and the app never runs in it.
    const appUrl = `${e2e().baseUrl}/company`;
    const response = await fetch(appUrl, { headers: { accept: 'text/html' } });
    const framingAllowed =
      !/frame-ancestors\s+'(self|none)'\s*(;|$)/.test(response.headers.get('content-security-policy') ?? '') &&
      !/deny|sameorigin/i.test(response.headers.get('x-frame-options') ?? '');
    const tab = await e2e().open('mobile', undefined, {
      allowConsole: framingAllowed ? [] : [/frame-ancestors|Refused to (display|frame)/],
    });
    // A real host page on another origin (another loopback port), so Chromium's
    // local-network checks treat it like a page on the same machine.
    const host = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(`<!doctype html><html lang="ko"><head><title>host</title></head><body>
        <script>window.received = []; addEventListener('message', (event) => window.received.push(event.data));</script>
        <iframe title="사전" src="${appUrl}" width="360" height="600"></iframe></body></html>`);
    });
    await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = host.address() as AddressInfo;
      await tab.page.goto(`http://127.0.0.1:${port}/`);
      if (framingAllowed) await tab.page.frameLocator('iframe').locator('main h1').waitFor();
      await tab.page.waitForTimeout(framingAllowed ? 500 : 2_000);
      const received = await tab.page.evaluate(() => (window as unknown as { received: unknown[] }).received);
      expect(received).toEqual([]);
      tab.expectNoErrors();
    } finally {
      host.closeAllConnections();
      await new Promise((resolve) => host.close(resolve));
    }
  });
});

describe('content security policy', () => {
  test('the app needs no inline script or style: it runs cleanly under a strict CSP', async () => {
    const tab = await e2e().open('mobile');
    const policy =
      "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; " +
      "connect-src 'self'; object-src 'none'; base-uri 'self'; frame-ancestors 'self'";
    await tab.context.route(
      (url) => url.origin === new URL(tab.url('/')).origin && !url.pathname.includes('.'),
      async (route) => {
        const response = await route.fetch();
        await route.fulfill({ response, headers: { ...response.headers(), 'content-security-policy': policy } });
      },
    );
    const violations: string[] = [];
    tab.page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    await tab.goto('/notice');
    await tab.page.getByRole('button', { name: '메뉴 열기' }).click();
    await tab.page.locator('.qr-block svg').waitFor();
    await tab.page.keyboard.press('Escape');
    await tab.page.locator('footer').getByRole('button', { name: '이용약관' }).click();
    await tab.page.getByRole('dialog', { name: '이용약관' }).waitFor();
    await tab.page.keyboard.press('Escape');
    await tab.page.getByRole('link', { name: '사전 검색' }).first().click();
    await tab.page.getByRole('button', { name: '검색', exact: true }).click();
    await tab.page.getByRole('alert').filter({ hasText: '검색할 내용을 입력해 주세요.' }).waitFor();
    // Styles really applied (a blocked stylesheet would leave the toast unpositioned).
    await expect(
      tab.page.locator('.Toastify__toast-container').evaluate((element) => getComputedStyle(element).position),
    ).resolves.toBe('fixed');
    expect(violations).toEqual([]);
    tab.expectNoErrors();
  });
});
