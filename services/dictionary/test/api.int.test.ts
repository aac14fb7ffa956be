// The HTTP API of spec §7.2 with the service in-process (kit startService) against the real
// Elasticsearch, PostgreSQL, Redis and Kafka, called the way the gateway calls it.
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  DEVELOPMENT_IDENTITY_SECRET,
  GATEWAY_ISSUER,
  identityHeaders,
  parseSession,
  REQUEST_ID_HEADER,
  sessionHash,
  startService,
  USER_GRADE_HEADER,
  USER_ID_HEADER,
  type DeviceState,
} from '@syn/kit';
import {
  decodeEnvelope,
  newEnvelope,
  encodeEnvelope,
  PassStatus,
  timestampFromDate,
  TOPICS,
  type Envelope,
} from '@syn/proto';
import type { DictionaryService } from './harness';
import type { HeadwordRecord } from '../src/domain/record';
import { importDataset } from '../src/store/import';
import { dictionaryService } from '../src/service';
import { aRecord, aRelation, dropIndicesOf, testClient, toJsonl, uniqueAlias } from './builders';

const es = testClient();
const alias = uniqueAlias('api');
const prefix = `dicttest.${randomBytes(4).toString('hex')}.`;
let svc: DictionaryService;
let url: string;

// User ids far from real ones, unique per run: the projection table is shared by test runs.
const base = 700_000_000 + Math.floor(Math.random() * 1_000_000) * 10;
const FREE = base + 1;
const PAID = base + 2;

const records: HeadwordRecord[] = [
  aRecord({
    id: 1,
    word: '사랑',
    frequencyRank: 300,
    relations: [
      aRelation('비슷한말', 20),
      aRelation('비슷한말', 22),
      aRelation('비슷한말', 23),
      aRelation('비슷한말', 24),
      aRelation('반대말', 21),
      aRelation('하위어', 3),
      aRelation('하위어', 5),
      aRelation('하위어', 2),
    ],
  }),
  aRecord({ id: 2, word: '사랑니', frequencyRank: 9000 }),
  aRecord({ id: 3, word: '첫사랑', frequencyRank: 5000 }),
  aRecord({ id: 4, word: '사랑방', hanja: '舍廊房', frequencyRank: 7000 }),
  aRecord({ id: 5, word: '짝사랑', frequencyRank: null }),
  aRecord({ id: 7, word: '사람', frequencyRank: 10 }),
  aRecord({ id: 8, word: '소리', frequencyRank: 200 }),
  aRecord({ id: 10, word: '배', homograph: 1, sense: '신체 부위', frequencyRank: 462 }),
  aRecord({ id: 11, word: '배', homograph: 2, sense: '탈것', frequencyRank: 462 }),
  aRecord({ id: 12, word: '배', homograph: 3, sense: '과일', frequencyRank: 462 }),
  aRecord({ id: 13, word: '배', homograph: 4, hanja: '倍', sense: '곱절', frequencyRank: 462 }),
  aRecord({ id: 20, word: '애정', hanja: '愛情', frequencyRank: 2000 }),
  aRecord({ id: 21, word: '미움', frequencyRank: 3000 }),
  aRecord({ id: 22, word: '연모', hanja: '戀慕', frequencyRank: 9000 }),
  aRecord({ id: 23, word: '애모', frequencyRank: 9500 }),
  aRecord({ id: 24, word: '연애', frequencyRank: 9600 }),
];
// 25 words with the syllable 가, for paging and history.
for (let i = 0; i < 25; i += 1) {
  records.push(
    aRecord({ id: 100 + i, word: `가${String.fromCodePoint(0xac00 + 28 * (i + 1))}`, frequencyRank: 100 + i }),
  );
}

interface Who {
  userId: number;
  grade: number;
  deviceKey?: string;
  sessionHash?: string;
  /** A member's standing under the one-device rule; 'current' unless a test says otherwise. */
  deviceState?: DeviceState;
}
const VISITOR: Who = { userId: 99999999, grade: -1 };

interface Reply {
  status: number;
  body: Record<string, unknown>;
  text: string;
  setCookie: string[];
}

