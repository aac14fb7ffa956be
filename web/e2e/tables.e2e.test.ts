/**
 * Tables fit their screen. At 360 px each row of the member's payment history
 * (/order), usage history (/usage) and the admin payment and member lists is a card of label/value
 * pairs with its buttons; at 1280 px (beside the side menu) they are tables that never scroll sideways:
 * the admin payment list shows every column of spec §2.5 item 4, the member list keeps its four buttons
 * on one line. Read-only values (내 정보's email, the admin payment detail) read as text, not as boxes.
 *
 * Run: TEST_STACK_OFFSET=112 npx jest --selectProjects e2e --runInBand --runTestsByPath web/e2e/tables.e2e.test.ts
 */
import { randomBytes } from 'node:crypto';
import type { Locator } from 'playwright-core';
import { seedAdminAccount } from './support/admin';
import { useE2E, VIEWPORTS, type Tab, type ViewportName } from './support/browser';
import { verifiedMember } from './support/members';
import { signInInPage } from './support/signIn';

const e2e = useE2E();

const ADMIN = { email: 'tables-e2e-admin@test.syndict.local', password: 'tables-e2e-admin-pass1' };
const OK_CARD = '4242-4242-4242-4242';
const NAME = '표시험회원';
// A long address on purpose: it must wrap inside its cell, never widen the table.
const EMAIL = `responsive-tables-member.${randomBytes(5).toString('hex')}@example.com`;

type Json = Record<string, unknown>;

