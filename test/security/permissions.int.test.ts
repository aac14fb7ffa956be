/**
 * Permission matrix: every route of the gateway × five callers (anonymous,
 * free member A, another free member B, paid member P, administrator) against the whole test
 * stack. Each row names the expected status; every 200 a non-administrator receives is scanned
 * for the other members' markers (email, name, phone, wordbook item ids, coupon codes, order ids,
 * customer ids); the victim's own views must be unchanged after everyone else's requests; paid
 * synonyms never reach a visitor or a free member by any route.
 *
 * Run: TEST_STACK_OFFSET=33 npx jest test/security/permissions.int.test.ts --selectProjects integration
 */
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { USER_GRADE_HEADER, USER_ID_HEADER } from '@syn/kit';
import { startStack, type Stack } from '../../scripts/stack';
import { topology } from '../../scripts/topology';
import { API_ROUTES, routeKey, type ApiRoute, type RouteParams } from './routes';
import { call, type Reply } from './support/http';
import {
  adminMember,
  APPROVED_CARD,
  couponGroup,
  giveData,
  readySubscription,
  joinMember,
  login,
  markersOf,
  payOneOff,
  type Member,
} from './support/members';
import { CALLERS, contextFor, memberOf, victimOf, type CallerName, type World } from './support/world';

const ADMIN_ONLY = '관리자 권한이 필요합니다.';
/** Spec §6 "member authentication required": the 401 of a member's call without a member session. */
const MEMBER_AUTH_REQUIRED = '회원 인증이 필요합니다. 다시 로그인해 주세요.';
const MEMBERS_ONLY = '회원 가입 후 이용해 주세요.';
const USER_INVALID = '사용자 정보가 올바르지 않습니다. 웹 종료 후 다시 시도해 주세요.';

type Expect = Partial<Record<CallerName, number>>;

const members = (status: number): Expect => ({ free: status, other: status, paid: status, admin: status });
const everyone = (status: number): Expect => ({ anonymous: status, ...members(status) });

/**
 * Where a row differs from what its access level implies (public: 200 for all; member: 401
 * anonymous, 200 otherwise; admin: 403 for all but the administrator). Requests name the
 * victim's ids, so most member rows here are refusals: the victim's data is never acted on.
 */
const EXPECTED: Record<string, Expect> = {
  // Forged mail-link tokens.
  'POST /api/user/confirm': everyone(400),
  'POST /api/user/change': everyone(400),
  // The body's userId is the victim's: checked against the session, refused.
  'POST /api/user/validate': { ...members(401) },
  'POST /api/user/updateUserConnectInfo': { ...members(400) },
  'POST /api/user/combinePrevUserInfo': { ...members(400) },
  // No legacy account with these credentials.
  'POST /api/user/searchPrevUserInfo': { ...members(400) },
  // Someone else's wordbook item: "not found", never a deletion.
  'POST /api/dic/wordbook/deleteWordbookItem': { ...members(404) },
  // A pass in use blocks buying (spec §4).
  'POST /api/pay/order/create': { paid: 409 },
  'POST /subscribe/payments/initializeDatabase': { paid: 409 },
  // Someone else's order: not found for its non-owners, the administrator included on member paths.
  'POST /api/pay/order/complete': { ...members(404) },
  'GET /api/pay/order/complete': { ...members(404) },
  'POST /api/pay/order/fail': { ...members(404) },
  'POST /api/pay/order/usedSuccess': { ...members(404) },
  'POST /api/pay/order/cancel': { ...members(404) },
  'POST /subscribe/user-cancel-payments': { ...members(404) },
  // Someone else's billing key (customer_uid) is not the caller's: refused before any charge.
  'POST /subscribe/basic-billings': { ...members(400) },
  'GET /subscribe/basic-billings': { ...members(400) },
  'POST /subscribe/payments/find-payment': { free: 404, other: 404, paid: 404 },
  'POST /subscribe/payments/get-payment': { free: 404, other: 404, paid: 404 },
  'POST /subscribe/info': { free: 404, other: 404, paid: 404 },
  'GET /subscribe/info': { free: 404, other: 404, paid: 404 },
  // Members may cancel only their own subscription; the administrator may cancel B's.
  'POST /subscribe/user-cancel-subscribe': { free: 404, other: 404, paid: 404 },
  // Someone else's subscription is not the caller's; B's was already cancelled by the row above.
  'POST /subscribe/payments/downgrade': { ...members(404) },
  // The caller's own subscription: A, B and the administrator have one that is not stopped within a
  // running month (nothing to turn on again); P has none.
  'POST /api/used/onOff': { free: 409, other: 409, paid: 404, admin: 409 },
  // The administrator is let through, and B's STANDBY order has no payment to refund or verify.
  'POST /subscribe/payments/admin-cancel': { admin: 404 },
  'POST /subscribe/payments/admin-success': { admin: 404 },
  'POST /api/sys/order/cancel': { admin: 404 },
  'POST /api/sys/subscribe/admin-cancel': { admin: 404 },
  // B's subscription was cancelled by the administrator's user-cancel-subscribe row just before.
  'POST /api/sys/subscribe/user-cancel': { admin: 404 },
  // Someone else's coupon: neither used nor gifted.
  'POST /api/coupon/use': { ...members(404) },
  'POST /api/sys/presentCouponItem': { ...members(400) },
};

