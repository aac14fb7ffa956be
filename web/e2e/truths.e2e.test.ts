/**
 * Small untruths: the footer's last year comes from the clock; admin status labels are Korean
 * only; visible texts use typographic quote marks; every notice shows its own date, in order.
 *
 * Run: TEST_STACK_OFFSET=86 npx jest --selectProjects e2e --runTestsByPath web/e2e/truths.e2e.test.ts
 */
import { randomBytes } from 'node:crypto';
import { Pool } from 'pg';
import { seedAdmin } from '../../services/account/src/jobs/seed';
import { useE2E, VIEWPORTS, type Tab, type ViewportName } from './support/browser';

const e2e = useE2E();

const DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/syndict_test';
const ADMIN = { email: 'truths-e2e-admin@test.syndict.local', password: 'truths-e2e-admin-pass1' };
const run = randomBytes(4).toString('hex');

/** Straight quote marks in visible text (typographic ‘ ’ “ ” are the house style). */
const STRAIGHT_QUOTES = /['"]/;

describe.each<ViewportName>(['desktop', 'mobile'])('at %s width', (viewport) => {
  const width = VIEWPORTS[viewport].width;

  test(`the footer's last year is the clock's year (${width} px)`, async () => {
    const tab = await e2e().open(viewport);
    await tab.page.clock.setFixedTime(new Date('2031-03-02T10:00:00+09:00'));
    await tab.goto('/company');
    const copyright = tab.page.locator('footer .copyright');
    await expect(copyright.textContent()).resolves.toMatch(/^© 2007–2031 한국어 유의어 사전/);
    await copyright.scrollIntoViewIfNeeded();
    await tab.screenshot('truths-footer-year', { fullPage: false });

    const now = await e2e().open(viewport, '/company');
    await expect(now.page.locator('footer .copyright').textContent()).resolves.toContain(
      `2007–${new Date().getFullYear()}`,
    );
    tab.expectNoErrors();
    now.expectNoErrors();
  });

  test(`every notice has its own date, newest first, none after today (${width} px)`, async () => {
    const tab = await e2e().open(viewport, '/notice');
    const dates: string[] = [];
    const pager = tab.page.getByRole('navigation', { name: '공지사항 페이지' });
    dates.push(...(await tab.page.locator('main .notice-date').allTextContents()));
    await tab.screenshot('truths-notices');
    await pager.getByRole('button', { name: '2 페이지' }).click();
    await expect(pager.locator('[aria-current="page"]').textContent()).resolves.toBe('2 페이지');
    dates.push(...(await tab.page.locator('main .notice-date').allTextContents()));
    expect(dates).toHaveLength(7);
    for (const date of dates) expect(date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(new Set(dates).size).toBe(7);
    expect([...dates].sort().reverse()).toEqual(dates);
    const today = new Date(Date.now() + 9 * 3_600_000).toISOString().slice(0, 10);
    for (const date of dates) expect(date <= today).toBe(true);
    // The machine-readable date is the shown one.
    const datetimes = await tab.page
      .locator('main .notice-date')
      .evaluateAll((times) => times.map((time) => time.getAttribute('datetime')));
    expect(datetimes).toEqual(dates.slice(5));
    await expect(tab.accessibilityViolations()).resolves.toEqual([]);
    tab.expectNoErrors();
  });
});

/** The visible text of the page's main area and of an open dialog. */
async function visibleText(tab: Tab): Promise<string> {
  return tab.page.evaluate(() =>
    [document.querySelector('main'), ...Array.from(document.querySelectorAll('dialog[open]'))]
      .map((element) => (element as HTMLElement | null)?.innerText ?? '')
      .join('\n'),
  );
}

test('visible texts use typographic quote marks, never straight ones', async () => {
  const tab = await e2e().open('mobile', '/notice?no=6');
  const checked: Array<[string, string]> = [];
  const look = async (where: string) => {
    const text = await visibleText(tab);
    checked.push([where, text]);
    const straight = text.split('\n').filter((line) => STRAIGHT_QUOTES.test(line));
    expect({ where, straight }).toEqual({ where, straight: [] });
  };

  // Every notice body (open each one, so innerText sees it).
  for (const no of [6, 5, 4, 3, 2, 1, 0]) {
    await tab.goto(`/notice?no=${no}`);
    await look(`/notice?no=${no}`);
  }
  await expect(tab.heading().textContent()).resolves.toBe('공지사항');
  await tab.goto('/notice?no=6');
  await expect(tab.page.locator('main [aria-expanded="true"]').textContent()).resolves.toContain(
    '‘한국어 유의어 사전’으로 이름을 바꿨습니다',
  );

  await tab.goto('/notice/MakeIcon');
  await look('/notice/MakeIcon (iPhone)');
  await tab.page.getByRole('tab', { name: '안드로이드' }).click();
  await look('/notice/MakeIcon (Android)');
  expect(await visibleText(tab)).toContain('‘홈 화면에 추가’');

  await tab.goto('/company');
  await look('/company');
  await tab.page.locator('footer').getByRole('button', { name: '이용약관' }).click();
  await tab.page.getByRole('dialog', { name: '이용약관' }).waitFor();
  await look('terms dialog');
  expect(await visibleText(tab)).toContain('“이용자”란');
  await tab.page.keyboard.press('Escape');

  await tab.goto('/join');
  await look('/join');
  await expect(tab.page.locator('main').textContent()).resolves.toContain('‘-’ 없이 숫자만 입력해 주세요.');

  // Search hints quote the words they talk about.
  await tab.goto(`/dictionary?searchWord=${encodeURIComponent('학교에서')}`);
  const baseForm = tab.page.getByTestId('base-form');
  await baseForm.waitFor();
  await expect(baseForm.textContent()).resolves.toBe('‘학교에서’의 기본형 ‘학교’');
  await tab.screenshot('truths-quotes-base-form', { fullPage: false });

  expect(checked.length).toBe(12);
  tab.expectNoErrors();
});

let pool: Pool;
beforeAll(async () => {
  pool = new Pool({ connectionString: DATABASE_URL });
  await seedAdmin(pool, { NODE_ENV: 'test', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
});
afterAll(async () => {
  await pool?.end();
});

async function adminApi(
  path: string,
  body: unknown,
  cookie = '',
): Promise<{ body: Record<string, unknown>; cookie: string }> {
  const res = await fetch(`${e2e().baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(200);
  const set = res.headers.getSetCookie().map((c) => c.split(';')[0]);
  return { body: (await res.json()) as Record<string, unknown>, cookie: set.join('; ') };
}

async function loginAsAdmin(tab: Tab): Promise<void> {
  await tab.goto('/login');
  await tab.page.getByLabel('이메일', { exact: true }).fill(ADMIN.email);
  await tab.page.getByLabel('비밀번호', { exact: true }).fill(ADMIN.password);
  await tab.page.locator('main form').getByRole('button', { name: '로그인' }).click();
  // Signed in elsewhere before (another browser of this run): continue on this one.
  const takeOver = tab.page
    .getByRole('dialog', { name: '중복 로그인' })
    .getByRole('button', { name: /^(사용자 변경|이 기기에서 계속)$/ });
  await Promise.race([
    tab.page.waitForURL((url) => url.pathname !== '/login'),
    takeOver.waitFor().then(() => takeOver.click()),
  ]);
  await tab.page.waitForURL((url) => url.pathname !== '/login');
}

test('an administrator reads coupon statuses in Korean only (the code is only a tooltip)', async () => {
  const login = await adminApi('/api/user/login', { email: ADMIN.email, password: ADMIN.password });
  const groupName = `상태표시 ${run}`;
  const created = await adminApi(
    '/api/sys/insertCouponGroupItem',
    { couponType: 1, couponName: groupName, note: '', createCount: 1 },
    login.cookie,
  );
  const groupId = created.body.groupId as number;
  const list = await adminApi(
    '/api/sys/selectCouponItems',
    { couponGroupId: groupId, pageSize: 10, pageNum: 0 },
    login.cookie,
  );
  const couponId = (list.body.datas as Array<{ ID: number }>)[0]!.ID;

  const tab = await e2e().open('desktop');
  await loginAsAdmin(tab);
  await tab.goto(`/mgrCoupon/List/Detail?groupId=${groupId}&couponId=${couponId}`);
  await tab.waitForHeading('쿠폰 상세 정보');
  const status = tab.page.getByLabel('쿠폰 상태');
  await status.locator('option').first().waitFor({ state: 'attached' });
  const options = await status.locator('option').evaluateAll((items) =>
    items.map((item) => ({
      label: item.textContent,
      value: item.getAttribute('value'),
      title: item.getAttribute('title'),
    })),
  );
  expect(options).toEqual([
    // The empty choice lets the save's own status check speak (admin-coupon-detail.e2e.test.ts).
    { label: '상태 선택', value: '', title: null },
    { label: '미사용', value: 'STANDBY', title: 'STANDBY' },
    { label: '사용 가능', value: 'USING', title: 'USING' },
    { label: '사용 완료', value: 'COMPLETE', title: 'COMPLETE' },
  ]);
  // No Latin code anywhere in what the page shows about the status.
  const visible = await tab.page.locator('main').innerText();
  expect(visible).not.toMatch(/\b(STANDBY|USING|COMPLETE|PRESENT)\b/);
  await tab.screenshot('truths-admin-coupon-status');
  await expect(tab.accessibilityViolations()).resolves.toEqual([]);
  tab.expectNoErrors();
});
