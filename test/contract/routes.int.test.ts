/**
 * Contract tests: the whole test stack (five services, gateway, PortOne sandbox) is started, every
 * operation of gateway/openapi.json is called through the gateway with a valid request as a
 * suitable caller, and each real status and body is validated against the document with ajv.
 * The last test fails if any documented operation was never answered with its success body.
 *
 * Run: TEST_STACK_OFFSET=31 npx jest test/contract --selectProjects integration
 */
import { chromium } from 'playwright-core';
import type { Stack } from '../../scripts/stack';
import {
  admin,
  Caller,
  CHROMIUM_ARGS,
  chromiumPath,
  conforms,
  covered,
  DOCUMENT,
  gateway,
  legacyAccount,
  mailedLink,
  member,
  newEmail,
  joinBody,
  OPERATIONS,
  PASSWORD,
  payments,
  run,
  startContractStack,
} from './support';

type Payments = ReturnType<typeof payments>;

// Its own ports and names unless the runner chose: other suites start stacks too.
process.env.TEST_STACK_OFFSET ??= '31';

jest.setTimeout(120_000);

let stack: Stack | undefined;
let call: ReturnType<typeof gateway>;
let databaseUrl = '';
let buyPass: Payments['buyPass'];
let subscribe: Payments['subscribe'];

let adminUser: Caller;
/** The main member: pays once, keeps a wordbook, gifts a coupon. */
let alice: Caller;
/** Receives the gift and uses a coupon. */
let bob: Caller;
const visitor = new Caller('visitor');

/** Headword found by the search, used for detail, wordbook and statistics. */
let headword = { id: 0, word: '' };

beforeAll(async () => {
  let sandboxUrl: string;
  ({ stack, call, sandboxUrl, databaseUrl } = await startContractStack('contract'));
  ({ buyPass, subscribe } = payments(call, sandboxUrl));
  [adminUser, alice, bob] = await Promise.all([admin(call, databaseUrl), member(call, 'alice'), member(call, 'bob')]);
}, 240_000);

afterAll(async () => {
  await stack?.stop();
});

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

test('account: join, recommender, mails, profile, device key, legacy merge', async () => {
  await call(alice, 'POST', '/api/user/validate', { userId: alice.id });
  await call(null, 'POST', '/api/user/checkRecommendUserInfo', { recommendUser: alice.email });
  await call(null, 'POST', '/api/user/certify', { email: alice.email });
  await call(null, 'POST', '/api/user/find', { email: alice.email });
  await call(alice, 'POST', '/api/user/getUserInfo');
  await call(alice, 'POST', '/api/user/updateUserProfile', { userName: '계약앨리스', userPhone: '01098765432' });
  await call(alice, 'POST', '/api/user/updateUserConnectInfo', { userId: alice.id, userAuthKey: `contract-${run}` });

  const legacyId = await legacyAccount(databaseUrl, 'legacy pw 1');
  const legacy = await call(bob, 'POST', '/api/user/searchPrevUserInfo', { userId: legacyId, userPw: 'legacy pw 1' });
  expect((legacy.body.results as { payHistoryItems: unknown[] }).payHistoryItems).toHaveLength(1);
  await call(bob, 'POST', '/api/user/combinePrevUserInfo', { userId: bob.id, prevUserId: legacyId, agreement: 'T' });
});