/** Anonymous refusals whose service words the message its own way (spec §6, §8). */
const ANONYMOUS_MESSAGE: Record<string, string> = {
  // The anonymous caller's made-up credentials.
  'POST /api/user/login': '이메일 또는 비밀번호가 올바르지 않습니다.',
  'POST /api/user/updateUserConnectInfo': USER_INVALID,
  'POST /api/dic/wordbook/insertWordbookItem': MEMBERS_ONLY,
  'POST /api/dic/wordbook/searchWordbookItems': MEMBERS_ONLY,
  'POST /api/dic/wordbook/deleteWordbookItem': MEMBERS_ONLY,
  'GET /api/dic/wordbook/export': MEMBERS_ONLY,
};

function expectedStatus(route: ApiRoute, caller: CallerName): number {
  const override = EXPECTED[routeKey(route)]?.[caller];
  if (override !== undefined) return override;
  if (route.access === 'public') return 200;
  if (route.access === 'member') return caller === 'anonymous' ? 401 : 200;
  return caller === 'admin' ? 200 : 403;
}

// ---------------------------------------------------------------------------------------------

let stack: Stack | undefined;
let w: World;
const quiet: string[] = [];
const run = randomBytes(3).toString('hex');
let seq = 0;
/** An unassigned coupon the administrator's delete row may remove (B's coupon stays B's). */
let spareCouponId = 0;

/** What a member sees of their own data: must not change through anyone else's requests. */
async function ownViews(m: Member): Promise<Record<string, unknown>> {
  const as = { cookie: m.cookie };
  const views: [string, 'GET' | 'POST', string, RouteParams][] = [
    ['profile', 'POST', '/api/user/getUserInfo', {}],
    ['wordbook', 'POST', '/api/dic/wordbook/searchWordbookItems', { pageSize: 100, pageNum: 0 }],
    ['coupons', 'POST', '/api/coupon/list', { pageSize: 100, pageNum: 0 }],
    ['payments', 'POST', '/api/used/paymentLists', { pageSize: 100, pageNum: 0 }],
    ['passes', 'POST', '/api/used/usedList', { pageSize: 100, pageNum: 0 }],
    ['pass', 'GET', '/api/used/isUsed', {}],
    ['subscription', 'POST', '/subscribe/info', {}],
    ['history', 'POST', '/api/dic/search/historyItems', {}],
  ];
  const out: Record<string, unknown> = {};
  for (const [name, method, p, params] of views) {
    const r = await call(w.baseUrl, method, p, params, as);
    out[name] = { status: r.status, body: r.body };
  }
  return out;
}

