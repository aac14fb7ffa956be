// deleting one entry of the session's search history and clearing it, through the real
// gateway (sessions resolved from the cookie, as the web app calls it), on the real Redis,
// Elasticsearch and PostgreSQL.
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { newSessionId, sessionHash, sessionHistoryKey, type SessionData } from '@syn/kit';
import { decodeEnvelope, TOPICS } from '@syn/proto';
import type { RunningGateway } from '../../../gateway/src/main';
import { importDataset } from '../src/store/import';
import { aRecord, dropIndicesOf, testClient, toJsonl, uniqueAlias } from './builders';
import { startBehindGateway, type BehindGateway, type DictionaryService } from './harness';

jest.setTimeout(60_000);

const es = testClient();
const alias = uniqueAlias('history');
const prefix = `dicttest.${randomBytes(4).toString('hex')}.`;
// Member ids of this file only (the session keys are per run anyway).
const MEMBER_ID = 710_000_000 + Math.floor(Math.random() * 1_000_000);

const WORDS = [
  { id: 1, word: '사랑', hanja: '' },
  { id: 2, word: '애정', hanja: '愛情' },
  { id: 3, word: '연모', hanja: '戀慕' },
  { id: 4, word: '그리움', hanja: '' },
];

let stack: BehindGateway | undefined;
let svc: DictionaryService;
let gateway: RunningGateway;

beforeAll(async () => {
  await importDataset(es, Readable.from([toJsonl(WORDS.map((w) => aRecord({ ...w, hanja: w.hanja || null })))]), {
    alias,
  });
  stack = await startBehindGateway(alias, prefix);
  ({ svc, gateway } = stack);
}, 120_000);

afterAll(async () => {
  await stack?.close();
  await dropIndicesOf(es, alias);
  await es.close();
});

interface Reply {
  status: number;
  body: Record<string, unknown>;
  setCookie: string[];
}