test('dictionary: search, hanja, detail, suggest, history, external link', async () => {
  const found = await call(visitor, 'POST', '/api/dic/search/pyojaeItems', {
    searchWord: '사랑',
    pageSize: 10,
    pageNum: 0,
  });
  const items = (found.body.results as { wordInfoItems: Array<{ ID: number; WORD: string; HANJA: string }> })
    .wordInfoItems;
  expect(items.length).toBeGreaterThan(0);
  headword = { id: items[0]!.ID, word: items[0]!.WORD };
  const hanja = [...(items.find((i) => i.HANJA !== '')?.HANJA ?? '愛')][0]!;
  await call(null, 'POST', '/api/dic/search/hanjaItems', { hanja });
  // A visitor gets the cut for visitors and a session (cookie) for the history.
  const detail = await call(visitor, 'POST', '/api/dic/search/wordSynItems', { pyojaeId: headword.id });
  expect(detail.body.reader).toBe('visitor');
  await call(alice, 'POST', '/api/dic/search/wordSynItems', { pyojaeId: headword.id, userId: alice.id });
  await call(null, 'GET', '/api/dic/search/suggest', { q: '사' });
  await call(null, 'GET', '/api/dic/search/dataset');
  const history = await call(visitor, 'POST', '/api/dic/search/historyItems');
  expect(history.body.historyItems).toEqual([expect.objectContaining({ id: headword.id })]);
  const left = await call(alice, 'POST', '/api/dic/search/deleteHistoryItem', { itemId: headword.id });
  expect(left.body.historyItems).toEqual([]);
  const cleared = await call(visitor, 'POST', '/api/dic/search/clearHistoryItems', { confirm: true });
  expect(cleared.body.historyItems).toEqual([]);
  await call(alice, 'POST', '/api/dic/search/pyojaeItems', { searchWord: headword.word });
  await call(alice, 'POST', '/api/dic/search/externalLink', {
    userId: alice.id,
    linkType: 'natmal',
    wordId: headword.id,
  });
});

test('wordbook: save (twice), page, export, delete', async () => {
  const saved = await call(alice, 'POST', '/api/dic/wordbook/insertWordbookItem', {
    userId: alice.id,
    pyojaeId: headword.id,
    word: headword.word,
  });
  expect(saved.body.duplicate).toBe(false);
  const again = await call(alice, 'POST', '/api/dic/wordbook/insertWordbookItem', {
    pyojaeId: headword.id,
    word: headword.word,
  });
  expect(again.body.duplicate).toBe(true);
  const page = await call(alice, 'POST', '/api/dic/wordbook/searchWordbookItems', { pageSize: 10, pageNum: 0 });
  expect(page.body.totalElements).toBe(1);
  const csv = await call(alice, 'GET', '/api/dic/wordbook/export', { format: 'csv' });
  expect(csv.text).toContain(headword.word);
  await call(alice, 'GET', '/api/dic/wordbook/export', { format: 'anki' });
  await call(alice, 'POST', '/api/dic/wordbook/deleteWordbookItem', { userId: alice.id, itemId: saved.body.itemId });
});

test('billing: catalogue, one-off payment, usage, refunds, webhook', async () => {
  await call(null, 'POST', '/api/dic/order/selectOrderItems');
  await call(null, 'GET', '/api/pay/config');

  // A checkout that failed (before any pass: a member with one in use cannot order).
  const items = (await call(null, 'GET', '/api/pay/products')).body.orderItems as Array<{
    ITEM_ID: number;
    TYPE: string;
  }>;
  const failed = await call(alice, 'POST', '/api/pay/order/create', {
    id: items.find((p) => p.TYPE === 'PASS')!.ITEM_ID,
    pay_method: 'card',
  });
  const fail = await call(alice, 'POST', '/api/pay/order/fail', {
    merchant_uid: failed.body.merchant_uid,
    error_msg: '카드 거절',
  });
  expect(fail.body.status).toBe('fail');

  const first = await buyPass(alice);
  // The mobile redirect of the same payment, and the provider's notification: both idempotent.
  await call(alice, 'GET', '/api/pay/order/complete', {
    imp_uid: first.impUid,
    merchant_uid: first.merchantUid,
    imp_success: 'true',
  });
  await call(null, 'POST', '/api/pay/webhook', { imp_uid: first.impUid, merchant_uid: first.merchantUid });
  await call(alice, 'POST', '/api/pay/order/usedSuccess', { merchant_uid: first.merchantUid });
  const used = await call(alice, 'GET', '/api/used/isUsed');
  expect(used.body.status).toBe('valid');
  await call(alice, 'GET', '/api/used/isUsedRemain');
  await call(alice, 'POST', '/api/used/usedList', { userId: alice.id, pageSize: 10, pageNum: 0 });
  const payments = await call(alice, 'POST', '/api/used/paymentLists', { pageSize: 10, pageNum: 0 });
  expect((payments.body.datas as Array<{ MERCHANT_UID: string }>).map((p) => p.MERCHANT_UID)).toContain(
    first.merchantUid,
  );
  await call(alice, 'POST', '/subscribe/payments/find-payment', { merchant_uid: first.merchantUid });
  await call(alice, 'POST', '/subscribe/payments/get-payment', { merchant_uid: first.merchantUid });

  // The member refunds their own payment (its pass ends); then an administrator refunds another.
  await call(alice, 'POST', '/api/pay/order/cancel', { merchant_uid: first.merchantUid, reason: '계약 테스트' });
  const third = await buyPass(alice);
  await call(adminUser, 'POST', '/api/sys/order/cancel', { merchant_uid: third.merchantUid });
});