async function detail(cookie: string | undefined, headers: Record<string, string> = {}) {
  const r = await call(
    w.baseUrl,
    'POST',
    '/api/dic/search/wordSynItems',
    { pyojaeId: w.headword.id },
    { cookie, headers },
  );
  expect(r.status).toBe(200);
  return r.body as {
    reader: string;
    wordSynItems: { GUBN: string; WORD: string; WORD_ID: number }[];
    gubnItems: { GUBN: string; TOTAL_CNT: number; REMAIN_CNT: number }[];
  };
}

const byCategory = (items: { GUBN: string; WORD: string }[]): Map<string, string[]> => {
  const m = new Map<string, string[]>();
  for (const i of items) m.set(i.GUBN, [...(m.get(i.GUBN) ?? []), i.WORD]);
  return m;
};

beforeAll(async () => {
  try {
    stack = await startStack({ mode: 'test', output: 'files', log: (l) => quiet.push(l) });
  } catch (err) {
    throw new Error(`the test stack did not start:\n${quiet.join('\n')}`, { cause: err });
  }
  const baseUrl = stack.baseUrl;
  const topo = topology('test');
  const sandboxUrl = `http://127.0.0.1:${topo.sandboxPort}`;
  const admin = await adminMember(baseUrl);
  // The administrator persists in the test database across runs: a ready subscription of their own
  // makes their rows the same on a fresh database as on one an earlier run left (auto-renewal: 409).
  await readySubscription(baseUrl, admin);
  const [free, other, paid] = [
    await joinMember(baseUrl, '권한에이', 'a'),
    await joinMember(baseUrl, '권한비', 'b'),
    await joinMember(baseUrl, '권한피', 'p'),
  ];

  // A headword with a category longer than a free member's cut: the administrator sees all.
  const found = await call(baseUrl, 'POST', '/api/dic/search/pyojaeItems', { searchWord: '사랑', pageSize: 20 });
  const rows = (found.body.results as { wordInfoItems: { ID: number; WORD: string; HANJA: string }[] }).wordInfoItems;
  let headword: World['headword'] | undefined;
  for (const row of rows) {
    const d = await call(
      baseUrl,
      'POST',
      '/api/dic/search/wordSynItems',
      { pyojaeId: row.ID },
      { cookie: admin.cookie },
    );
    const counts = (d.body.gubnItems as { TOTAL_CNT: number }[]).map((g) => g.TOTAL_CNT);
    if (Math.max(0, ...counts) > 2) {
      headword = { id: row.ID, word: row.WORD, hanja: row.HANJA };
      break;
    }
  }
  if (!headword) throw new Error('no headword with more than 2 words in a category among the 사랑 results');
  const others = rows.map((r) => r.ID).filter((id) => id !== headword.id);
  if (others.length < 5) throw new Error('too few headwords to give the members their own');
  const hanjaRow = rows.find((r) => r.HANJA);

  const groupId = await couponGroup(baseUrl, admin, 4);
  w = {
    baseUrl,
    sandboxUrl,
    admin,
    free,
    other,
    paid,
    headword,
    paidMerchantUid: '',
    hanjaChar: hanjaRow ? [...hanjaRow.HANJA][0]! : '愛',
    data: {
      free: await giveData(baseUrl, sandboxUrl, admin, free, {
        groupId,
        savedHeadwordIds: [others[0]!],
        viewedHeadwordId: others[1]!,
      }),
      other: await giveData(baseUrl, sandboxUrl, admin, other, {
        groupId,
        savedHeadwordIds: [others[2]!, others[3]!],
        viewedHeadwordId: others[4]!,
      }),
    },
  };
  const spare = await call(
    baseUrl,
    'POST',
    '/api/sys/selectCouponItems',
    { couponGroupId: groupId, couponStatus: 'STANDBY' },
    { cookie: admin.cookie },
  );
  spareCouponId = (spare.body.datas as { ID: number }[])[0]!.ID;

  // P pays for a one-month pass through the sandbox; the dictionary learns it from Kafka.
  const bought = await payOneOff(baseUrl, sandboxUrl, paid, APPROVED_CARD);
  if (bought.reply.status !== 200) throw new Error(`P's payment: ${bought.reply.status} ${bought.reply.text}`);
  w.paidMerchantUid = bought.merchantUid;
  const deadline = Date.now() + 30_000;
  while ((await detail(paid.cookie)).reader !== 'paid') {
    if (Date.now() > deadline) throw new Error('the dictionary never saw P as paid');
    await new Promise((r) => setTimeout(r, 500));
  }
}, 300_000);

