/**
 * The account screens in Chromium against the real stack: a member's whole life
 * (join → mailed link → login → side menu → profile → password change → login →
 * withdrawal), the duplicate-login modal across two browsers, the shared
 * validation messages, the mail-link guard and /recommend needing signup.
 */
import { createHash, randomBytes } from 'node:crypto';
import { ACCOUNT_MESSAGES as M } from '@syn/kit/rules';
import { Client } from 'pg';
import { useE2E, type Tab } from './support/browser';
import { mailedLink, newEmail, postJson, verifiedMember as verifiedMemberOf } from './support/members';

const e2e = useE2E();

/** Responses the tests provoke on purpose (wrong password, a replaced device) show as console errors. */
const EXPECTED_HTTP_ERRORS = [/Failed to load resource: the server responded with a status of 40[01]/];

const api = (path: string, body: unknown) => postJson(e2e().baseUrl, path, body);
const verifiedMember = (tag: string) => verifiedMemberOf(e2e().baseUrl, tag);

async function toast(tab: Tab, text: string): Promise<void> {
  await tab.page.locator('.Toastify').getByText(text, { exact: true }).first().waitFor();
}

async function fillLogin(tab: Tab, email: string, password: string): Promise<void> {
  await tab.page.getByLabel('이메일', { exact: true }).fill(email);
  await tab.page.getByLabel('비밀번호', { exact: true }).fill(password);
  await tab.page.locator('main form').getByRole('button', { name: '로그인' }).click();
}

async function storedUser(tab: Tab): Promise<{ id: number; userEmail: string; curKey: string } | null> {
  const raw = await tab.page.evaluate(() => localStorage.getItem('user'));
  return raw ? (JSON.parse(raw) as { id: number; userEmail: string; curKey: string }) : null;
}

async function waitForPath(tab: Tab, path: string): Promise<void> {
  await tab.page.waitForURL((url) => url.pathname === path, { timeout: 15_000 });
}