test('subscriptions: start, info, stop renewal, refunds by member and administrator', async () => {
  const [s1, s2, s3] = await Promise.all([member(call, 'sub1'), member(call, 'sub2'), member(call, 'sub3')]);

  const one = await subscribe(s1);
  await call(
    s1,
    'GET',
    '/subscribe/basic-billings',
    { merchant_uid: one.merchantUid, customer_uid: one.customerUid, imp_success: 'true' },
    { doc: '/subscribe/{product}-billings' },
  );
  const info = await call(s1, 'POST', '/subscribe/info', { item_id: 6 });
  expect(info.body.code).toBe('success');
  await call(s1, 'GET', '/subscribe/info', { customer_uid: one.customerUid });
  await call(adminUser, 'POST', '/subscribe/payments/admin-success', { merchant_uid: one.merchantUid });
  await call(adminUser, 'POST', '/api/sys/subscribe/user-cancel', { customer_uid: one.customerUid });
  await call(adminUser, 'POST', '/subscribe/payments/admin-cancel', { merchant_uid: one.merchantUid });

  const two = await subscribe(s2);
  await call(s2, 'POST', '/subscribe/user-cancel-subscribe', { customer_uid: two.customerUid, reason: '계약 테스트' });
  // Auto-renewal on again while the month runs, off, on, then the move to the free grade.
  expect((await call(s2, 'POST', '/api/used/onOff', { onOff: 'ON' })).body.autoRenew).toBe(true);
  expect((await call(s2, 'POST', '/api/used/onOff', { onOff: 'OFF' })).body.autoRenew).toBe(false);
  await call(s2, 'POST', '/api/used/onOff', { onOff: 'ON' });
  await call(s2, 'POST', '/subscribe/payments/downgrade', {});
  await call(s2, 'POST', '/subscribe/user-cancel-payments', { merchant_uid: two.merchantUid });

  const three = await subscribe(s3);
  await call(adminUser, 'POST', '/api/sys/subscribe/admin-cancel', { customer_uid: three.customerUid });
});

