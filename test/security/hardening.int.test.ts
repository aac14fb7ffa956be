// Regression tests for an attacker's review (items 8, 10 and 11), through the gateway of a real
// test stack (`TEST_STACK_OFFSET=42 npx jest --selectProjects integration test/security/hardening.int.test.ts`):
// - 10: the wordbook's save and Anki export look headwords up on an internal dictionary route that
//   records no usage event, and /internal/* is not reachable through the gateway;
// - 8: the search word is bounded before anything is stored; a visitor session is made only when a
//   view must be kept in its history, lives a day and slides when used;
// - 11: source maps are not served; the PortOne sandbox redirects only to http(s) addresses.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { TOPICS } from '@syn/proto';
import type { Pool } from 'pg';
import { createClient } from 'redis';
import { sessionHash } from '@syn/kit/session';
import type { Stack } from '../../scripts/stack';
import { ROOT } from '../../scripts/topology';
import { startSecurityStack, type SecurityStack } from './support/stack';
import { call, type Reply } from './support/http';
import { joinMember, type Member } from './support/members';

const ONE_DAY_S = 24 * 3600;
const VIEWED = 'dictionary.HeadwordViewed.v1';
const SEARCHED = 'dictionary.HeadwordSearched.v1';

let secured: SecurityStack | undefined;
let stack: Stack;
let baseUrl: string;
let sandboxUrl: string;
let pool: Pool;
let redis: ReturnType<typeof createClient>;
let member: Member;
let words: { id: number; word: string }[];

beforeAll(async () => {
  secured = await startSecurityStack('hardening');
  ({ stack, baseUrl, sandboxUrl, pool } = secured);
  redis = createClient({ url: stack.env.REDIS_URL });
  await redis.connect();
  member = await joinMember(baseUrl, '보안점검', 'hardening');
  const found = await call(baseUrl, 'POST', '/api/dic/search/pyojaeItems', { searchWord: '사랑', pageSize: 10 });
  words = (found.body.results as { wordInfoItems: { ID: number; WORD: string }[] }).wordInfoItems.map((r) => ({
    id: r.ID,
    word: r.WORD,
  }));
  if (words.length < 4) throw new Error('too few headwords for 사랑');
}, 300_000);

afterAll(async () => {
  await redis?.quit();
  await secured?.stop();
});

/** The dictionary's usage events (what statistics counts) of one user, from the stack's own topic. */
async function usageEvents(userId: number, type: string): Promise<{ payload: Buffer }[]> {
  // A search or view is answered before its fact commits (the dictionary's outbox buffer writes
  // the facts of a few milliseconds together): give the batch of the requests just made time to land.
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const { rows } = await pool.query<{ payload: Buffer }>(
    `SELECT payload FROM dictionary.outbox WHERE topic = $1 AND key = $2 AND type = $3 ORDER BY seq`,
    [stack.env.KAFKA_TOPIC_PREFIX + TOPICS.dictionary, String(userId), type],
  );
  return rows;
}

const sidOf = (r: Reply): string | undefined =>
  r.setCookie
    .find((c) => c.startsWith('sid='))
    ?.split(';')[0]
    ?.slice('sid='.length);

describe('10: statistics count only what people did', () => {
  test('saving to the wordbook and an Anki export record no view; a real view records one', async () => {
    const [a, b, c] = words;
    for (const w of [a!, b!]) {
      const saved = await call(
        baseUrl,
        'POST',
        '/api/dic/wordbook/insertWordbookItem',
        { pyojaeId: w.id, word: w.word },
        { cookie: member.cookie },
      );
      expect(saved.status).toBe(200);
      expect(saved.body).toMatchObject({ duplicate: false });
    }
    const anki = await call(baseUrl, 'GET', '/api/dic/wordbook/export', { format: 'anki' }, { cookie: member.cookie });
    expect(anki.status).toBe(200);
    expect(anki.text).toContain(a!.word);
    expect(await usageEvents(member.id, VIEWED)).toHaveLength(0);

    // The check itself sees views: the member opening a detail page is one.
    const viewed = await call(
      baseUrl,
      'POST',
      '/api/dic/search/wordSynItems',
      { pyojaeId: c!.id },
      { cookie: member.cookie },
    );
    expect(viewed.status).toBe(200);
    expect(await usageEvents(member.id, VIEWED)).toHaveLength(1);
  });

  test.each([
    ['POST', '/internal/headwords/detail'],
    ['GET', '/internal/headwords/detail'],
    ['POST', '/internal/users/lookup'],
  ] as const)('%s %s is not reachable through the gateway', async (method, p) => {
    const r = await call(baseUrl, method, p, { pyojaeId: words[0]!.id, ids: [member.id] }, { cookie: member.cookie });
    expect(r.status).toBe(404);
    expect(r.text).not.toContain('wordSynItems');
    expect(r.text).not.toContain(member.email);
  });
});