async function post(path: string, body: unknown, who: Who = VISITOR, requestId?: string): Promise<Reply> {
  // Signed as the gateway signs what it forwards (kit identity.ts).
  const member = who.userId !== VISITOR.userId;
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    ...identityHeaders(DEVELOPMENT_IDENTITY_SECRET, GATEWAY_ISSUER, 'POST', path, {
      ...who,
      deviceState: member ? (who.deviceState ?? 'current') : undefined,
    }),
    ...(requestId ? { [REQUEST_ID_HEADER]: requestId } : {}),
  };
  const res = await fetch(`${url}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
  const text = await res.text();
  return {
    status: res.status,
    body: JSON.parse(text) as Record<string, unknown>,
    text,
    setCookie: res.headers.getSetCookie(),
  };
}

const search = (body: Record<string, unknown>, who?: Who, requestId?: string) =>
  post('/api/dic/search/pyojaeItems', body, who, requestId);
const detail = (pyojaeId: unknown, who?: Who, requestId?: string) =>
  post('/api/dic/search/wordSynItems', { userId: 1, pyojaeId, userAuthKey: 'x' }, who, requestId);

interface Row {
  ID: number;
  WORD: string;
  HANJA: string;
}
const rows = (r: Reply) => (r.body.results as { wordInfoItems: Row[] }).wordInfoItems;
const words = (r: Reply) => rows(r).map((i) => i.WORD);

function aSession(): { sid: string; hash: string } {
  const sid = randomBytes(32).toString('base64url');
  return { sid, hash: sessionHash(sid) };
}

beforeAll(async () => {
  await importDataset(es, Readable.from([toJsonl(records)]), { alias });
  svc = await startService(dictionaryService, {
    PORT: '0',
    NODE_ENV: 'test',
    DATABASE_URL: process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/syndict_test',
    REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/1',
    KAFKA_BROKERS: process.env.KAFKA_BROKERS ?? '127.0.0.1:9092',
    ELASTICSEARCH_URL: process.env.ELASTICSEARCH_URL ?? 'http://127.0.0.1:9200',
    KAFKA_TOPIC_PREFIX: prefix,
    DICTIONARY_ALIAS: alias,
    PASS_CACHE_MS: '0',
    LOG_LEVEL: 'silent',
  });
  url = svc.http.url;
});

afterAll(async () => {
  await svc?.stop();
  await dropIndicesOf(es, alias);
  await es.close();
});

describe('POST /api/dic/search/pyojaeItems', () => {
  it('ranks exact, then prefix, then contains, each by frequency, with the documented keys', async () => {
    const r = await search({ searchWord: '사랑', pageSize: 10, pageNum: 0 });
    expect(r.status).toBe(200);
    expect(words(r)).toEqual(['사랑', '사랑방', '사랑니', '첫사랑', '짝사랑']);
    expect(r.body).toMatchObject({ totalElements: 5, totalPages: 1 });
    expect(rows(r)[0]).toMatchObject({ ID: 1, WORD: '사랑', HANJA: '' });
  });

  it('finds 사랑 by its 초성', async () => {
    const r = await search({ searchWord: 'ㅅㄹ', pageSize: 10, pageNum: 0 });
    expect(words(r).slice(0, 3)).toEqual(['사람', '소리', '사랑']);
  });

  it('finds a headword by its hanja', async () => {
    const r = await search({ searchWord: '愛情', pageSize: 10, pageNum: 0 });
    expect(rows(r)[0]).toMatchObject({ ID: 20, WORD: '애정', HANJA: '愛情' });
  });

  it('keeps homographs as separate rows with their own hanja', async () => {
    const r = await search({ searchWord: '배', pageSize: 10, pageNum: 0 });
    expect(
      rows(r)
        .slice(0, 4)
        .map((i) => [i.ID, i.HANJA]),
    ).toEqual([
      [10, ''],
      [11, ''],
      [12, ''],
      [13, '倍'],
    ]);
  });

  it('pages zero-based: a short last page, and an empty page past the end with the totals', async () => {
    const last = await search({ searchWord: '가', pageSize: 10, pageNum: 2 });
    expect(last.body).toMatchObject({ totalElements: 25, totalPages: 3 });
    expect(rows(last)).toHaveLength(5);
    const past = await search({ searchWord: '가', pageSize: 10, pageNum: 3 });
    expect(past.status).toBe(200);
    expect(past.body).toMatchObject({ totalElements: 25, totalPages: 3, results: { wordInfoItems: [] } });
  });

  it('defaults to ten a page and caps a huge page size', async () => {
    expect(rows(await search({ searchWord: '가' }))).toHaveLength(10);
    const capped = await search({ searchWord: '가', pageSize: 100000, pageNum: 0 });
    expect(capped.status).toBe(200);
    expect(rows(capped)).toHaveLength(25);
  });

  it.each([
    [{ searchWord: '' }, '검색할 내용을 입력해 주세요.'],
    [{ searchWord: '   ' }, '검색할 내용을 입력해 주세요.'],
    [{}, '검색할 내용을 입력해 주세요.'],
    [{ searchWord: '사랑', pageNum: -1 }, '페이지 번호가 올바르지 않습니다.'],
    [{ searchWord: '사랑', pageNum: 'abc' }, '페이지 번호가 올바르지 않습니다.'],
    [{ searchWord: '사랑', pageNum: 1.5 }, '페이지 번호가 올바르지 않습니다.'],
    [{ searchWord: '사랑', pageSize: 0 }, '한 페이지에 보여 줄 개수가 올바르지 않습니다.'],
  ])('answers 400 with a clear message for %j', async (body, message) => {
    const r = await search(body);
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ error: true, message });
  });
});

describe('POST /api/dic/search/wordSynItems', () => {
  const hidden = ['연모', '애모', '연애', '사랑니', '짝사랑'];

  it('when a visitor opens a headword, then one word per category is shown and the rest only counted', async () => {
    const r = await detail(1);
    expect(r.status).toBe(200);
    expect(r.body.reader).toBe('visitor');
    expect(r.body.wordSynItems).toEqual([
      { GUBN: '비슷한말', WORD: '애정', WORD_ID: 20, HANJA: '愛情' },
      { GUBN: '반대말', WORD: '미움', WORD_ID: 21, HANJA: '' },
      { GUBN: '하위어', WORD: '첫사랑', WORD_ID: 3, HANJA: '' },
    ]);
    expect(r.body.gubnItems).toEqual([
      { GUBN: '비슷한말', TOTAL_CNT: 4, REMAIN_CNT: 3 },
      { GUBN: '반대말', TOTAL_CNT: 1, REMAIN_CNT: 0 },
      { GUBN: '하위어', TOTAL_CNT: 3, REMAIN_CNT: 2 },
    ]);
    expect(r.body.pyojaeItem).toMatchObject({ ID: 1, WORD: '사랑', LINK_URL: '/dictionary/Search/1' });
    expect(r.body.authKeyError).toBe(false);
    for (const word of hidden) expect(r.text).not.toContain(word);
    for (const id of [22, 23, 24, 5, 2]) expect(r.text).not.toMatch(new RegExp(`"(WORD_ID|ID)":${id}[,}]`));
  });

  it('when a free member opens a headword, then two words per category are shown', async () => {
    const r = await detail(1, { userId: FREE, grade: 1, deviceKey: 'dev-free' });
    expect(r.body.reader).toBe('free');
    expect(r.body.authKey).toBe('dev-free');
    const synonyms = (r.body.wordSynItems as Row[]).map((i) => i.WORD);
    expect(synonyms).toEqual(['애정', '연모', '미움', '첫사랑', '짝사랑']);
    for (const word of ['애모', '연애', '사랑니']) expect(r.text).not.toContain(word);
    expect(r.body.gubnItems).toEqual([
      { GUBN: '비슷한말', TOTAL_CNT: 4, REMAIN_CNT: 2 },
      { GUBN: '반대말', TOTAL_CNT: 1, REMAIN_CNT: 0 },
      { GUBN: '하위어', TOTAL_CNT: 3, REMAIN_CNT: 1 },
    ]);
  });

  it("when billing starts a member's pass, then they see every word; when it ends, two again", async () => {
    const who: Who = { userId: PAID, grade: 1 };
    expect((await detail(1, who)).body.reader).toBe('free');
    const send = async (status: PassStatus, end: Date) => {
      const env = newEnvelope({
        producer: 'billing',
        key: String(PAID),
        event: {
          case: 'passChanged',
          value: {
            userId: PAID,
            passId: PAID,
            itemId: 6,
            status,
            startDate: timestampFromDate(new Date(Date.now() - 86_400_000)),
            endDate: timestampFromDate(end),
          },
        },
      });
      await svc.deps.producer.send({
        topic: prefix + TOPICS.billing,
        messages: [{ key: env.key, value: Buffer.from(encodeEnvelope(env)), headers: { 'event-id': env.id } }],
      });
    };
    const readerEventually = async (expected: string) => {
      const deadline = Date.now() + 60_000;
      let seen = '';
      while (Date.now() < deadline) {
        seen = String((await detail(1, who)).body.reader);
        if (seen === expected) return seen;
        await new Promise((r) => setTimeout(r, 300));
      }
      return seen;
    };
    await send(PassStatus.START, new Date(Date.now() + 30 * 86_400_000));
    await expect(readerEventually('paid')).resolves.toBe('paid');
    const r = await detail(1, who);
    expect((r.body.wordSynItems as Row[]).map((i) => i.WORD)).toEqual([
      '애정',
      '연모',
      '애모',
      '연애',
      '미움',
      '첫사랑',
      '짝사랑',
      '사랑니',
    ]);
    expect(r.body.gubnItems).toContainEqual({ GUBN: '비슷한말', TOTAL_CNT: 4, REMAIN_CNT: 0 });
    await send(PassStatus.CANCEL, new Date(Date.now() + 30 * 86_400_000));
    await expect(readerEventually('free')).resolves.toBe('free');
  });

  it('answers 404 with a clear message for an unknown id, and 400 for a bad one', async () => {
    const missing = await detail(999_999);
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({
      error: true,
      message: '찾으시는 낱말이 사전에 없습니다. 다른 낱말로 검색해 주세요.',
    });
    const bad = await detail('abc');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('단어 정보가 올바르지 않습니다.');
  });

  it('answers authKeyError when another device took over the account (x-device-state: replaced)', async () => {
    const r = await detail(1, { userId: FREE, grade: 1, deviceKey: 'old', deviceState: 'replaced' });
    expect(r.status).toBe(401);
    expect(r.body).toMatchObject({ error: true, authKeyError: true });
    expect(r.text).not.toContain('애정');
  });

  it("cuts an administrator's view as free until the session has claimed the device (spec §4)", async () => {
    const unclaimed = await detail(1, { userId: FREE, grade: 0, deviceState: 'unclaimed' });
    expect(unclaimed.body.reader).toBe('free');
    expect(unclaimed.text).not.toContain('애모');
    const current = await detail(1, { userId: FREE, grade: 0 });
    expect(current.body.reader).toBe('paid');
    expect(current.text).toContain('애모');
  });

  it('refuses identity headers that carry no valid gateway signature', async () => {
    const forged = async (headers: Record<string, string>) => {
      const res = await fetch(`${url}/api/dic/search/wordSynItems`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ pyojaeId: 1 }),
      });
      return { status: res.status, text: await res.text() };
    };
    const unsigned = await forged({ [USER_ID_HEADER]: String(FREE), [USER_GRADE_HEADER]: '0' });
    expect(unsigned.status).toBe(401);
    expect(unsigned.text).not.toContain('애모');
    // A real signature, but for another path: not reusable.
    const elsewhere = identityHeaders(
      DEVELOPMENT_IDENTITY_SECRET,
      GATEWAY_ISSUER,
      'POST',
      '/api/dic/search/pyojaeItems',
      {
        userId: FREE,
        grade: 0,
        deviceState: 'current',
      },
    );
    expect((await forged(elsewhere)).status).toBe(401);
    // Signed with another secret.
    const wrongKey = identityHeaders('x'.repeat(40), GATEWAY_ISSUER, 'POST', '/api/dic/search/wordSynItems', {
      userId: FREE,
      grade: 0,
      deviceState: 'current',
    });
    expect((await forged(wrongKey)).status).toBe(401);
    // Expired: made more than 30 s ago.
    const old = identityHeaders(
      DEVELOPMENT_IDENTITY_SECRET,
      GATEWAY_ISSUER,
      'POST',
      '/api/dic/search/wordSynItems',
      { userId: FREE, grade: 0, deviceState: 'current' },
      Date.now() - 31_000,
    );
    expect((await forged(old)).status).toBe(401);
    // A visitor that claims nothing is served as a visitor.
    const plain = await forged({});
    expect(plain.status).toBe(200);
  });

  it('does not trust the body: a visitor claiming a user id is still a visitor', async () => {
    const r = await post('/api/dic/search/wordSynItems', { userId: PAID, pyojaeId: 1, userAuthKey: 'k' });
    expect(r.body.reader).toBe('visitor');
  });
});

describe('session history', () => {
  it('gives a visitor without a session an anonymous session, and records the view in it', async () => {
    const r = await detail(4);
    const cookie = r.setCookie.find((c) => c.startsWith('sid='));
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).not.toMatch(/Secure/);
    const sid = cookie!.split(';')[0]!.slice('sid='.length);
    const redis = svc.deps.redis!;
    const session = parseSession(await redis.get(`session:${sessionHash(sid)}`));
    expect(session).toMatchObject({ userId: 99999999, grade: -1, deviceKey: '', email: '' });
    expect(await redis.ttl(`session:${sessionHash(sid)}`)).toBeGreaterThan(3600);
    const list = await post('/api/dic/search/historyItems', {}, { ...VISITOR, sessionHash: sessionHash(sid) });
    expect(list.body).toEqual({
      historyItems: [{ id: 4, word: '사랑방', hanja: '舍廊房', linkUrl: '/dictionary/Search/4' }],
    });
  });

  it('keeps at most 10, de-duplicated by id, newest first', async () => {
    const { hash } = aSession();
    const who: Who = { userId: FREE, grade: 1, sessionHash: hash };
    for (let i = 0; i < 12; i += 1) await detail(100 + i, who);
    await detail(105, who);
    const r = await post('/api/dic/search/historyItems', {}, who);
    const ids = (r.body.historyItems as Array<{ id: number }>).map((e) => e.id);
    expect(ids).toEqual([105, 111, 110, 109, 108, 107, 106, 104, 103, 102]);
    // A member with a session gets no new cookie.
    expect((await detail(1, who)).setCookie).toEqual([]);
  });

  it('is empty for a visitor without a session', async () => {
    const r = await post('/api/dic/search/historyItems', {});
    expect(r.body).toEqual({ historyItems: [] });
  });
});

describe('GET /api/dic/search/suggest', () => {
  it('suggests up to 10 headwords by prefix and by 초성', async () => {
    const prefixRes = (await (await fetch(`${url}/api/dic/search/suggest?q=${encodeURIComponent('사랑')}`)).json()) as {
      suggestItems: Row[];
    };
    expect(prefixRes.suggestItems.map((i) => i.WORD)).toEqual(expect.arrayContaining(['사랑', '사랑방', '사랑니']));
    expect(prefixRes.suggestItems.map((i) => i.WORD)).not.toContain('첫사랑');
    const choseong = (await (await fetch(`${url}/api/dic/search/suggest?q=${encodeURIComponent('ㄱ')}`)).json()) as {
      suggestItems: Row[];
    };
    expect(choseong.suggestItems).toHaveLength(10);
    const empty = await fetch(`${url}/api/dic/search/suggest?q=`);
    expect(await empty.json()).toEqual({ suggestItems: [] });
  });
});

describe('events', () => {
  it('writes HeadwordSearched and HeadwordViewed to the outbox, one per request', async () => {
    const { hash } = aSession();
    const who: Who = { userId: FREE, grade: 1, sessionHash: hash };
    // The event records how many results the reader got (사랑방 itself, and 사랑 that nori finds in it).
    const found = (await search({ searchWord: '사랑방', pageSize: 10, pageNum: 0 }, who)).body as {
      totalElements: number;
    };
    expect(found.totalElements).toBeGreaterThanOrEqual(1);
    await detail(4, who);
    const mine = await factsOf(hash);
    expect(mine.map(({ row }) => row.type)).toEqual(['dictionary.HeadwordSearched.v1', 'dictionary.HeadwordViewed.v1']);
    expect(mine[0]!.env.event).toMatchObject({
      case: 'headwordSearched',
      value: { userId: FREE, query: '사랑방', resultCount: found.totalElements, page: 0 },
    });
    expect(mine[1]!.env.event).toMatchObject({
      case: 'headwordViewed',
      value: { userId: FREE, headwordId: 4, word: '사랑방', hanja: '舍廊房' },
    });
    expect(mine.every(({ row }) => row.key === String(FREE))).toBe(true);
  });

  it('gives the facts of one gateway request one id, so a request sent again to another replica is counted once', async () => {
    const { hash } = aSession();
    const who: Who = { userId: FREE, grade: 1, sessionHash: hash };
    const query = { searchWord: '사랑', pageSize: 10, pageNum: 0 };
    // The same request twice (the gateway's retry), another request, and one the gateway did not number.
    await search(query, who, 'rq5fGx2HbQ1tDkYyZ0aBcD');
    await search(query, who, 'rq5fGx2HbQ1tDkYyZ0aBcD');
    await search(query, who, 'Zz9aXq4LmN3pOr7sTu1vWx');
    await search(query, who);
    await detail(4, who, 'rq5fGx2HbQ1tDkYyZ0aBcD');
    await detail(4, who, 'rq5fGx2HbQ1tDkYyZ0aBcD');
    // Not a gateway request id: the fact gets a random id rather than one a caller chose.
    await detail(4, who, 'x');
    await detail(4, who, 'x');
    const facts = await factsOf(hash);
    // The second copy of each repeated request took the first one's id: the outbox kept one (and
    // had it been relayed already, statistics' processed-events check would drop it).
    expect(facts.map(({ env }) => env.event.case)).toEqual([
      'headwordSearched',
      'headwordSearched',
      'headwordSearched',
      'headwordViewed',
      'headwordViewed',
      'headwordViewed',
    ]);
    const [s1, s3, s4, v1, v3, v4] = facts.map(({ env }) => env.id);
    expect(new Set([s1, s3, s4, v1, v3, v4]).size).toBe(6);
    // Made from the request id (v8), or random (v4) where there was none or not a gateway one.
    expect([s1, s3, s4, v1, v3, v4].map((id) => id![14])).toEqual(['8', '8', '4', '8', '4', '4']);
    // Another member's request with the same id is another fact.
    const other = aSession();
    await search(query, { userId: PAID, grade: 1, sessionHash: other.hash }, 'rq5fGx2HbQ1tDkYyZ0aBcD');
    const [theirs] = await factsOf(other.hash);
    expect(theirs!.env.id).not.toBe(s1);
  });
});

/** The usage facts in the outbox made under one session, in order. */
async function factsOf(hash: string): Promise<{ row: { type: string; key: string }; env: Envelope }[]> {
  // The answers did not wait for the facts' commit: write the buffered batch before reading.
  await svc.deps.outboxBuffer!.flush();
  const { rows: outbox } = await svc.deps.pool!.query<{ type: string; payload: Buffer; key: string }>(
    `SELECT type, payload, key FROM dictionary.outbox WHERE topic = $1 AND created_at > now() - interval '5 minutes' ORDER BY seq`,
    [prefix + TOPICS.dictionary],
  );
  return outbox
    .map((row) => ({ row, env: decodeEnvelope(row.payload) }))
    .filter(({ env }) => (env.event.value as { sessionHash?: string }).sessionHash === hash);
}
