/**
 * Payment screens against the whole stack and the PortOne sandbox checkout:
 * a free member subscribes monthly, sees it on /order and /usage and becomes a paid member; an
 * administrator refunds it and the member is free again. Also a declined card and the
 * ?status=fail message. The purchase page lists item 6 only (spec §9), says why the
 * card window shows 0원, and tells "user info absent" from "member authentication required".
 *
 * Run: TEST_STACK_OFFSET=20 npx jest web/e2e/payment.e2e.test.ts --selectProjects e2e
 */
import { randomBytes } from 'node:crypto';
import { BILLING_MESSAGES as M, SIGN_IN_MESSAGES } from '@syn/kit/rules';
import { detailValue, eventually, seedAdminAccount, toast } from './support/admin';
import { confirmMailed, joinMember } from './support/members';
import { useE2E, VIEWPORTS, type Tab, type ViewportName } from './support/browser';
import { signInInPage } from './support/signIn';

const e2e = useE2E();

const PASSWORD = 'payment-e2e-pass1';
const ADMIN = { email: 'payment-e2e-admin@test.syndict.local', password: 'payment-e2e-admin-pass1' };
const CARDS = { ok: '4242-4242-4242-4242', declined: '4000-0000-0000-0002' };
const CHECKOUT_FRAME = 'iframe[title="PortOne sandbox checkout"]';

interface Member {
  id: number;
  email: string;
  user: Record<string, unknown>;
}

const run = randomBytes(4).toString('hex');
let seq = 0;

/** join → mail → confirm, through the gateway (the account screens are another issue's). */
async function newMember(): Promise<string> {
  seq += 1;
  const email = `pay${run}${seq}@test.syndict.local`;
  expect((await joinMember(e2e().baseUrl, { name: `결제회원${seq}`, email, password: PASSWORD })).status).toBe(200);
  expect((await confirmMailed(e2e().baseUrl, email)).status).toBe(200);
  return email;
}

/** Logs in inside the tab, claims the device and stores the user as the app does. */
async function login(tab: Tab, email: string, password: string): Promise<Member> {
  await tab.goto('/company');
  const user = await signInInPage(tab, email, password);
  return { id: Number(user.id), email, user };
}

/** POST /api/user/validate from the member's tab: the account service's view of paid status. */
async function validatedStatus(tab: Tab, member: Member): Promise<string> {
  return tab.page.evaluate(async (user) => {
    const res = await fetch('/api/user/validate', {
      method: 'POST',
      credentials: 'include',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(user),
    });
    const body = (await res.json()) as { status?: string; user?: { status?: string } };
    return String(body.status ?? body.user?.status ?? 'none');
  }, member.user);
}

/** The one product the purchase page lists (spec §9: item 6, the monthly subscription). */
const SUBSCRIPTION = /^베이직 정기결제 \(월\) — 매월 3,000원$/;

/** The card-registration note of the order step, paragraph by paragraph. */
const CARD_NOTE = [
  '‘결제하기’를 누르면 열리는 창은 정기 결제에 쓸 카드를 등록(빌링키 발급)하는 절차여서 0원으로 표시되며, 이때는 돈이 나가지 않습니다. ' +
    '카드 등록이 끝나면 곧바로 첫 달 이용료 3,000원이 결제되고, 그 뒤로는 매월 같은 날 3,000원이 자동 결제됩니다.',
  '결제 내역에서 언제든 해지할 수 있으며, 해지해도 이용 기간이 끝날 때까지 이용하실 수 있습니다.',
];

/** Product + method, next, agree, pay: the two steps of /payment. */
async function choose(tab: Tab, product: RegExp, method: string): Promise<void> {
  await tab.waitForHeading('이용권 구매');
  await tab.page.getByRole('radio', { name: product }).check();
  await tab.page.getByRole('radio', { name: method, exact: true }).check();
  await tab.page.getByRole('button', { name: '다음' }).click();
  await tab.page.getByRole('heading', { name: '주문 확인 및 결제' }).waitFor();
  await tab.page.getByLabel('주문 내용을 확인하였으며, 결제 진행에 동의합니다.').check();
  await tab.page.getByRole('button', { name: '결제하기' }).click();
}

/** The sandbox checkout overlay, as PortOne's script shows it on a desktop browser. */
async function payInCheckout(tab: Tab, card: string): Promise<void> {
  const frame = tab.page.frameLocator(CHECKOUT_FRAME);
  await frame.locator('#card_number').fill(card, { timeout: 15_000 });
  await frame.locator('#submit').click();
}