describe('8: bounded search words, short-lived visitor sessions', () => {
  test.each([
    ['101 characters', 'ㄱ'.repeat(101)],
    ['200,000 characters', 'a'.repeat(200_000)],
  ])('a search word of %s answers 400 in Korean and stores nothing', async (_what, searchWord) => {
    const before = (await usageEvents(member.id, SEARCHED)).length;
    const r = await call(
      baseUrl,
      'POST',
      '/api/dic/search/pyojaeItems',
      { searchWord, pageSize: 10 },
      { cookie: member.cookie },
    );
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ error: true, message: '검색어는 100자 이하로 입력해 주세요.' });
    expect(await usageEvents(member.id, SEARCHED)).toHaveLength(before);
  });

  test('a search word of 100 characters is still searched', async () => {
    const r = await call(
      baseUrl,
      'POST',
      '/api/dic/search/pyojaeItems',
      { searchWord: '사'.repeat(100) },
      { cookie: member.cookie },
    );
    expect(r.status).toBe(200);
  });

  test('the wordbook refuses a word over 100 characters', async () => {
    const r = await call(
      baseUrl,
      'POST',
      '/api/dic/wordbook/insertWordbookItem',
      { pyojaeId: words[3]!.id, word: '가'.repeat(101) },
      { cookie: member.cookie },
    );
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ error: true, message: '저장할 단어가 올바르지 않습니다.' });
  });

  test('a visitor gets no session for a search, a missing headword or an empty history', async () => {
    const calls = [
      await call(baseUrl, 'POST', '/api/dic/search/pyojaeItems', { searchWord: '사랑' }),
      await call(baseUrl, 'POST', '/api/dic/search/wordSynItems', { pyojaeId: 2_000_000_000 }),
      await call(baseUrl, 'POST', '/api/dic/search/historyItems', {}),
    ];
    for (const r of calls) expect(sidOf(r)).toBeUndefined();
  });

  test('a visitor session made by a detail view lives at most a day, and slides when used', async () => {
    const first = await call(baseUrl, 'POST', '/api/dic/search/wordSynItems', { pyojaeId: words[0]!.id });
    expect(first.status).toBe(200);
    const sid = sidOf(first);
    expect(sid).toBeDefined();
    const key = `session:${sessionHash(sid!)}`;
    const history = `history:${sessionHash(sid!)}`;
    const ttl = await redis.ttl(key);
    expect(ttl).toBeGreaterThan(3600);
    expect(ttl).toBeLessThanOrEqual(ONE_DAY_S);
    expect(await redis.ttl(history)).toBeLessThanOrEqual(ONE_DAY_S);
    // Near its end, a use gives it a full day again (and no second session).
    await redis.expire(key, 60);
    await redis.expire(history, 60);
    const again = await call(
      baseUrl,
      'POST',
      '/api/dic/search/wordSynItems',
      { pyojaeId: words[1]!.id },
      { cookie: `sid=${sid!}` },
    );
    expect(sidOf(again)).toBeUndefined();
    expect(await redis.ttl(key)).toBeGreaterThan(3600);
    expect(await redis.ttl(history)).toBeGreaterThan(3600);
    await redis.expire(key, 60);
    const listed = await call(baseUrl, 'POST', '/api/dic/search/historyItems', {}, { cookie: `sid=${sid!}` });
    expect((listed.body.historyItems as { id: number }[]).map((e) => e.id)).toEqual([words[1]!.id, words[0]!.id]);
    expect(await redis.ttl(key)).toBeGreaterThan(3600);
    expect(await redis.ttl(key)).toBeLessThanOrEqual(ONE_DAY_S);
  });

  test("a member's session keeps its own lifetime", async () => {
    const key = `session:${sessionHash(member.cookie.slice('sid='.length))}`;
    await call(baseUrl, 'POST', '/api/dic/search/wordSynItems', { pyojaeId: words[0]!.id }, { cookie: member.cookie });
    expect(await redis.ttl(key)).toBeGreaterThan(ONE_DAY_S);
  });
});

describe('11: nothing served that should not be', () => {
  test('source maps are not served by the gateway', async () => {
    const assets = readdirSync(path.join(ROOT, 'web/dist/assets'));
    const scripts = assets.filter((f) => f.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(0);
    // Every map the build left, and the map name of every script (whether or not the build wrote it).
    const maps = [...new Set([...assets.filter((f) => f.endsWith('.map')), ...scripts.map((f) => `${f}.map`)])];
    for (const file of maps) {
      for (const accept of ['*/*', 'text/html']) {
        const r = await fetch(`${baseUrl}/assets/${file}`, { headers: { accept } });
        const text = await r.text();
        expect({ file, accept, status: r.status }).toEqual({ file, accept, status: 404 });
        expect(text).not.toContain('"mappings"');
      }
    }
    // The scripts themselves are still served.
    expect((await fetch(`${baseUrl}/assets/${scripts[0]!}`)).status).toBe(200);
  });

  const checkout = (params: Record<string, unknown>) =>
    fetch(`${sandboxUrl}/checkout?mode=redirect&params=${encodeURIComponent(JSON.stringify(params))}`);

  test.each([
    'javascript:alert(document.cookie)',
    ' JavaScript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    '//evil.example/pay',
    'file:///etc/passwd',
  ])('the PortOne sandbox refuses m_redirect_url %j with 400', async (target) => {
    const r = await checkout({ merchant_uid: 'm-hardening', amount: 3000, name: '월 구독', m_redirect_url: target });
    const text = await r.text();
    expect(r.status).toBe(400);
    expect(text).not.toContain('alert(');
  });

  test('the PortOne sandbox still redirects to an http(s) address', async () => {
    const target = `${baseUrl}/pay/mobile`;
    const r = await checkout({ merchant_uid: 'm-hardening', amount: 3000, name: '월 구독', m_redirect_url: target });
    expect(r.status).toBe(200);
    expect(await r.text()).toContain(target);
  });

  test('in the test configuration the sandbox origin may post with the cookie (never in production: gateway/test/hardening.test.ts)', async () => {
    const r = await call(
      baseUrl,
      'POST',
      '/api/dic/search/historyItems',
      {},
      {
        cookie: member.cookie,
        headers: { origin: sandboxUrl },
      },
    );
    expect(r.status).toBe(200);
  });
});