describe('a member from joining to withdrawal', () => {
  test('when someone joins, verifies by the mailed link, logs in, changes the password and withdraws, then every screen leads on', async () => {
    const email = newEmail('e2e-life');
    const first = 'first pass 1';
    const second = 'second pass 2';
    const tab = await e2e().open('desktop', '/join');
    await tab.waitForHeading('회원 가입');
    await expect(tab.accessibilityViolations()).resolves.toEqual([]);

    const page = tab.page;
    await page.getByLabel('이름', { exact: true }).fill('김하늘');
    await page.getByLabel('이메일', { exact: true }).fill(email);
    await page.getByLabel('연락처', { exact: true }).fill('01012345678');
    await page.getByLabel('비밀번호', { exact: true }).fill(first);
    await page.getByLabel('비밀번호 확인', { exact: true }).fill(first);
    await page.getByLabel(/개인정보 이용에 동의합니다/).check();
    // The button beside the terms box shows them; the box itself only ticks (spec §5: terms viewed).
    await page.getByRole('button', { name: '이용약관 보기' }).click();
    const terms = page.getByRole('dialog', { name: '이용약관' });
    await terms.waitFor();
    await expect(terms.textContent()).resolves.toContain('제1조');
    await terms.getByRole('button', { name: '확인' }).click();
    await page.getByLabel(/이용약관을 확인하였으며/).check();
    await expect(page.getByLabel(/이용약관을 확인하였으며/).isChecked()).resolves.toBe(true);
    await tab.screenshot('account-join-filled');
    await page.getByRole('button', { name: '가입하기' }).click();

    // Registered → /login, and /join now redirects there too.
    await waitForPath(tab, '/login');
    await tab.waitForHeading('로그인');
    await toast(tab, '가입이 완료되었습니다. 인증 메일을 발송하였으니 메일함을 확인해 주세요.');
    await page.getByRole('link', { name: '회원 가입' }).first().click();
    await waitForPath(tab, '/login');

    // The mailed link confirms on arrival, then → /login.
    await tab.goto(await mailedLink(email, 'confirmEmail'));
    await waitForPath(tab, '/login');
    await toast(tab, '이메일 인증이 완료되었습니다. 로그인해 주세요.');

    await fillLogin(tab, email, first);
    await waitForPath(tab, '/');
    await expect(page.locator('.sidebar .menu-email').textContent()).resolves.toBe(email);
    const stored = await storedUser(tab);
    expect(stored?.userEmail).toBe(email);
    const localKey = await page.evaluate(() => localStorage.getItem('authKey'));
    expect(localKey).toMatch(/^[0-9a-f-]{32,36}$/);
    // First login on any device: curKey was empty, so this browser's key became the account's.
    expect(stored?.curKey).toBe(localKey);

    // /userInfo: read-only email, editable name and phone, the no-pass warning, the legacy panel.
    await page.getByRole('link', { name: '내 정보' }).click();
    await tab.waitForHeading('내 정보');
    // The email is text under its name (dt/dd), not a field.
    const shownEmail = page
      .locator('main dl.field-static')
      .filter({ has: page.locator('dt', { hasText: /^이메일$/ }) });
    await expect(shownEmail.locator('dd').textContent()).resolves.toBe(email);
    await expect(page.locator('main input[name="userEmail"]').count()).resolves.toBe(0);
    await expect(page.locator('main').textContent()).resolves.toContain('현재 이용 중인 이용권이 없습니다.');
    await page.getByLabel('이름', { exact: true }).fill('김하늘빛');
    await page.getByLabel('연락처', { exact: true }).fill('0101234');
    await page.getByRole('button', { name: '정보 수정' }).click();
    await page.getByText(M.phoneTooShort).waitFor();
    await page.getByLabel('연락처', { exact: true }).fill('01055556666');
    await page.getByRole('button', { name: '정보 수정' }).click();
    await page.getByText('회원 정보가 변경되었습니다.').waitFor();
    await page.getByRole('button', { name: '이용 기간 조회' }).click();
    await page.getByText(M.legacyIdRequired).waitFor();
    await expect(tab.accessibilityViolations()).resolves.toEqual([]);
    await tab.screenshot('account-userInfo');
    await page.reload();
    await expect(page.getByLabel('이름', { exact: true }).inputValue()).resolves.toBe('김하늘빛');

    // Change the password: success logs out and goes to /login.
    await page.getByRole('link', { name: '비밀번호 변경' }).click();
    await tab.waitForHeading('비밀번호 변경');
    await page.getByLabel('기존 비밀번호', { exact: true }).fill(first);
    await page.getByLabel('새 비밀번호', { exact: true }).fill(second);
    await page.getByRole('button', { name: '변경', exact: true }).click();
    await page.getByText(M.passwordRequired).waitFor();
    await page.getByLabel('새 비밀번호 확인', { exact: true }).fill(second);
    await page.getByRole('button', { name: '변경', exact: true }).click();
    await waitForPath(tab, '/login');
    await toast(tab, '비밀번호가 변경되었습니다. 다시 로그인해 주세요.');
    await expect(storedUser(tab)).resolves.toBeNull();
    await expect(page.locator('.sidebar').getByRole('link', { name: '로그인' }).isVisible()).resolves.toBe(true);

    // Log in again with the new password: the key matches, no modal.
    await fillLogin(tab, email, second);
    await waitForPath(tab, '/');
    await expect(page.locator('.sidebar .menu-email').textContent()).resolves.toBe(email);

    // Withdraw: password, reason, agreement; success logs out and goes to /.
    await page.getByRole('link', { name: '회원 탈퇴' }).click();
    await tab.waitForHeading('회원 탈퇴');
    await page.getByRole('button', { name: '탈퇴하기' }).click();
    await page.getByText(M.passwordRequired).waitFor();
    await page.getByLabel('비밀번호', { exact: true }).fill(second);
    await page.getByRole('button', { name: '탈퇴하기' }).click();
    await page.getByText(M.withdrawReason).waitFor();
    await page.getByLabel('탈퇴 사유', { exact: true }).selectOption({ index: 4 });
    await page.getByLabel('남기실 말씀 (선택)').fill('잘 썼습니다.');
    await page.getByRole('button', { name: '탈퇴하기' }).click();
    await page.getByText(M.withdrawAgreement).waitFor();
    await page.getByLabel(/회원 탈퇴에 동의합니다/).check();
    await expect(tab.accessibilityViolations()).resolves.toEqual([]);
    await page.getByRole('button', { name: '탈퇴하기' }).click();
    // A last question before anything is deleted; a member without a pass is told what goes.
    const last = page.getByRole('alertdialog', { name: '정말 탈퇴하시겠습니까?' });
    await last.getByText('단어장과 쿠폰, 이용 기록이 모두 사라지며 되돌릴 수 없습니다.').waitFor();
    await last.getByRole('button', { name: '탈퇴하기' }).click();
    await waitForPath(tab, '/');
    await toast(tab, '회원 탈퇴가 처리되었습니다.');
    await expect(storedUser(tab)).resolves.toBeNull();
    await expect(page.locator('.sidebar').getByRole('link', { name: '로그인' }).isVisible()).resolves.toBe(true);

    // The withdrawn account cannot log in any more.
    const again = await api('/api/user/login', { email, password: second });
    expect(again.status).toBe(401);
    tab.expectNoErrors();
  });
});