/** A JSON call to the gateway (or the sandbox) with the member's cookie; answers the body and any new cookie. */
async function call(url: string, body?: unknown, cookie = ''): Promise<{ status: number; body: Json; cookie: string }> {
  const res = await fetch(url, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const set = res.headers.getSetCookie().map((c) => c.split(';')[0]);
  return { status: res.status, body: (await res.json()) as Json, cookie: set.join('; ') };
}
const gateway = (path: string) => `${e2e().baseUrl}${path}`;

/**
 * Two payments of a one-off pass, through the API as the purchase page makes them: one the card
 * company declined (결제실패), one paid in the PortOne sandbox (결제완료, so it can be cancelled).
 */
async function givePayments(email: string, password: string): Promise<string> {
  const login = await call(gateway('/api/user/login'), { email, password });
  expect(login.status).toBe(200);
  const cookie = login.cookie;
  const products = await call(gateway('/api/pay/products'));
  const items = products.body.orderItems as Array<{ ITEM_ID: number; TYPE: string; AMOUNT: number }>;
  const pass = items.find((p) => p.TYPE === 'PASS' && p.AMOUNT > 0);
  if (!pass) throw new Error('no one-off pass on sale');
  const order = async () => {
    const r = await call(
      gateway('/api/pay/order/create'),
      { id: pass.ITEM_ID, pg: 'html5_inicis', pay_method: 'card' },
      cookie,
    );
    expect(r.status).toBe(200);
    return r.body as { merchant_uid: string; amount: number; name: string };
  };

  const declined = await order();
  const failed = await call(
    gateway('/api/pay/order/fail'),
    { merchant_uid: declined.merchant_uid, error_msg: '카드 승인이 거절되었습니다.' },
    cookie,
  );
  expect(failed.status).toBe(200);

  const paid = await order();
  const config = await call(gateway('/api/pay/config'), undefined, cookie);
  const sandbox = new URL(String(config.body.scriptUrl)).origin;
  const pay = await call(`${sandbox}/checkout/pay`, {
    params: { merchant_uid: paid.merchant_uid, amount: paid.amount, name: paid.name, pay_method: 'card' },
    card_number: OK_CARD,
  });
  expect(pay.body.success).toBe(true);
  const done = await call(
    gateway('/api/pay/order/complete'),
    { imp_uid: pay.body.imp_uid, merchant_uid: paid.merchant_uid },
    cookie,
  );
  expect(done.status).toBe(200);
  return paid.merchant_uid;
}

async function signIn(viewport: ViewportName, email: string, password: string): Promise<Tab> {
  const tab = await e2e().open(viewport, '/company');
  await signInInPage(tab, email, password);
  return tab;
}

/** How far `selector` and the page scroll sideways (scrollWidth − clientWidth); 0 when everything fits. */
async function sidewaysScroll(tab: Tab, selector: string): Promise<{ box: number; page: number }> {
  return tab.page.evaluate((sel) => {
    const box = document.querySelector(sel);
    if (!box) throw new Error(`nothing matches ${sel}`);
    return {
      box: box.scrollWidth - box.clientWidth,
      page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
    };
  }, selector);
}

async function expectNoSidewaysScroll(tab: Tab, selector: string): Promise<void> {
  await expect(sidewaysScroll(tab, selector)).resolves.toEqual({ box: 0, page: 0 });
}

/** Drawn, and wholly inside both the viewport's width and its (non-scrolled) container: seen without scrolling sideways. */
async function expectInView(tab: Tab, target: Locator, container: Locator): Promise<void> {
  await expect(target.isVisible()).resolves.toBe(true);
  const box = await target.boundingBox();
  const frame = await container.boundingBox();
  if (!box || !frame) throw new Error('not laid out');
  expect(box.x).toBeGreaterThanOrEqual(frame.x - 0.5);
  expect(box.x + box.width).toBeLessThanOrEqual(Math.min(VIEWPORTS[tab.viewport].width, frame.x + frame.width) + 0.5);
}

async function expectAccessible(tab: Tab): Promise<void> {
  await expect(tab.accessibilityViolations()).resolves.toEqual([]);
}

let merchantUid = '';

beforeAll(async () => {
  await seedAdminAccount(ADMIN);
  const member = await verifiedMember(e2e().baseUrl, 'tables', { name: NAME, email: EMAIL, password: 'tables pass 1' });
  merchantUid = await givePayments(member.email, member.password);
}, 120_000);

describe.each(['mobile', 'desktop'] as const)('at %s width', (viewport) => {
  const cards = viewport === 'mobile';

  test('the payment history shows status, refund and cancel without a sideways scroll', async () => {
    const tab = await signIn(viewport, EMAIL, 'tables pass 1');
    await tab.goto('/order');
    await tab.waitForHeading('결제 내역');
    const region = tab.page.getByRole('region', { name: '결제 내역 표' });
    const paid = region.getByRole('row').filter({ hasText: '결제완료' });
    const declined = region.getByRole('row').filter({ hasText: '결제실패' });
    await paid.waitFor();
    await declined.waitFor();
    await expectNoSidewaysScroll(tab, '.pay-scroll');

    await expectInView(tab, paid.getByRole('cell', { name: '결제완료' }), region);
    await expectInView(tab, paid.getByRole('button', { name: /결제 취소/ }), region);
    // The refund cell of a payment not refunded reads '-'.
    const refund = paid.getByRole('cell', { name: '-', exact: true });
    await expectInView(tab, refund, region);
    await expectInView(tab, declined.getByRole('cell', { name: '결제실패' }), region);

    // A card names each value (the table's header does that on a wide screen).
    const label = paid.getByText('결제 상태', { exact: true });
    const header = region.getByRole('columnheader', { name: '결제 상태' });
    await expect(label.isVisible()).resolves.toBe(cards);
    // Screen readers get the column header at both widths (on a phone it is only out of sight).
    await expect(header.count()).resolves.toBe(1);
    if (cards) {
      // Stacked: the status sits under the product name, not beside it.
      const title = await paid.locator('td.cell-title').boundingBox();
      const status = await paid.getByRole('cell', { name: '결제완료' }).boundingBox();
      expect(status!.y).toBeGreaterThan(title!.y + title!.height - 1);
    }
    await tab.screenshot('tables_order');
    await expectAccessible(tab);

    // The usage history has the same layout.
    await tab.goto('/usage');
    const usage = tab.page.getByRole('region', { name: '이용 내역 표' });
    await usage.getByRole('row').nth(1).waitFor();
    await expectNoSidewaysScroll(tab, '.pay-scroll');
    await expectInView(tab, usage.getByRole('row').nth(1).getByRole('cell').last(), usage);
    await tab.screenshot('tables_usage');
    await expectAccessible(tab);
    tab.expectNoErrors();
  });

  test('the admin payment list shows every column inside the screen; its detail reads as text', async () => {
    const tab = await signIn(viewport, ADMIN.email, ADMIN.password);
    await tab.goto('/mgrPayment');
    await tab.waitForHeading('결제 관리');
    await tab.page.getByLabel('검색 항목').selectOption('USEREMAIL');
    await tab.page.getByLabel('검색어').fill(EMAIL);
    await tab.page.getByRole('button', { name: '검색', exact: true }).click();
    const region = tab.page.getByRole('region', { name: '결제 목록 표' });
    const row = region.getByRole('row').filter({ hasText: merchantUid });
    // The unsearched list may already show the paid row (the newest payments come first): the search's
    // answer is there when both of the member's rows are.
    await region.getByRole('row').filter({ hasText: EMAIL }).nth(1).waitFor();
    await row.waitFor();
    await expect(region.getByRole('row').filter({ hasText: EMAIL }).count()).resolves.toBe(2);
    await expectNoSidewaysScroll(tab, '.pay-scroll');

    for (const value of [
      row.getByText(EMAIL, { exact: true }),
      row.getByText(NAME, { exact: true }),
      row.getByRole('cell', { name: /^\d{4}-\d{2}-\d{2}$/ }),
      row.getByRole('link', { name: /상세/ }),
      row.getByRole('cell', { name: '결제완료' }),
      row.locator('td.cell-title .cell-sub').filter({ hasText: merchantUid }),
    ]) {
      await expectInView(tab, value, region);
    }
    // Every column of spec §2.5 item 4 is there: order number, product, payment, order, usage, refund, email, user, date, detail.
    const headers = await region.getByRole('columnheader').allTextContents();
    expect(headers.join(' ')).toBe('상품명 주문번호 결제 주문 이용 환불 이메일 사용자 결제일 상세');
    await tab.screenshot('tables_mgrPayment');
    await expectAccessible(tab);

    await row.getByRole('link', { name: /상세/ }).click();
    await tab.waitForHeading('결제 상세 정보');
    await expect(tab.page.locator('main input').count()).resolves.toBe(0);
    const email = tab.page.locator('main dl > div').filter({ has: tab.page.locator('dt', { hasText: /^이메일$/ }) });
    await expect(email.locator('dd').textContent()).resolves.toBe(EMAIL);
    await expectInView(tab, email.locator('dd'), tab.page.locator('main'));
    await expectNoSidewaysScroll(tab, 'main');
    await tab.screenshot('tables_mgrPayment_Detail');
    await expectAccessible(tab);
    tab.expectNoErrors();
  });

  test('the member list keeps its four buttons on one line', async () => {
    const tab = await signIn(viewport, ADMIN.email, ADMIN.password);
    await tab.goto('/mgrUser');
    await tab.waitForHeading('회원 관리');
    await tab.page.getByLabel('검색어').fill(EMAIL);
    await tab.page.getByRole('button', { name: '검색', exact: true }).click();
    await tab.page.getByTestId('search-total').filter({ hasText: '1명' }).waitFor();
    const table = tab.page.locator('main .table-scroll');
    const row = tab.page.getByRole('row').filter({ hasText: EMAIL });
    await row.waitFor();
    await expectNoSidewaysScroll(tab, 'main .table-scroll');

    const buttons = row.getByRole('button');
    await expect(buttons.count()).resolves.toBe(4);
    const tops = new Set<number>();
    for (const button of await buttons.all()) {
      await expectInView(tab, button, table);
      tops.add(Math.round((await button.boundingBox())!.y));
    }
    expect(tops.size).toBe(1);
    // The short words on the buttons are part of names that say whose and what.
    await expect(row.getByRole('button', { name: `${EMAIL} 사전 이용 정보` }).textContent()).resolves.toBe('사전 이용');
    await expectInView(tab, row.getByRole('cell', { name: EMAIL, exact: true }), table);
    await expectInView(tab, row.getByRole('cell', { name: NAME, exact: true }), table);
    await tab.screenshot('tables_mgrUser');
    await expectAccessible(tab);
    tab.expectNoErrors();
  });

  test('내 정보 shows the email as text under its name, not as a box to type in', async () => {
    const tab = await signIn(viewport, EMAIL, 'tables pass 1');
    await tab.goto('/userInfo');
    await tab.page.getByLabel('이름', { exact: true }).waitFor();
    const item = tab.page.locator('main dl').filter({ has: tab.page.locator('dt', { hasText: /^이메일$/ }) });
    const email = item.locator('dd');
    await expect(email.textContent()).resolves.toBe(EMAIL);
    // Nothing in the form holds the email as an input (the name and phone are the only fields).
    await expect(tab.page.locator('main form').first().locator('input').count()).resolves.toBe(2);
    // The whole address is on screen: it wraps rather than being cut off.
    await expectInView(tab, email, tab.page.locator('main'));
    const width = await email.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
    expect(width.scroll).toBeLessThanOrEqual(width.client);
    await tab.screenshot('tables_userInfo');
    await expectAccessible(tab);
    tab.expectNoErrors();
  });
});