afterAll(async () => {
  await stack?.stop();
});

/** Sends `route` as `caller` with the example body built for them. */
async function send(route: ApiRoute, caller: CallerName, cookie?: string): Promise<Reply> {
  seq += 1;
  const params = route.body(contextFor(w, caller, `${run}${seq}`));
  if (caller === 'admin' && routeKey(route) === 'POST /api/sys/deleteCouponItem') params.couponId = spareCouponId;
  return call(w.baseUrl, route.method, route.path, params, { cookie: cookie ?? memberOf(w, caller)?.cookie });
}

/** Facts a 200 must show besides the marker scan: whose data it is. */
function checkFacts(route: ApiRoute, caller: CallerName, r: Reply): void {
  const me = memberOf(w, caller);
  const victim = w.data[victimOf(caller)];
  switch (routeKey(route)) {
    case 'POST /api/user/getUserInfo':
      expect(r.text).toContain(me!.email);
      break;
    case 'POST /api/dic/search/historyItems':
      expect((r.body.historyItems as { id: number }[]).map((h) => h.id)).not.toContain(victim.viewedHeadwordId);
      break;
    case 'GET /api/dic/wordbook/export':
    case 'POST /api/dic/wordbook/searchWordbookItems':
      for (const id of victim.savedHeadwordIds) expect(r.text).not.toContain(`/dictionary/Search/${id}`);
      break;
    case 'GET /api/used/isUsed':
    case 'GET /api/used/isUsedRemain':
      // The victim (B or A) is free: only P's own answer says valid.
      expect(r.body.status).toBe(caller === 'paid' ? 'valid' : 'none');
      break;
    case 'POST /api/coupon/list':
      if (caller === 'free' || caller === 'other')
        expect((r.body.datas as { ID: number }[]).map((c) => c.ID)).toContain(w.data[caller].couponId);
      break;
    case 'POST /api/used/paymentLists':
      if (caller === 'free' || caller === 'other') expect(r.text).toContain(w.data[caller].failedMerchantUid);
      break;
    // Positive controls: the administrator, who may, does see B's markers where the others got none.
    case 'POST /api/sys/searchUserItems': {
      const v = w[victimOf(caller)];
      const hit = (r.body.datas as { ID: number; USEREMAIL: string }[]).find((u) => u.ID === v.id);
      expect(hit?.USEREMAIL).toEqual(caller === 'admin' ? v.email : expect.stringContaining('***'));
      break;
    }
    case 'POST /api/sys/selectUserItems':
      // (B's name and phone were changed by B's own updateUserProfile row.)
      expect(r.body.data).toMatchObject({ ID: w.other.id, USEREMAIL: w.other.email });
      break;
    case 'POST /api/sys/selectPaymentItems':
      expect(r.text).toContain(w.data.other.failedMerchantUid);
      break;
    case 'POST /api/sys/selectCouponItems':
      expect(r.text).toContain(w.data.other.couponCode);
      break;
  }
}

/** No 200 a non-administrator receives carries another member's markers. */
function scan(caller: CallerName, r: Reply): void {
  if (caller === 'admin' || r.status !== 200) return;
  const markers = (['free', 'other'] as const).filter((m) => m !== caller).flatMap((v) => markersOf(w[v], w.data[v]));
  if (caller !== 'paid') markers.push(w.paid.email, w.paid.name, w.paid.phone, w.paidMerchantUid);
  for (const marker of markers) expect(r.text).not.toContain(marker);
}