describe('the duplicate-login modal (spec §4)', () => {
  test('when a second browser logs in and changes user, then the first browser is logged out on its next validation; cancel leaves the holder alone', async () => {
    const { email, password } = await verifiedMember('e2e-dup');

    const first = await e2e().open('desktop', '/login', { allowConsole: EXPECTED_HTTP_ERRORS });
    await fillLogin(first, email, password);
    await waitForPath(first, '/');
    const firstKey = await first.page.evaluate(() => localStorage.getItem('authKey'));

    // A second browser (its own local storage, so its own key): curKey differs → the modal.
    const second = await e2e().open('mobile', '/login');
    await fillLogin(second, email, password);
    const modal = second.page.getByRole('dialog', { name: '중복 로그인' });
    await modal.waitFor();
    await expect(second.accessibilityViolations()).resolves.toEqual([]);
    await second.screenshot('account-duplicate-login', { fullPage: false });
    await modal.getByRole('button', { name: '이 기기에서 계속' }).click();
    await waitForPath(second, '/');
    const secondKey = await second.page.evaluate(() => localStorage.getItem('authKey'));
    expect(secondKey).not.toBe(firstKey);
    await expect(storedUser(second)).resolves.toMatchObject({ userEmail: email, curKey: secondKey });

    // The first browser's next validation (any dictionary page) logs it out.
    await first.goto('/');
    await toast(first, '다른 기기에서 로그인하여 로그아웃되었습니다. 다시 로그인해 주세요.');
    await expect(storedUser(first)).resolves.toBeNull();
    await first.page.locator('.sidebar').getByRole('link', { name: '로그인' }).waitFor();

    // A third browser answers the modal with cancel: it is logged out, the second keeps the account.
    const third = await e2e().open('desktop', '/login');
    await fillLogin(third, email, password);
    const thirdModal = third.page.getByRole('dialog', { name: '중복 로그인' });
    await thirdModal.waitFor();
    const sid = (await third.context.cookies()).find((cookie) => cookie.name === 'sid')?.value;
    expect(sid).toBeTruthy();
    await thirdModal.getByRole('button', { name: '로그인 취소' }).click();
    await thirdModal.waitFor({ state: 'hidden' });
    expect(third.location()).toBe('/login');
    await expect(storedUser(third)).resolves.toBeNull();
    // The cancelled login's session was ended on the server too, not only forgotten by the browser.
    const validateWith = async (cookie: string) =>
      (
        await fetch(`${e2e().baseUrl}/api/user/validate`, {
          method: 'POST',
          headers: { cookie, 'content-type': 'application/json' },
          body: '{}',
        })
      ).status;
    let status = await validateWith(`sid=${sid}`);
    for (let tries = 0; status !== 401 && tries < 20; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      status = await validateWith(`sid=${sid}`);
    }
    expect(status).toBe(401);

    await second.goto('/');
    await expect(second.page.evaluate(() => localStorage.getItem('user'))).resolves.not.toBeNull();
    second.expectNoErrors();
    first.expectNoErrors();
  });
});

