// Regression tests for an attacker's review, items 3 (the one-device rule) and 7 (trust between the
// gateway and the services), through the gateway of a real test stack and straight at the services'
// own ports (`TEST_STACK_OFFSET=47 npx jest --selectProjects integration --runTestsByPath
// test/security/device-and-trust.int.test.ts`).
// Before: a session that logged in and never claimed the device inherited the current key and read
// the paid lists beside the device that claimed; a replaced device still exported the full paid lists
// as Anki and read the wordbook, coupons and usage; a service believed any x-user-* header (a member
// promoted to administrator by `x-user-grade: 0` sent to the account service's port) and
// /internal/users/lookup answered anyone.
import type { Pool } from 'pg';
import { topology } from '../../scripts/topology';
import { call, sessionCookie, type Reply } from './support/http';
import { APPROVED_CARD, joinMember, payOneOff, type Member } from './support/members';
import { startSecurityStack, type SecurityStack } from './support/stack';

jest.setTimeout(300_000);

const REPLACED = {
  error: true,
  authKeyError: true,
  message: '다른 기기에서 로그인하여 로그아웃되었습니다. 다시 로그인해 주세요.',
};

let secured: SecurityStack | undefined;
let baseUrl: string;
let pool: Pool;
let paid: Member;
let headwordId: number;