async function checkRow(route: ApiRoute, caller: CallerName, status: number, cookie?: string): Promise<void> {
  const r = await send(route, caller, cookie);
  if (r.status !== status) throw new Error(`expected ${status}, got ${r.status}: ${r.text.slice(0, 300)}`);
  if (status === 403) expect(r.body).toEqual({ error: true, message: ADMIN_ONLY });
  if (status === 401 && caller === 'anonymous') {
    expect(r.body).toMatchObject({ error: true, message: ANONYMOUS_MESSAGE[routeKey(route)] ?? MEMBER_AUTH_REQUIRED });
  }
  if (status >= 400) expect(r.body.error).toBe(true);
  scan(caller, r);
  if (status === 200) checkFacts(route, caller, r);
}

type Row = [method: string, path: string, caller: CallerName, status: number, route: ApiRoute];

const rowsFor = (callers: CallerName[], effects: ApiRoute['effect'][] = ['read', 'write']): Row[] =>
  callers.flatMap((c) =>
    API_ROUTES.filter((r) => effects.includes(r.effect)).map((r): Row => [
      r.method,
      r.path,
      c,
      expectedStatus(r, c),
      r,
    ]),
  );

describe('the catalog', () => {
  test('lists every route the services and the gateway declare', () => {
    const declared = new Set<string>();
    const src = (p: string) => readFileSync(path.join(__dirname, '../..', p), 'utf8');
    const dirs = [
      'services/account/src/routes',
      'services/billing/src/routes',
      'services/billing/src/coupons',
      'services/dictionary/src/routes',
      'services/wordbook/src/routes',
      'services/statistics/src/routes',
    ];
    const prefixes: Record<string, string> = {
      'services/account/src/routes/user.ts': '/api/user',
      'services/account/src/routes/sys.ts': '/api/sys',
      'services/statistics/src/routes/sys.ts': '/api/sys',
    };
    for (const dir of dirs) {
      for (const f of readdirSync(path.join(__dirname, '../..', dir)).filter((x) => x.endsWith('.ts'))) {
        const file = `${dir}/${f}`;
        if (file.endsWith('/internal.ts')) continue; // not reachable through the gateway
        for (const m of src(file).matchAll(/\.(get|post)\(\s*'([^']+)'/g)) {
          const p = (prefixes[file] ?? '') + m[2]!.replace(':product', 'basic');
          declared.add(`${m[1]!.toUpperCase()} ${p}`);
        }
      }
    }
    const listed = new Set(API_ROUTES.map(routeKey));
    expect([...declared].filter((k) => !listed.has(k)).sort()).toEqual([]);
    expect([...listed].filter((k) => !declared.has(k) && k !== 'GET /health').sort()).toEqual([]);
  });
});

describe('permission matrix', () => {
  let otherBefore: Record<string, unknown>;
  let freeBefore: Record<string, unknown>;

  test('B’s own views are recorded before anyone else calls', async () => {
    otherBefore = await ownViews(w.other);
    // The snapshot holds the data the other callers' requests name.
    const text = JSON.stringify(otherBefore);
    const d = w.data.other;
    for (const marker of [...d.itemIds, d.couponCode, d.standbyMerchantUid, d.failedMerchantUid, d.customerUid]) {
      expect(text).toContain(marker);
    }
    expect(otherBefore.coupons).toMatchObject({ body: { datas: [{ ID: d.couponId, STATUS: 'USING' }] } });
    expect(otherBefore.subscription).toMatchObject({ body: { code: 'success', data: { STATUS: 'STANDBY' } } });
  });

  test.each(rowsFor(['anonymous', 'free', 'paid']))('%s %s as %s → %i', async (_m, _p, caller, status, route) => {
    await checkRow(route, caller, status);
  });

  test('B’s data is unchanged by the anonymous, free and paid callers', async () => {
    expect(await ownViews(w.other)).toEqual(otherBefore);
    freeBefore = await ownViews(w.free);
  });

  test.each(rowsFor(['other']))('%s %s as %s → %i', async (_m, _p, caller, status, route) => {
    await checkRow(route, caller, status);
  });

  test('A’s data is unchanged by B', async () => {
    expect(await ownViews(w.free)).toEqual(freeBefore);
  });
});