describe('validation and guards', () => {
  test('when the join form is sent with bad inputs, then each field shows the shared rule message', async () => {
    const tab = await e2e().open('mobile', '/join');
    const page = tab.page;
    await page.getByRole('button', { name: '가입하기' }).click();
    await page.getByText(M.nameRequired).waitFor();
    // Focus goes to the first field that breaks a rule.
    await expect(page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).resolves.toBe('name');

    await page.getByLabel('이름', { exact: true }).fill('박');
    await page.getByLabel('이메일', { exact: true }).fill('a@b');
    await page.getByLabel('연락처', { exact: true }).fill('010-1234-5678');
    await page.getByLabel('비밀번호', { exact: true }).fill('short');
    await page.getByLabel('비밀번호 확인', { exact: true }).fill('shorter');
    await page.getByLabel('추천인 (선택)').fill('friend@example.com');
    await page.getByRole('button', { name: '가입하기' }).click();
    for (const message of [
      M.emailInvalid,
      M.phoneDigits,
      M.passwordTooShort,
      M.passwordMismatch,
      M.privacyConsent,
      M.termsViewed,
      M.recommenderUnchecked,
    ]) {
      await page.getByText(message, { exact: true }).waitFor();
    }
    await expect(page.getByText(M.nameRequired).count()).resolves.toBe(0);

    await page.getByLabel('연락처', { exact: true }).fill('0101');
    await page.getByRole('button', { name: '가입하기' }).click();
    await page.getByText(M.phoneTooShort, { exact: true }).waitFor();

    // The recommender check with an empty field hints that it may stay blank.
    await page.getByLabel('추천인 (선택)').fill('');
    await page.getByRole('button', { name: '추천인 확인' }).click();
    await page.getByText(M.recommenderBlank, { exact: true }).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expect(tab.accessibilityViolations()).resolves.toEqual([]);
    await tab.screenshot('account-join-errors');
    tab.expectNoErrors();
  });

  test('when the login fails, then the server message shows; an unverified member is offered the resend page', async () => {
    const email = newEmail('e2e-unverified');
    const password = 'unverified 1';
    const joined = await api('/api/user/join', {
      name: '최솔',
      email,
      phone: '01011112222',
      password,
      passwordConfirm: password,
      agreePrivacy: 'T',
      agreeTerms: 'T',
    });
    expect(joined.status).toBe(200);

    const tab = await e2e().open('mobile', '/login', {
      allowConsole: [/Failed to load resource: the server responded with a status of 40[13]/],
    });
    const page = tab.page;
    await page.locator('main form').getByRole('button', { name: '로그인' }).click();
    await page.getByText(M.emailInvalid).waitFor();
    await expect(page.getByText(M.passwordRequired).count()).resolves.toBe(1);

    await fillLogin(tab, email, 'wrong password');
    await page.getByText('이메일 또는 비밀번호가 올바르지 않습니다.').waitFor();

    await fillLogin(tab, email, password);
    await page.getByText(/이메일 인증이 완료되지 않았습니다/).waitFor();
    await page.locator('main [role="alert"]').getByRole('link', { name: '인증 메일 다시 받기' }).click();
    await tab.waitForHeading('인증 메일 다시 받기');
    await page.getByLabel('이메일', { exact: true }).fill(email);
    await page.getByRole('button', { name: '인증 메일 받기' }).click();
    await page.getByText('인증 메일을 발송하였습니다. 메일함을 확인해 주세요.').waitFor();
    await expect(tab.accessibilityViolations()).resolves.toEqual([]);
    tab.expectNoErrors();
  });

  test('when a mail link lacks its key, then the unauthorised-path message shows and the page goes to /login', async () => {
    const tab = await e2e().open('mobile');
    await tab.page.goto(tab.url('/changePwByMail?id=12'));
    await waitForPath(tab, '/login');
    await toast(tab, M.badLink);
    await tab.page.goto(tab.url('/confirmEmail?key=abc'));
    await waitForPath(tab, '/login');
    tab.expectNoErrors();
  });

  test('when a password reset is requested and the mailed link followed, then the new password works', async () => {
    const { email } = await verifiedMember('e2e-reset');
    const tab = await e2e().open('mobile', '/find');
    await tab.page.getByLabel('이메일', { exact: true }).fill(email);
    await tab.page.getByRole('button', { name: '재설정 메일 받기' }).click();
    await tab.page.getByText('비밀번호 변경 메일을 발송하였습니다. 메일함을 확인해 주세요.').waitFor();

    await tab.goto(await mailedLink(email, 'changePwByMail'));
    await tab.waitForHeading('새 비밀번호 설정');
    await tab.page.getByLabel('새 비밀번호', { exact: true }).fill('reset pass 3');
    await tab.page.getByLabel('새 비밀번호 확인', { exact: true }).fill('reset pass 4');
    await tab.page.getByRole('button', { name: '비밀번호 변경' }).click();
    await tab.page.getByText(M.passwordMismatch).waitFor();
    await tab.page.getByLabel('새 비밀번호 확인', { exact: true }).fill('reset pass 3');
    await tab.page.getByRole('button', { name: '비밀번호 변경' }).click();
    await waitForPath(tab, '/login');
    await toast(tab, '비밀번호가 변경되었습니다. 다시 로그인해 주세요.');
    await expect(api('/api/user/login', { email, password: 'reset pass 3' })).resolves.toMatchObject({ status: 200 });
    tab.expectNoErrors();
  });
});