beforeAll(async () => {
  secured = await startSecurityStack('device');
  ({ baseUrl, pool } = secured);
  paid = await joinMember(baseUrl, '유료', 'device');
  // This browser's device claims the account, as the web app does after the login.
  const claimed = await claim(paid, paid.cookie, 'device-of-the-payer');
  if (claimed.status !== 200) throw new Error(`claim: ${claimed.status} ${claimed.text}`);
  const { reply } = await payOneOff(baseUrl, secured.sandboxUrl, paid, APPROVED_CARD);
  if (reply.status !== 200) throw new Error(`payment: ${reply.status} ${reply.text}`);
  headwordId = await headwordWithHiddenWords();
  // The pass reaches the dictionary as an event (billing's outbox → Kafka → its projection), not with the payment's
  // answer: wait for it, so the tests below judge the one-device rule and not the event's way there.
  const deadline = Date.now() + 15_000;
  while ((await detail(paid.cookie)).body.reader !== 'paid') {
    if (Date.now() > deadline) throw new Error("the member's pass did not reach the dictionary within 15 s");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}, 300_000);

afterAll(async () => {
  await secured?.stop();
});

const detail = (cookie: string | undefined, id = headwordId) =>
  call(baseUrl, 'POST', '/api/dic/search/wordSynItems', { pyojaeId: id }, cookie ? { cookie } : {});

/** A headword whose similar words a free member does not all see (so the cut shows). */
async function headwordWithHiddenWords(): Promise<number> {
  const found = await call(baseUrl, 'POST', '/api/dic/search/pyojaeItems', { searchWord: '사랑', pageNum: 0 });
  const items = (found.body.results as { wordInfoItems: { ID: number }[] }).wordInfoItems;
  for (const { ID } of items) {
    const d = await detail(undefined, ID);
    const gubn = d.body.gubnItems as { GUBN: string; TOTAL_CNT: number; REMAIN_CNT: number }[];
    if (gubn.some((g) => g.REMAIN_CNT > 0)) return ID;
  }
  throw new Error('no headword with hidden words among the results for 사랑');
}

/** Signs in without claiming the device, as a script or a second browser that skips the check. */
async function loginOnly(member: Member): Promise<{ cookie: string; curKey: string }> {
  const r = await call(baseUrl, 'POST', '/api/user/login', { email: member.email, password: member.password });
  if (r.status !== 200) throw new Error(`login: ${r.status} ${r.text}`);
  return { cookie: sessionCookie(r.setCookie), curKey: String((r.body.user as { curKey: string }).curKey) };
}

async function claim(member: Member, cookie: string, key: string): Promise<Reply> {
  return call(baseUrl, 'POST', '/api/user/updateUserConnectInfo', { userId: member.id, userAuthKey: key }, { cookie });
}

const visibleWords = (r: Reply) => (r.body.wordSynItems as unknown[]).length;

describe('the one-device rule on every member route (item 3)', () => {
  let fullCount = 0;
  let ankiOnDevice = '';

  test('a signed-in session that never claims the device gets the free cut, not the paid one', async () => {
    const onDevice = await detail(paid.cookie);
    expect(onDevice.body.reader).toBe('paid');
    fullCount = visibleWords(onDevice);

    // Save the word, so the export has something to cut.
    const saved = await call(
      baseUrl,
      'POST',
      '/api/dic/wordbook/insertWordbookItem',
      { pyojaeId: headwordId, word: '사랑' },
      {
        cookie: paid.cookie,
      },
    );
    expect(saved.status).toBe(200);
    ankiOnDevice = (await call(baseUrl, 'GET', '/api/dic/wordbook/export', { format: 'anki' }, { cookie: paid.cookie }))
      .text;

    const second = await loginOnly(paid);
    // It is told which device holds the account, and is not that device.
    expect(second.curKey).not.toBe('');
    const unclaimed = await detail(second.cookie);
    expect(unclaimed.status).toBe(200);
    expect(unclaimed.body.reader).toBe('free');
    expect(visibleWords(unclaimed)).toBeLessThan(fullCount);
    const anki = await call(baseUrl, 'GET', '/api/dic/wordbook/export', { format: 'anki' }, { cookie: second.cookie });
    expect(anki.status).toBe(200);
    expect(anki.text.length).toBeLessThan(ankiOnDevice.length);
    // The device that claimed keeps its paid view beside it.
    expect((await detail(paid.cookie)).body.reader).toBe('paid');
  });

  test('a device another login replaced reads nothing of the member: detail, export, wordbook, coupons, usage', async () => {
    const replaced = paid.cookie;
    const taker = await loginOnly(paid);
    expect((await claim(paid, taker.cookie, 'device-of-the-taker')).status).toBe(200);

    const attempts: [string, Promise<Reply>][] = [
      ['detail', detail(replaced)],
      ['anki export', call(baseUrl, 'GET', '/api/dic/wordbook/export', { format: 'anki' }, { cookie: replaced })],
      [
        'wordbook',
        call(baseUrl, 'POST', '/api/dic/wordbook/searchWordbookItems', { pageNum: 0 }, { cookie: replaced }),
      ],
      ['coupons', call(baseUrl, 'POST', '/api/coupon/list', {}, { cookie: replaced })],
      ['usage', call(baseUrl, 'GET', '/api/used/isUsedRemain', {}, { cookie: replaced })],
    ];
    // The first refusal ends the session; every attempt is refused or finds itself signed out.
    const first = await attempts[0]![1];
    expect(first.status).toBe(401);
    expect(first.body).toEqual({ ...REPLACED, authKey: '' });
    for (const [what, pending] of attempts.slice(1)) {
      const r = await pending;
      expect([what, r.status]).toEqual([what, 401]);
      expect([what, r.text]).not.toEqual([what, expect.stringContaining('\t')]);
    }
    // The taker reads the paid lists.
    paid = { ...paid, cookie: taker.cookie };
    expect((await detail(taker.cookie)).body.reader).toBe('paid');
  });

  test('logging out on the current device lets go of the account: the next login sees no device holding it', async () => {
    const other = await loginOnly(paid);
    expect(other.curKey).toBe('device-of-the-taker');
    expect((await call(baseUrl, 'GET', '/api/user/logout', {}, { cookie: paid.cookie })).status).toBe(200);
    const next = await loginOnly(paid);
    expect(next.curKey).toBe('');
  });
});

describe('trust between the gateway and the services (item 7)', () => {
  const ports = topology('test').ports;
  const direct = (port: number, path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`http://127.0.0.1:${port}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });

  test('identity headers sent straight to a service are refused: no member becomes an administrator', async () => {
    const victim = await joinMember(baseUrl, '승격', 'promote');
    // Claiming to be some administrator, to promote the victim.
    const forged = { 'x-user-id': '1', 'x-user-grade': '0', 'x-device-state': 'current' };
    const res = await direct(
      ports.account,
      '/api/sys/updateUserItem',
      { userId: victim.id, userCheckEmail: 'T', grade: 0 },
      forged,
    );
    expect(res.status).toBe(401);
    const { rows } = await pool.query<{ grade: number }>('SELECT grade FROM account.users WHERE id = $1', [victim.id]);
    expect(rows[0]?.grade).toBe(1);

    const paidView = await direct(ports.dictionary, '/api/dic/search/wordSynItems', { pyojaeId: headwordId }, forged);
    expect(paidView.status).toBe(401);
    // Without any claim the service answers as it would a visitor, and no more.
    const visitor = await direct(ports.dictionary, '/api/dic/search/wordSynItems', { pyojaeId: headwordId });
    expect(((await visitor.json()) as { reader: string }).reader).toBe('visitor');
  });

  test('internal routes answer only other services, never an unsigned caller nor one signed by the gateway', async () => {
    const lookup = await direct(ports.account, '/internal/users/lookup', { ids: [paid.id] });
    expect(lookup.status).toBe(401);
    expect(await lookup.text()).not.toContain(paid.email);
    const detailInside = await direct(
      ports.dictionary,
      '/internal/headwords/detail',
      { pyojaeId: headwordId },
      {
        'x-user-id': String(paid.id),
        'x-user-grade': '1',
      },
    );
    expect(detailInside.status).toBe(401);
    // Nor does the gateway route them.
    expect((await call(baseUrl, 'POST', '/internal/users/lookup', { ids: [paid.id] })).status).toBe(404);
  });
});