describe('P’s paid order and pass are P’s alone', () => {
  let paidBefore: Record<string, unknown>;
  const ORDER_PATHS = [
    '/api/pay/order/cancel',
    '/subscribe/user-cancel-payments',
    '/api/pay/order/usedSuccess',
    '/api/pay/order/complete',
    '/api/pay/order/fail',
    '/subscribe/payments/get-payment',
    '/subscribe/payments/find-payment',
  ];
  const others: CallerName[] = ['anonymous', 'free', 'other'];

  beforeAll(async () => {
    paidBefore = await ownViews(w.paid);
  });

  test.each(others.flatMap((c) => ORDER_PATHS.map((p) => [p, c, c === 'anonymous' ? 401 : 404] as const)))(
    'POST %s naming P’s paid order as %s → %i',
    async (p, caller, status) => {
      const r = await call(
        w.baseUrl,
        'POST',
        p,
        { merchant_uid: w.paidMerchantUid, reason: '권한 매트릭스' },
        { cookie: memberOf(w, caller)?.cookie },
      );
      if (r.status !== status) throw new Error(`expected ${status}, got ${r.status}: ${r.text.slice(0, 300)}`);
      scan(caller, r);
    },
  );

  test.each(
    others.flatMap((c) =>
      (
        [
          ['GET', '/api/used/isUsed', 'id'],
          ['GET', '/api/used/isUsedRemain', 'id'],
          ['POST', '/api/used/usedList', 'userId'],
          ['POST', '/api/used/paymentLists', 'userId'],
        ] as const
      ).map(([m, p, q]) => [m, p, c, q] as const),
    ),
  )('%s %s naming P as %s answers the caller’s own (unpaid) state', async (method, p, caller, q) => {
    const r = await call(w.baseUrl, method, p, { [q]: w.paid.id }, { cookie: memberOf(w, caller)?.cookie });
    if (caller === 'anonymous' && p !== '/api/used/isUsed') return expect(r.status).toBe(401);
    expect(r.status).toBe(200);
    if (r.body.status !== undefined) expect(r.body.status).toBe('none');
    if (p === '/api/used/usedList') expect(r.body.total).toBe(0);
    scan(caller, r);
  });

  test('P is still paid and its views are unchanged', async () => {
    expect(paidBefore.pass).toMatchObject({ body: { status: 'valid' } });
    expect(JSON.stringify(paidBefore.payments)).toContain(w.paidMerchantUid);
    expect(await ownViews(w.paid)).toEqual(paidBefore);
  });
});