/** Builder: a member of the predecessor service in the test stack's legacy store (read-only to the app). */
async function legacyMember(periods: Array<[number, number, 'Y' | 'N', 'Y' | null]>, password: string) {
  const id = `old${randomBytes(4).toString('hex')}`;
  const salt = randomBytes(4).toString('hex');
  const sha = createHash('sha256')
    .update(salt + password)
    .digest('hex');
  const db = new Client({
    connectionString: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/syndict_test',
  });
  await db.connect();
  try {
    await db.query('INSERT INTO legacy.members (legacy_id, password_salt, password_sha256) VALUES ($1, $2, $3)', [
      id,
      salt,
      sha,
    ]);
    for (const [start, end, curstat, transfer] of periods) {
      await db.query(
        `INSERT INTO legacy.pay_history (legacy_id, sdate, edate, curstat, transfer)
         VALUES ($1, current_date + $2::int, current_date + $3::int, $4, $5)`,
        [id, start, end, curstat, transfer],
      );
    }
  } finally {
    await db.end();
  }
  return id;
}

describe('the legacy-merge panel of /userInfo', () => {
  test('when the legacy id and password are right, then the periods show and merging needs the agreement, once', async () => {
    const { email, password } = await verifiedMember('e2e-legacy');
    const legacyId = await legacyMember(
      [
        [-400, -35, 'N', null],
        [-200, 90, 'Y', null],
      ],
      'legacy pw 1',
    );
    const tab = await e2e().open('mobile', '/login', { allowConsole: [/status of 400/] });
    await fillLogin(tab, email, password);
    await waitForPath(tab, '/');
    await tab.goto('/userInfo');
    const page = tab.page;
    await page.getByLabel('이전 서비스 아이디').fill(legacyId);
    await page.getByRole('button', { name: '이용 기간 조회' }).click();
    await page.getByText(M.legacyPasswordRequired).waitFor();
    await page.getByLabel('이전 서비스 비밀번호').fill('wrong one');
    await page.getByRole('button', { name: '이용 기간 조회' }).click();
    await toast(tab, '조회된 데이터가 없습니다.');

    await page.getByLabel('이전 서비스 비밀번호').fill('legacy pw 1');
    await page.getByRole('button', { name: '이용 기간 조회' }).click();
    const rows = page.locator('main table tbody tr');
    await rows.first().waitFor();
    await expect(rows.count()).resolves.toBe(2);
    await expect(rows.nth(0).textContent()).resolves.toContain('기간 만료');
    await expect(rows.nth(1).textContent()).resolves.toMatch(/남은 기간 (89|90|91)일/);
    await expect(page.getByRole('status').filter({ hasText: '옮길 수 있는 기간' }).textContent()).resolves.toMatch(
      /(89|90|91)일/,
    );

    await page.getByRole('button', { name: '기간 통합' }).click();
    await page.getByText(M.legacyAgreement).waitFor();
    await page.getByLabel(/남은 기간을 이 계정으로 통합하는 데 동의합니다/).check();
    await expect(tab.accessibilityViolations()).resolves.toEqual([]);
    await page.getByRole('button', { name: '기간 통합' }).click();
    await toast(tab, '기간 통합이 완료되었습니다. 이용 내역에서 결과를 확인해 주세요.');
    await tab.screenshot('account-legacy-merged', { fullPage: false });

    // Looked up again: the period is marked merged and nothing is left to convert.
    await page.getByRole('button', { name: '이용 기간 조회' }).click();
    await page.locator('main table').getByText('통합 완료').waitFor();
    await page.getByLabel(/남은 기간을 이 계정으로 통합하는 데 동의합니다/).check();
    await page.getByRole('button', { name: '기간 통합' }).click();
    await toast(tab, '전환할 기간이 없거나 이미 전환되었습니다.');
    tab.expectNoErrors();
  });
});