test('coupons: groups, coupons, assignment, use, gift, referral rewards', async () => {
  const fresh = await member(call, 'coupon');
  const products = (await call(null, 'GET', '/api/pay/products')).body.orderItems as Array<{
    ITEM_ID: number;
    TYPE: string;
  }>;
  const itemId = products.find((p) => p.TYPE === 'PASS')!.ITEM_ID;
  const name = `계약쿠폰${run}`;
  const overlap = await call(adminUser, 'POST', '/api/sys/checkCouponOverlap', { couponName: name });
  expect(overlap.body.error).toBe(false);
  const group = await call(adminUser, 'POST', '/api/sys/insertCouponGroupItem', {
    userId: adminUser.id,
    couponType: itemId,
    couponName: name,
    note: '계약 테스트',
    createCount: 2,
  });
  const groupId = Number(group.body.groupId);
  const taken = await call(adminUser, 'POST', '/api/sys/checkCouponOverlap', { couponName: name });
  expect(taken.body.error).toBe(true);
  await call(adminUser, 'POST', '/api/sys/updateCouponGroupItem', {
    couponGroupId: groupId,
    couponName: `${name}b`,
    note: '',
  });
  await call(adminUser, 'POST', '/api/sys/insertCouponItems', {
    userId: adminUser.id,
    couponGroupId: groupId,
    createCount: 1,
  });
  await call(adminUser, 'POST', '/api/sys/selectCouponGroupItems', {
    couponStatus: 'ALL',
    searchName: name,
    pageSize: 10,
    pageNum: 0,
  });
  const list = await call(adminUser, 'POST', '/api/sys/selectCouponItems', {
    couponGroupId: groupId,
    pageSize: 10,
    pageNum: 0,
  });
  const coupons = list.body.datas as Array<{ ID: number; COUPON_CODE: string }>;
  expect(coupons).toHaveLength(3);
  const [forFresh, forAlice, spare] = coupons as [(typeof coupons)[0], (typeof coupons)[0], (typeof coupons)[0]];

  // Assigning a coupon to a member (status USING) is how a member comes to own one.
  await call(adminUser, 'POST', '/api/sys/updateCouponItem', {
    couponId: forFresh.ID,
    userId: fresh.id,
    status: 'USING',
    issueDate: '',
  });
  await call(adminUser, 'POST', '/api/sys/updateCouponItem', {
    couponId: forAlice.ID,
    userId: alice.id,
    status: 'USING',
  });
  await call(adminUser, 'POST', '/api/sys/deleteCouponItem', { couponId: spare.ID, groupId });

  // The giver is the session's member; the coupon leaves Alice for Bob.
  await call(alice, 'POST', '/api/sys/presentCouponItem', {
    couponId: forAlice.ID,
    userId: alice.id,
    targetUserId: bob.id,
    status: 'PRESENT',
  });
  const bobs = await call(bob, 'POST', '/api/coupon/list', { userId: bob.id, pageSize: 10, pageNum: 0 });
  expect(bobs.body.totalCount).toBe(1);
  await call(bob, 'POST', '/api/coupon/referralRewards');
  // A member without a pass in use turns a coupon into one.
  await call(fresh, 'POST', '/api/coupon/use', {
    userId: fresh.id,
    couponId: forFresh.ID,
    couponCode: forFresh.COUPON_CODE,
  });
});

test('administrator: members, orders, banner', async () => {
  await call(adminUser, 'POST', '/api/sys/searchUserItems', {
    userStatus: 'ALL',
    userCol: 'email',
    searchName: alice.email,
  });
  // A member looking for a gift recipient finds only a confirmed member by the whole address (none here).
  await call(alice, 'POST', '/api/sys/searchUserItems', { userCol: 'email', searchName: 'contract-bob' });
  await call(adminUser, 'POST', '/api/sys/selectUserItems', { userId: alice.id });
  await call(adminUser, 'POST', '/api/sys/updateUserItem', { userId: alice.id, userCheckEmail: 'T' });
  await call(adminUser, 'POST', '/api/sys/selectPaymentItems', { userCol: 'useremail', searchName: alice.email });
  await call(adminUser, 'POST', '/api/sys/selectUserOrderItems', { userId: alice.id, pageSize: 10, pageNum: 0 });
  await call(adminUser, 'POST', '/api/used/isUsedByManager', { userId: alice.id });
  const products = (await call(null, 'GET', '/api/pay/products')).body.orderItems as Array<{ ITEM_ID: number }>;
  await call(adminUser, 'POST', '/api/sys/insertUserOrderItem', { userId: alice.id, orderType: products[0]!.ITEM_ID });

  // A joined (never confirmed) member removed by the administrator.
  const email = newEmail('deleted');
  await call(null, 'POST', '/api/user/join', joinBody(email));
  const found = await call(adminUser, 'POST', '/api/sys/searchUserItems', { userCol: 'email', searchName: email });
  const id = (found.body.datas as Array<{ ID: number }>)[0]!.ID;
  await call(adminUser, 'POST', '/api/sys/deleteUserItem', { userId: id });
});