describe('paid synonyms never reach a visitor or a free member', () => {
  const LIMIT: Record<CallerName, number> = { anonymous: 1, free: 2, other: 2, paid: Infinity, admin: Infinity };
  let full: Map<string, string[]>;

  beforeAll(async () => {
    full = byCategory((await detail(w.paid.cookie)).wordSynItems);
  });

  test('the chosen headword has a category longer than the free cut', () => {
    expect(Math.max(...[...full.values()].map((x) => x.length))).toBeGreaterThan(2);
  });

  test.each(CALLERS.map((c) => [c]))('detail (wordSynItems) as %s is cut to its plan', async (caller) => {
    const d = await detail(memberOf(w, caller)?.cookie);
    const limit = LIMIT[caller];
    const expected = new Map([...full].map(([g, words]) => [g, words.slice(0, limit)]));
    expect(byCategory(d.wordSynItems)).toEqual(expected);
    for (const g of d.gubnItems) {
      const total = full.get(g.GUBN)?.length ?? 0;
      expect(g).toMatchObject({ TOTAL_CNT: total, REMAIN_CNT: total - Math.min(total, limit) });
    }
  });

  test('identity headers a visitor sends are not believed', async () => {
    const d = await detail(undefined, { [USER_ID_HEADER]: String(w.paid.id), [USER_GRADE_HEADER]: '0' });
    expect(d.reader).toBe('visitor');
    expect(byCategory(d.wordSynItems)).toEqual(new Map([...full].map(([g, words]) => [g, words.slice(0, 1)])));
  });

  test.each([['free'], ['other'], ['paid']] as [CallerName][])(
    'the Anki export as %s carries only the similar words of its plan',
    async (caller) => {
      const m = memberOf(w, caller)!;
      const as = { cookie: m.cookie };
      const saved = await call(
        w.baseUrl,
        'POST',
        '/api/dic/wordbook/insertWordbookItem',
        { pyojaeId: w.headword.id, word: w.headword.word },
        as,
      );
      expect(saved.status).toBe(200);
      const r = await call(w.baseUrl, 'GET', '/api/dic/wordbook/export', { format: 'anki' }, as);
      expect(r.status).toBe(200);
      const front = w.headword.hanja ? `${w.headword.word} (${w.headword.hanja})` : w.headword.word;
      const line = r.text.split('\n').find((l) => l.startsWith(`${front}\t`));
      const similar = full.get('비슷한말') ?? [];
      expect(line?.split('\t')[1]).toBe(similar.slice(0, LIMIT[caller]).join(', '));
    },
  );

  test('a visitor gets no export at all', async () => {
    const r = await call(w.baseUrl, 'GET', '/api/dic/wordbook/export', { format: 'anki' });
    expect(r.status).toBe(401);
  });

  test.each(
    (['anonymous', 'free'] as CallerName[]).flatMap((c) =>
      API_ROUTES.filter(
        (r) => r.service === 'dictionary' || (r.service === 'wordbook' && r.path.endsWith('searchWordbookItems')),
      )
        .filter((r) => !r.path.endsWith('wordSynItems'))
        .map((r) => [r.path, c] as [string, CallerName]),
    ),
  )('%s as %s returns no synonym lists', async (p, caller) => {
    const route = API_ROUTES.find((r) => r.path === p)!;
    const r = await send(route, caller);
    if (r.status !== 200) return expect(r.status).toBe(401);
    expect(r.text).not.toContain('"GUBN"');
    expect(r.text).not.toContain('wordSynItems');
  });
});

describe('administrator rows', () => {
  test.each(rowsFor(['admin']))('%s %s as %s → %i', async (_m, _p, caller, status, route) => {
    await checkRow(route, caller, status);
  });
});

describe('routes that end a session (each call on a fresh session)', () => {
  const SESSION_EXPECTED: Record<string, Expect> = {
    'POST /api/user/login': { anonymous: 401, ...members(200) },
    'GET /api/user/logout': everyone(200),
    'POST /api/user/updateUserInfo': { anonymous: 401, ...members(400) },
    'POST /api/user/insertUserCancelInfo': { anonymous: 401, ...members(400) },
    'POST /api/sys/deleteUserItem': { anonymous: 403, free: 403, other: 403, paid: 403, admin: 200 },
  };
  const rows = CALLERS.flatMap((c) =>
    API_ROUTES.filter((r) => r.effect === 'session').map((r): Row => [
      r.method,
      r.path,
      c,
      SESSION_EXPECTED[routeKey(r)]?.[c] ?? -1,
      r,
    ]),
  );

  test.each(rows)('%s %s as %s → %i', async (_m, _p, caller, status, route) => {
    const me = memberOf(w, caller);
    const fresh = me ? (await login(w.baseUrl, me.email, me.password)).cookie : undefined;
    await checkRow(route, caller, status, fresh);
  });

  test('B was deleted by the administrator only: the session rows of the others left B signed in until then', async () => {
    const r = await call(w.baseUrl, 'POST', '/api/user/login', { email: w.other.email, password: w.other.password });
    expect(r.status).toBe(401);
  });
});