describe('/recommend', () => {
  test('when a guest opens it, then it asks for signup; a member gets the share text with the default hashtags', async () => {
    const guest = await e2e().open('mobile', '/recommend');
    await guest.waitForHeading('친구 추천');
    await expect(guest.page.locator('main').textContent()).resolves.toContain('회원 가입 후 이용해 주세요.');
    await expect(guest.page.locator('main').getByRole('link', { name: '회원 가입' }).isVisible()).resolves.toBe(true);
    await expect(guest.page.locator('main textarea').count()).resolves.toBe(0);
    guest.expectNoErrors();

    const { email, password } = await verifiedMember('e2e-recommend');
    const tab = await e2e().open('mobile', '/recommend');
    await tab.page.locator('main').getByRole('link', { name: '로그인' }).click();
    await tab.waitForHeading('로그인');
    await fillLogin(tab, email, password);
    // Back to the page the member came from.
    await waitForPath(tab, '/recommend');
    await tab.waitForHeading('친구 추천');
    const user = await storedUser(tab);
    const text = tab.page.getByLabel(/함께 보낼 말/);
    await text.fill('가'.repeat(45));
    await expect(text.inputValue()).resolves.toBe('가'.repeat(40));
    const preview = (await tab.page.getByTestId('share-preview').textContent()) ?? '';
    expect(preview).toContain('#한국어유의어사전');
    expect(preview).toContain(`/company?recId=${user?.id}`);
    await expect(tab.accessibilityViolations()).resolves.toEqual([]);
    await tab.screenshot('account-recommend');

    // Signed in means verified: the verification-request page sends the member back (here, opened directly: to /).
    await tab.page.goto(tab.url('/certify'));
    await waitForPath(tab, '/');
    tab.expectNoErrors();
  });
});