async function expectAccessible(tab: Tab): Promise<void> {
  await expect(tab.accessibilityViolations()).resolves.toEqual([]);
  const overflow = await tab.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/**
 * The dictionary's answer for a headword with a category of three or more synonyms (spec §6:
 * free members see two): the ids of its first word and of its third (shown only to paid members).
 */
async function synonyms(
  tab: Tab,
  member: Member,
): Promise<{ id: number; first: number; extra: number; remaining: number }> {
  return tab.page.evaluate(async (userId) => {
    const post = async (url: string, body: unknown) => {
      const res = await fetch(url, {
        method: 'POST',
        credentials: 'include',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return res.json() as Promise<Record<string, unknown>>;
    };
    const found = (await post('/api/dic/search/pyojaeItems', { searchWord: '사랑', pageSize: 10, pageNum: 0 })) as {
      results: { wordInfoItems: Array<{ ID: number }> };
    };
    const id = found.results.wordInfoItems[0]!.ID;
    const detail = (await post('/api/dic/search/wordSynItems', {
      userId,
      pyojaeId: id,
      userAuthKey: localStorage.getItem('authKey') ?? '',
    })) as {
      wordSynItems: Array<{ GUBN: string; WORD_ID: number }>;
      gubnItems: Array<{ GUBN: string; TOTAL_CNT: number; REMAIN_CNT: number }>;
    };
    const category = detail.gubnItems.find((g) => g.TOTAL_CNT >= 3)!;
    const words = detail.wordSynItems.filter((w) => w.GUBN === category.GUBN).map((w) => w.WORD_ID);
    return { id, first: words[0]!, extra: words[2] ?? 0, remaining: category.REMAIN_CNT };
  }, member.id);
}

/** A synonym on the detail page is a link to its own headword. */
const wordLink = (tab: Tab, wordId: number) => tab.page.locator(`main a[href="/dictionary/Search/${wordId}"]`).first();

let adminSeeded = false;
async function ensureAdmin(): Promise<void> {
  if (adminSeeded) return;
  await seedAdminAccount(ADMIN);
  adminSeeded = true;
}

describe('payment screens', () => {
  test('a guest on /payment, /order and /usage is told there is no user info and to log in first (spec §8)', async () => {
    const tab = await e2e().open('mobile', '/payment');
    for (const [path, title] of [
      ['/payment', '이용권 구매'],
      ['/order', '결제 내역'],
      ['/usage', '이용 내역'],
    ] as const) {
      await tab.goto(path);
      await tab.waitForHeading(title);
      const alert = tab.page.locator('main').getByRole('alert');
      await expect(alert.textContent()).resolves.toBe(SIGN_IN_MESSAGES.userInfoAbsent);
      await expect(tab.page.locator('main').getByRole('link', { name: '로그인' }).isVisible()).resolves.toBe(true);
    }
    tab.expectNoErrors();
  });

  test('a saved user whose session has ended is told member authentication is required when paying (spec §8)', async () => {
    // The browser still holds a member (local storage) but the gateway has no session for it.
    const stale = { id: 424242, userEmail: 'stale@test.syndict.local', grade: 1, status: 'none', item: 0, curKey: 'k' };
    const tab = await e2e().open('mobile', '/payment', { localStorage: { user: JSON.stringify(stale) } });
    await tab.waitForHeading('이용권 구매');
    await choose(tab, SUBSCRIPTION, '신용카드');
    await toast(tab, SIGN_IN_MESSAGES.memberAuthRequired);
    expect(SIGN_IN_MESSAGES.memberAuthRequired).not.toBe(SIGN_IN_MESSAGES.userInfoAbsent);
    await expect(tab.page.locator(CHECKOUT_FRAME).count()).resolves.toBe(0);
    // The server's 401 is what the page showed: no order was made for anyone.
    const call = await fetch(`${e2e().baseUrl}/subscribe/generate-merchant-uid`);
    expect(call.status).toBe(401);
    await expect(call.json()).resolves.toEqual({ error: true, message: SIGN_IN_MESSAGES.memberAuthRequired });
    tab.errors.splice(0, tab.errors.length, ...tab.errors.filter((e) => !e.includes(' 401 ')));
    tab.expectNoErrors();
  });

  test('?status=fail shows that recurring payment cannot be used with that card', async () => {
    const tab = await e2e().open('mobile');
    await login(tab, await newMember(), PASSWORD);
    await tab.goto('/payment?status=fail');
    await toast(tab, M.recurringUnavailable);
    await expect(
      tab.page.locator('main').getByRole('alert').filter({ hasText: M.recurringUnavailable }).count(),
    ).resolves.toBe(1);
    await tab.screenshot('payment_status_fail');
    await expectAccessible(tab);
    tab.expectNoErrors();
  });

  test.each(Object.keys(VIEWPORTS) as ViewportName[])(
    'at the %s viewport the purchase page lists the monthly subscription only, asks for a method and the agreement, and says why the card window shows 0원',
    async (viewport) => {
      const tab = await e2e().open(viewport);
      await login(tab, await newMember(), PASSWORD);
      await tab.goto('/payment');
      await tab.waitForHeading('이용권 구매');
      // Spec §9: only item 6 is listed (item 3 hidden); the catalogue itself still holds the passes.
      const products = tab.page.getByRole('group', { name: '상품' }).getByRole('radio');
      await expect(products.count()).resolves.toBe(1);
      await expect(tab.page.getByRole('radio', { name: SUBSCRIPTION }).isChecked()).resolves.toBe(true);
      const main = (await tab.page.locator('main').textContent()) ?? '';
      for (const pass of ['1개월 이용권', '3개월 이용권', '12개월 이용권']) expect(main).not.toContain(pass);
      const catalogue = (await (await fetch(`${e2e().baseUrl}/api/pay/products`)).json()) as {
        orderItems: Array<{ ITEM_ID: number }>;
      };
      expect(catalogue.orderItems.map((p) => p.ITEM_ID)).toEqual(expect.arrayContaining([1, 2, 3, 6]));
      // A billing key is issued for cards only: the other methods cannot be chosen for it.
      await expect(tab.page.getByRole('radio', { name: '페이팔 (PayPal)' }).isDisabled()).resolves.toBe(true);
      await expect(tab.page.getByRole('radio', { name: '신용카드', exact: true }).isEnabled()).resolves.toBe(true);
      await tab.screenshot('payment_step1');
      await expectAccessible(tab);

      await tab.page.getByRole('button', { name: '다음' }).click();
      await toast(tab, M.payMethodRequired);
      await tab.page.getByRole('radio', { name: '신용카드', exact: true }).check();
      await tab.page.getByRole('button', { name: '다음' }).click();
      await tab.page.getByRole('heading', { name: '주문 확인 및 결제' }).waitFor();
      // Before the card window opens, the order step says the 0원 is card registration and what follows.
      const note = tab.page.getByRole('region', { name: '결제 창에 0원이 표시되는 이유' });
      await expect(note.locator('p').allTextContents()).resolves.toEqual(CARD_NOTE);
      await expect(tab.page.locator('.summary').textContent()).resolves.toContain('3,000원 / 매월 자동 결제');
      await tab.page.getByRole('button', { name: '결제하기' }).click();
      await toast(tab, M.agreementRequired);
      await expect(tab.page.locator(CHECKOUT_FRAME).count()).resolves.toBe(0);
      await tab.screenshot('payment_step2');
      await expectAccessible(tab);
      tab.expectNoErrors();
    },
  );

  test('a card the provider will not register: the 0원 window is refused, the page says to use another card, nothing is granted', async () => {
    const tab = await e2e().open('desktop');
    const member = await login(tab, await newMember(), PASSWORD);
    await tab.goto('/payment');
    await choose(tab, SUBSCRIPTION, '신용카드');
    // The window the note announced: card registration, 0원.
    await expect(
      tab.page.frameLocator(CHECKOUT_FRAME).locator('#amount').textContent({ timeout: 15_000 }),
    ).resolves.toBe('0원');
    await payInCheckout(tab, CARDS.declined);
    // Spec §2.1: a failed recurring-payment registration comes back as ?status=fail.
    await tab.page.waitForURL((url) => url.pathname === '/payment' && url.search === '?status=fail');
    await toast(tab, M.recurringUnavailable);
    await tab.screenshot('payment_declined', { fullPage: false });
    await expect(validatedStatus(tab, member)).resolves.toBe('none');
    tab.expectNoErrors();
  });

  test('a free member subscribes monthly, becomes paid, and is free again after an administrator refunds it', async () => {
    await ensureAdmin();
    const tab = await e2e().open('mobile');
    const member = await login(tab, await newMember(), PASSWORD);
    await expect(validatedStatus(tab, member)).resolves.toBe('none');

    await tab.goto('/payment');
    await choose(tab, SUBSCRIPTION, '신용카드');
    // What the order step said: the window registers the card for 0원, then 3,000원 is charged at once.
    await expect(
      tab.page.frameLocator(CHECKOUT_FRAME).locator('#amount').textContent({ timeout: 15_000 }),
    ).resolves.toBe('0원');
    await payInCheckout(tab, CARDS.ok);
    await tab.waitForHeading('결제 내역');
    await toast(tab, M.subscriptionStarted);
    const row = tab.page.getByRole('row').filter({ hasText: '베이직 정기결제 (월)' });
    await expect(row.textContent()).resolves.toContain('결제완료');
    await expect(row.textContent()).resolves.toContain('3,000원');
    await expect(tab.page.locator('.banner').textContent()).resolves.toContain('정기 결제 이용 중');
    await tab.screenshot('order_subscribed');
    await expectAccessible(tab);

    await tab.goto('/usage');
    await tab.page.getByRole('cell', { name: '사용중' }).waitFor();
    await expect(tab.page.locator('main').textContent()).resolves.toContain('베이직 정기결제 (월)');
    await tab.screenshot('usage_subscribed');
    await expectAccessible(tab);

    // Buying again while the pass is in use is refused (spec §4).
    await tab.goto('/payment');
    // The page asks billing for the pass after it is drawn: wait for that answer, don't read the first paint.
    await tab.page.locator('main').getByRole('status').filter({ hasText: M.passInUse }).waitFor();

    // The account service projects PassChanged: the member is now paid.
    await eventually(() => validatedStatus(tab, member), 'valid');
    // …and the dictionary shows a paid member every synonym of a category a free member sees two of.
    const paidView = await synonyms(tab, member);
    const hidden = paidView.extra;
    await tab.goto(`/dictionary/Search/${paidView.id}`);
    await wordLink(tab, hidden).waitFor({ state: 'attached' });
    await tab.screenshot('dictionary_detail_paid');
    tab.expectNoErrors();

    // The administrator finds the payment and refunds it.
    const admin = await e2e().open('desktop');
    await login(admin, ADMIN.email, ADMIN.password);
    await admin.goto(`/mgrUser/OrderDetail/${member.id}`);
    await admin.page.locator('.banner').getByText('베이직 정기결제 (월)').waitFor();
    await expect(admin.page.locator('.banner').textContent()).resolves.toMatch(/\d{4}-\d{2}-\d{2} ~ \d{4}-\d{2}-\d{2}/);
    await admin.page.getByRole('button', { name: '새 주문 등록' }).click();
    await toast(admin, M.newOrderTypeRequired);
    await admin.screenshot('mgrUser_OrderDetail');
    await expectAccessible(admin);

    await admin.goto('/mgrPayment');
    await admin.page.getByLabel('검색 항목').selectOption('USEREMAIL');
    await admin.page.getByLabel('검색어').fill(member.email);
    await admin.page.getByRole('button', { name: '검색', exact: true }).click();
    const paymentRow = admin.page.getByRole('row').filter({ hasText: member.email });
    await paymentRow.waitFor();
    await expect(paymentRow.textContent()).resolves.toContain('베이직 정기결제 (월)');
    await admin.screenshot('mgrPayment');
    await expectAccessible(admin);
    await paymentRow.getByRole('link', { name: /상세/ }).click();
    await admin.waitForHeading('결제 상세 정보');
    await expect(detailValue(admin, '이메일')).resolves.toBe(member.email);
    admin.page.once('dialog', (dialog) => void dialog.accept());
    await admin.page.getByRole('button', { name: '환불' }).click();
    await toast(admin, M.subscriptionRefunded);
    await eventually(() => detailValue(admin, '환불'), '환불완료');
    // A second refund is refused on the spot (spec §8).
    await admin.page.getByRole('button', { name: '환불' }).click();
    await toast(admin, M.alreadyRefunded);
    await admin.screenshot('mgrPayment_Detail');
    await expectAccessible(admin);
    admin.expectNoErrors();

    // The member is free again.
    await eventually(() => validatedStatus(tab, member), 'none');
    const freeView = await synonyms(tab, member);
    expect(freeView.remaining).toBeGreaterThan(0);
    await tab.goto(`/dictionary/Search/${paidView.id}`);
    await wordLink(tab, freeView.first).waitFor({ state: 'attached' });
    await expect(wordLink(tab, hidden).count()).resolves.toBe(0);
    await tab.goto('/order');
    await tab.page.getByRole('cell', { name: '환불완료' }).waitFor();
    await tab.goto('/usage');
    // What the page shows after its data arrives: wait for it rather than read the first paint.
    await tab.page.locator('main').getByText('이용 중인 이용권이 없습니다.').first().waitFor();
    tab.expectNoErrors();
  });

  test('a member stops the monthly subscription in the cancel modal (no reason) and keeps the pass to its end date', async () => {
    const tab = await e2e().open('mobile');
    await login(tab, await newMember(), PASSWORD);
    await tab.goto('/payment');
    await choose(tab, SUBSCRIPTION, '신용카드');
    await payInCheckout(tab, CARDS.ok);
    await tab.waitForHeading('결제 내역');
    await tab.page.getByRole('button', { name: '정기 결제 해지' }).click();
    const dialog = tab.page.getByRole('dialog', { name: '정기 결제 해지' });
    await dialog.waitFor();
    await expect(dialog.getByLabel('사유 (선택)').inputValue()).resolves.toBe('');
    await tab.screenshot('order_cancel_modal', { fullPage: false });
    await expectAccessible(tab);
    await dialog.getByRole('button', { name: '해지하기' }).click();
    await toast(tab, M.subscriptionCancelled);
    await tab.page.locator('.banner').getByText('정기 결제 해지됨').waitFor();
    await expect(tab.page.locator('.banner').textContent()).resolves.toMatch(/남은 기간 \d+일/);
    // Changed their mind while the month runs: the stored card renews it again, from the month's end.
    await tab.page.getByRole('button', { name: '자동 결제 다시 켜기' }).click();
    await toast(tab, /자동 결제가 다시 설정되었습니다\. 다음 정기 결제일은 \d{4}-\d{2}-\d{2}입니다\./);
    await tab.page.locator('.banner').getByText('정기 결제 이용 중').waitFor();
    await expect(tab.page.getByRole('button', { name: '자동 결제 다시 켜기' }).count()).resolves.toBe(0);
    await tab.screenshot('order_auto_renew_on', { fullPage: false });
    await tab.goto('/usage');
    await tab.page.getByRole('cell', { name: '사용중' }).waitFor();
    tab.expectNoErrors();
  });

  test('on a phone, the card registration is a full page that redirects to /subscribe/mobile-billings, which starts the subscription', async () => {
    const tab = await e2e().open('mobile');
    // PortOne's script picks the redirect checkout by the user agent, as on a real phone.
    const cdp = await tab.context.newCDPSession(tab.page);
    await cdp.send('Emulation.setUserAgentOverride', {
      userAgent:
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36',
    });
    const member = await login(tab, await newMember(), PASSWORD);
    await tab.goto('/payment');
    await choose(tab, SUBSCRIPTION, '신용카드');
    await tab.page.waitForURL((url) => url.pathname === '/checkout');
    await expect(tab.page.locator('#amount').textContent()).resolves.toBe('0원');
    await tab.page.locator('#card_number').fill(CARDS.ok);
    await tab.page.locator('#submit').click();
    await tab.page.waitForURL(
      (url) => url.pathname === '/subscribe/mobile-billings' && url.searchParams.get('imp_success') === 'true',
    );
    await tab.waitForHeading('결제 내역');
    const row = tab.page.getByRole('row').filter({ hasText: '베이직 정기결제 (월)' });
    await expect(row.textContent()).resolves.toContain('결제완료');
    await expect(row.textContent()).resolves.toContain('3,000원');
    await eventually(() => validatedStatus(tab, member), 'valid');
    // The sandbox's own checkout page has no favicon; that 404 is not the app's.
    const sandboxFavicon = /:\d+\/favicon\.ico\)$/;
    tab.errors.splice(
      0,
      tab.errors.length,
      ...tab.errors.filter((e) => !(e.includes(' 404 ') && sandboxFavicon.test(e) && !e.includes(e2e().baseUrl))),
    );
    tab.expectNoErrors();
  });

  test('the mobile subscription redirect with imp_success=false comes back to /payment?status=fail', async () => {
    const tab = await e2e().open('mobile');
    await login(tab, await newMember(), PASSWORD);
    await tab.goto('/subscribe/mobile-billings?imp_uid=&merchant_uid=sub_x_1&imp_success=false');
    await tab.page.waitForURL((url) => url.pathname === '/payment' && url.search === '?status=fail');
    await tab.page.locator('main').getByRole('alert').filter({ hasText: M.recurringUnavailable }).waitFor();
    tab.expectNoErrors();
  });
});