test('statistics: joins, visits, searches, words, a member history', async () => {
  const range = { startDate: day(-4), endDate: day(0) };
  await call(adminUser, 'POST', '/api/sys/selectUserJoinStatistic', range);
  await call(adminUser, 'POST', '/api/sys/selectUserConnectStatistic', range);
  await call(adminUser, 'POST', '/api/sys/selectSearchStatistic', range);
  await call(adminUser, 'POST', '/api/sys/selectSearchWordStatistic', { searchCount: 10 });
  await call(adminUser, 'POST', '/api/sys/selectUserSearchHistory', { userId: alice.id, pageSize: 10, pageNum: 0 });
});

test('every service reads a call the same way sent flat, as query parameters or in a params envelope', async () => {
  // Read-only calls of each service, with fields that change the answer (a wrong reading answers
  // 400 or a different body), sent the three ways the spec's clients send them.
  const calls: [Caller | null, string, Record<string, unknown>][] = [
    [alice, '/api/user/validate', { userId: alice.id }],
    [null, '/api/user/checkRecommendUserInfo', { recommendUser: alice.email }],
    [visitor, '/api/dic/search/pyojaeItems', { searchWord: headword.word, pageSize: 3, pageNum: 0 }],
    [null, '/api/dic/search/hanjaItems', { hanja: '愛', pageSize: 3, pageNum: 0 }],
    [alice, '/api/dic/search/wordSynItems', { pyojaeId: headword.id }],
    [alice, '/api/dic/wordbook/searchWordbookItems', { pageSize: 2, pageNum: 0 }],
    [alice, '/api/used/usedList', { userId: alice.id, pageSize: 2, pageNum: 0 }],
    [alice, '/api/coupon/list', { pageSize: 2, pageNum: 0 }],
    [adminUser, '/api/sys/selectUserItems', { userId: alice.id }],
    [adminUser, '/api/sys/selectUserSearchHistory', { userId: alice.id, pageSize: 2, pageNum: 0 }],
  ];
  for (const [who, path, fields] of calls) {
    const flat = await call(who, 'POST', path, fields);
    for (const shape of ['query', 'params'] as const) {
      const other = await call(who, 'POST', path, fields, { shape });
      // Same answer but for what moves by itself (a search's elapsed time, a fresh server clock).
      expect([path, shape, stable(other.body)]).toEqual([path, shape, stable(flat.body)]);
    }
  }
});

/** A body without the keys that differ between two identical calls (timings). */
function stable(body: Record<string, unknown>): unknown {
  return JSON.parse(
    JSON.stringify(body, (key, value: unknown) => (key === 'took' || key === 'elapsed' ? undefined : value)),
  );
}

test('session-ending calls: password reset and change, withdrawal, logout', async () => {
  const [dana, carl] = await Promise.all([member(call, 'dana'), member(call, 'carl')]);
  await call(null, 'POST', '/api/user/find', { email: dana.email });
  const link = await mailedLink(dana.email, 'changePwByMail');
  await call(null, 'POST', '/api/user/change', {
    secretId: link.id,
    secretKey: link.key,
    password: 'contract pass 2',
    passwordConfirm: 'contract pass 2',
  });
  await call(dana, 'POST', '/api/user/login', { email: dana.email, password: 'contract pass 2' });
  await call(dana, 'POST', '/api/user/updateUserInfo', {
    userId: dana.id,
    oldPassword: 'contract pass 2',
    newPassword: PASSWORD,
    newPasswordConfirm: PASSWORD,
  });
  await call(dana, 'POST', '/api/user/login', { email: dana.email, password: PASSWORD });
  await call(dana, 'GET', '/api/user/logout');

  await call(carl, 'POST', '/api/user/insertUserCancelInfo', {
    userId: carl.id,
    userPw: PASSWORD,
    userEmail: carl.email,
    userName: '계약회원',
    reasonMain: '기타',
    reasonSub: '',
    agreement: 'T',
  });
});