async function post(path: string, body: unknown, cookie?: string): Promise<Reply> {
  const res = await fetch(`${gateway.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  return {
    status: res.status,
    body: (await res.json()) as Record<string, unknown>,
    setCookie: res.headers.getSetCookie(),
  };
}

const view = (id: number, cookie?: string) => post('/api/dic/search/wordSynItems', { pyojaeId: id }, cookie);
const idsOf = (r: Reply) => (r.body.historyItems as { id: number }[]).map((e) => e.id);
const listed = async (cookie: string) => idsOf(await post('/api/dic/search/historyItems', {}, cookie));

/** A visitor's browser: its first view makes the session (the cookie comes back); then the rest. */
async function visitorWhoViewed(ids: number[]): Promise<{ cookie: string; hash: string }> {
  const first = await view(ids[0]!);
  const sid = first.setCookie
    .find((c) => c.startsWith('sid='))!
    .split(';')[0]!
    .slice('sid='.length);
  const cookie = `sid=${sid}`;
  for (const id of ids.slice(1)) expect((await view(id, cookie)).status).toBe(200);
  return { cookie, hash: sessionHash(sid) };
}

/** A signed-in member's session, written as the account service writes it. */
async function memberWhoViewed(ids: number[]): Promise<{ cookie: string; hash: string }> {
  const sid = newSessionId();
  const session: SessionData = {
    userId: MEMBER_ID,
    grade: 1,
    deviceKey: '',
    email: `history.${MEMBER_ID}@example.com`,
    createdAt: new Date().toISOString(),
  };
  await svc.deps.redis!.set(`session:${sessionHash(sid)}`, JSON.stringify(session), {
    expiration: { type: 'EX', value: 3600 },
  });
  const cookie = `sid=${sid}`;
  for (const id of ids) expect((await view(id, cookie)).status).toBe(200);
  return { cookie, hash: sessionHash(sid) };
}

describe('deleting one entry', () => {
  test("takes it out of a visitor's list and answers what is left, newest first", async () => {
    const { cookie } = await visitorWhoViewed([1, 2, 3]);
    expect(await listed(cookie)).toEqual([3, 2, 1]);

    const r = await post('/api/dic/search/deleteHistoryItem', { itemId: 2 }, cookie);

    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      message: '검색 기록에서 지웠습니다.',
      historyItems: [
        { id: 3, word: '연모', hanja: '戀慕', linkUrl: '/dictionary/Search/3' },
        { id: 1, word: '사랑', hanja: '', linkUrl: '/dictionary/Search/1' },
      ],
    });
    expect(await listed(cookie)).toEqual([3, 1]);
    // Viewed again, it comes back first, once.
    await view(2, cookie);
    expect(await listed(cookie)).toEqual([2, 3, 1]);
  });

  test("works on a member's session and touches no one else's", async () => {
    const member = await memberWhoViewed([1, 4]);
    const stranger = await visitorWhoViewed([4, 1]);

    const r = await post('/api/dic/search/deleteHistoryItem', { itemId: 4, userId: 1 }, member.cookie);

    expect(idsOf(r)).toEqual([1]);
    expect(await listed(member.cookie)).toEqual([1]);
    expect(await listed(stranger.cookie)).toEqual([1, 4]);
  });

  test('of a headword not in the list changes nothing', async () => {
    const { cookie } = await visitorWhoViewed([1, 2]);
    const r = await post('/api/dic/search/deleteHistoryItem', { itemId: 3 }, cookie);
    expect(r.status).toBe(200);
    expect(idsOf(r)).toEqual([2, 1]);
  });

  test('refuses an id that is not a headword id with a Korean message, and deletes nothing', async () => {
    const { cookie } = await visitorWhoViewed([1, 2]);
    for (const itemId of [0, -2, 1.5, 'abc', '', null, true, 2_147_483_648, [2], { id: 2 }]) {
      const r = await post('/api/dic/search/deleteHistoryItem', { itemId }, cookie);
      expect([itemId, r.status, r.body]).toEqual([
        itemId,
        400,
        { error: true, message: '지울 검색 기록이 올바르지 않습니다.' },
      ]);
    }
    const missing = await post('/api/dic/search/deleteHistoryItem', {}, cookie);
    expect(missing.status).toBe(400);
    expect(await listed(cookie)).toEqual([2, 1]);
  });

  test("is a use of a visitor's session: it slides to a full day again", async () => {
    const { cookie, hash } = await visitorWhoViewed([1, 2]);
    const redis = svc.deps.redis!;
    await redis.expire(`session:${hash}`, 60);
    await redis.expire(sessionHistoryKey(hash), 60);
    await post('/api/dic/search/deleteHistoryItem', { itemId: 1 }, cookie);
    expect(await redis.ttl(`session:${hash}`)).toBeGreaterThan(3600);
    expect(await redis.ttl(sessionHistoryKey(hash))).toBeGreaterThan(3600);
  });
});

test("a view slides a returning visitor's session and history to a full day; a refused view does not", async () => {
  const { cookie, hash } = await visitorWhoViewed([1]);
  const redis = svc.deps.redis!;
  await redis.expire(`session:${hash}`, 60);
  await redis.expire(sessionHistoryKey(hash), 60);
  expect((await view(2, cookie)).status).toBe(200);
  expect(await redis.ttl(`session:${hash}`)).toBeGreaterThan(3600);
  expect(await redis.ttl(sessionHistoryKey(hash))).toBeGreaterThan(3600);
  expect(await listed(cookie)).toEqual([2, 1]);
  // A view of an unknown headword is refused before anything is written: the session does not slide.
  await redis.expire(`session:${hash}`, 60);
  expect((await view(99_999_998, cookie)).status).toBe(404);
  expect(await redis.ttl(`session:${hash}`)).toBeLessThanOrEqual(60);
});

describe('clearing', () => {
  test("empties the caller's list only", async () => {
    const visitor = await visitorWhoViewed([1, 2, 3]);
    const member = await memberWhoViewed([2, 3]);

    const r = await post('/api/dic/search/clearHistoryItems', { confirm: true }, visitor.cookie);

    expect(r.status).toBe(200);
    expect(r.body).toEqual({ message: '검색 기록을 모두 지웠습니다.', historyItems: [] });
    expect(await listed(visitor.cookie)).toEqual([]);
    expect(await svc.deps.redis!.exists(sessionHistoryKey(visitor.hash))).toBe(0);
    expect(await listed(member.cookie)).toEqual([3, 2]);

    expect(idsOf(await post('/api/dic/search/clearHistoryItems', { confirm: true }, member.cookie))).toEqual([]);
    expect(await listed(member.cookie)).toEqual([]);
  });

  test('needs confirm: true; without it, or in a body that is not JSON, nothing is deleted', async () => {
    const { cookie } = await visitorWhoViewed([1, 2]);
    for (const body of [{}, { confirm: false }, { confirm: 'yes' }, { confirm: 1 }, { userId: 1 }]) {
      const r = await post('/api/dic/search/clearHistoryItems', body, cookie);
      expect([body, r.status, r.body]).toEqual([
        body,
        400,
        { error: true, message: '검색 기록을 모두 지우려면 확인이 필요합니다.' },
      ]);
    }
    // A text/plain body is not read: no confirmation, nothing deleted.
    const plain = await fetch(`${gateway.url}/api/dic/search/clearHistoryItems`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain', cookie },
      body: JSON.stringify({ confirm: true }),
    });
    expect(plain.status).toBe(400);
    expect(await listed(cookie)).toEqual([2, 1]);
  });

  test('by a visitor without a session answers an empty list and makes no session', async () => {
    const r = await post('/api/dic/search/clearHistoryItems', { confirm: true });
    expect(r.status).toBe(200);
    expect(r.body.historyItems).toEqual([]);
    expect(r.setCookie.filter((c) => c.startsWith('sid='))).toEqual([]);
    const d = await post('/api/dic/search/deleteHistoryItem', { itemId: 1 });
    expect(d.status).toBe(200);
    expect(d.setCookie.filter((c) => c.startsWith('sid='))).toEqual([]);
  });
});

test('publishes nothing: statistics count the views, which did happen', async () => {
  const { cookie, hash } = await visitorWhoViewed([1, 2]);
  const eventsOfSession = async () => {
    // The views' answers did not wait for their facts' commit: write the buffered batch first.
    await svc.deps.outboxBuffer!.flush();
    const { rows } = await svc.deps.pool!.query<{ payload: Buffer }>(
      `SELECT payload FROM dictionary.outbox WHERE topic = $1`,
      [prefix + TOPICS.dictionary],
    );
    return rows.filter(
      (row) => (decodeEnvelope(row.payload).event.value as { sessionHash?: string }).sessionHash === hash,
    ).length;
  };
  const before = await eventsOfSession();
  expect(before).toBe(2);
  await post('/api/dic/search/deleteHistoryItem', { itemId: 1 }, cookie);
  await post('/api/dic/search/clearHistoryItems', { confirm: true }, cookie);
  expect(await eventsOfSession()).toBe(before);
});