test('errors answer the common error shape with a documented status', async () => {
  // Validation (400), login required (401), administrators only (403), not found (404).
  const blank = await call(null, 'POST', '/api/dic/search/pyojaeItems', { searchWord: '' }, { status: 400 });
  expect(blank.body).toEqual({ error: true, message: '검색할 내용을 입력해 주세요.' });
  const badItem = await call(visitor, 'POST', '/api/dic/search/deleteHistoryItem', { itemId: 0 }, { status: 400 });
  expect(badItem.body).toEqual({ error: true, message: '지울 검색 기록이 올바르지 않습니다.' });
  const anonymous = await call(null, 'POST', '/api/dic/wordbook/searchWordbookItems', {}, { status: 401 });
  expect(anonymous.body.error).toBe(true);
  const notAdmin = await call(alice, 'POST', '/api/sys/selectUserItems', { userId: alice.id }, { status: 403 });
  expect(notAdmin.body).toEqual({ error: true, message: '관리자 권한이 필요합니다.' });
  await call(adminUser, 'POST', '/api/sys/selectUserItems', { userId: 2_000_000_000 }, { status: 404 });
  const wrong = await call(
    null,
    'POST',
    '/api/user/login',
    { email: alice.email, password: 'not the password' },
    { status: 401 },
  );
  expect(wrong.body.error).toBe(true);

  // A body that does not match the error shape is refused by the checker (it can fail).
  expect(() =>
    conforms('POST', '/api/user/login', {
      status: 401,
      contentType: 'application/json',
      text: JSON.stringify({ message: 'no error flag' }),
      body: {},
    }),
  ).toThrow(/does not match/);
  expect(() =>
    conforms('POST', '/api/user/login', {
      status: 200,
      contentType: 'application/json',
      text: '{"user":{}}',
      body: {},
    }),
  ).toThrow(/does not match/);
});

test('/api/docs serves Swagger UI and the document from the gateway, under its CSP', async () => {
  // A browser navigation gets the viewer, not the web app's index.html.
  const page = await fetch(`${stack!.baseUrl}/api/docs`, { headers: { accept: 'text/html' } });
  expect(page.status).toBe(200);
  expect(page.headers.get('content-type')).toMatch(/^text\/html/);
  expect(page.headers.get('content-security-policy')).toMatch(/script-src 'self'/);
  expect(await page.text()).toContain('/api/docs/swagger-ui-bundle.js');
  const raw = await fetch(`${stack!.baseUrl}/api/docs/openapi.json`);
  expect(raw.status).toBe(200);
  expect(await raw.json()).toEqual(DOCUMENT);
  const bundle = await fetch(`${stack!.baseUrl}/api/docs/swagger-ui-bundle.js`);
  expect([bundle.status, bundle.headers.get('content-type')]).toEqual([200, expect.stringMatching(/javascript/)]);
  await bundle.arrayBuffer();
  const missing = await fetch(`${stack!.baseUrl}/api/docs/package.json`);
  expect([missing.status, await missing.json()]).toEqual([404, { error: true, message: expect.any(String) }]);

  // Rendered in Chromium: every operation shows, and nothing breaks the CSP or the console.
  const browser = await chromium.launch({ executablePath: chromiumPath(), headless: true, args: CHROMIUM_ARGS });
  try {
    const tab = await browser.newPage();
    const problems: string[] = [];
    tab.on('console', (m) => {
      if (m.type() === 'error') problems.push(m.text());
    });
    tab.on('pageerror', (e) => problems.push(e.message));
    await tab.goto(`${stack!.baseUrl}/api/docs`);
    // Swagger UI parses its 1.5 MB bundle and the whole document before drawing: slow on a busy machine.
    await tab.locator('.opblock').first().waitFor({ timeout: 90_000 });
    expect(await tab.locator('.opblock').count()).toBe(OPERATIONS.length);
    await expect(tab.locator('.info .title').textContent()).resolves.toContain('유의어 사전 API');
    expect(problems).toEqual([]);
  } finally {
    await browser.close();
  }
  // A browser start and a 1.5 MB bundle parsed beside two busy cores: minutes, not the default 2.
}, 300_000);

test('every documented operation was answered with its documented success body', () => {
  expect(OPERATIONS.length).toBe(Object.values(DOCUMENT.paths).reduce((n, item) => n + Object.keys(item).length, 0));
  expect(OPERATIONS.filter((op) => !covered.has(op))).toEqual([]);
});
