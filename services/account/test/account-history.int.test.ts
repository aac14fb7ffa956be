// a visitor's search history goes on with them when they log in. The login is called as
// the gateway calls it (the visitor's session hash in the signed headers); the visitor's session and
// list are written the way the dictionary writes them (kit's session contract).
import {
  ANONYMOUS_GRADE,
  ANONYMOUS_USER_ID,
  newSessionId,
  sessionHash,
  sessionHistoryKey,
  SESSION_TTL_SECONDS,
  type SessionData,
} from '@syn/kit';
import { SessionStore } from '../src/store/sessions';
import { call, joinedMember, post, startAccount, type Member, type Running } from './support';

jest.setTimeout(60_000);

const ONE_DAY_S = 24 * 3600;

let run: Running;
let member: Member;

beforeAll(async () => {
  run = await startAccount();
  member = await joinedMember(run, { name: '기록이음' });
});
afterAll(async () => {
  await run?.svc.stop();
});

const entry = (id: number, word: string) =>
  JSON.stringify({ id, word, hanja: '', linkUrl: `/dictionary/Search/${id}` });

/** A visitor session as the dictionary makes it, with `entries` (newest first) as its history. */
async function visitorWith(entries: string[]): Promise<string> {
  const redis = run.svc.deps.redis!;
  const hash = sessionHash(newSessionId());
  const session: SessionData = {
    userId: ANONYMOUS_USER_ID,
    grade: ANONYMOUS_GRADE,
    deviceKey: '',
    email: '',
    createdAt: new Date().toISOString(),
  };
  await redis.set(`session:${hash}`, JSON.stringify(session), { expiration: { type: 'EX', value: ONE_DAY_S } });
  if (entries.length > 0) {
    await redis.rPush(sessionHistoryKey(hash), entries);
    await redis.expire(sessionHistoryKey(hash), ONE_DAY_S);
  }
  return hash;
}

/** Logs `member` in from the browser whose session hash is `previous`; the new session's hash. */
async function loginFrom(previous: { userId: number; grade: number; sessionHash: string }): Promise<string> {
  const res = await post(run, '/api/user/login', { email: member.email, password: member.password }, { as: previous });
  expect(res.status).toBe(200);
  const cookie = res.setCookie.find((c) => c.startsWith('sid='))!;
  return sessionHash(decodeURIComponent(cookie.slice(4, cookie.indexOf(';'))));
}

const visitor = (hash: string) => ({ userId: ANONYMOUS_USER_ID, grade: ANONYMOUS_GRADE, sessionHash: hash });

test("a visitor's history is the member session's after the login: same entries, same order, a member's lifetime", async () => {
  const redis = run.svc.deps.redis!;
  const entries = [entry(31, '사랑'), entry(32, '애정'), entry(33, '연모')];
  const before = await visitorWith(entries);

  const after = await loginFrom(visitor(before));

  expect(after).not.toBe(before);
  expect(await redis.lRange(sessionHistoryKey(after), 0, -1)).toEqual(entries);
  expect(await redis.ttl(sessionHistoryKey(after))).toBeGreaterThan(ONE_DAY_S);
  expect(await redis.ttl(sessionHistoryKey(after))).toBeLessThanOrEqual(SESSION_TTL_SECONDS);
  // Moved, not copied: the ended visitor session keeps nothing.
  expect(await redis.exists([`session:${before}`, sessionHistoryKey(before)])).toBe(0);
});

test('a visitor without a history logs in to a session without one', async () => {
  const redis = run.svc.deps.redis!;
  const after = await loginFrom(visitor(await visitorWith([])));
  expect(await redis.exists(sessionHistoryKey(after))).toBe(0);
});

test("one member's history never goes to whoever logs in next on that browser", async () => {
  const redis = run.svc.deps.redis!;
  const first = await loginFrom(visitor(await visitorWith([entry(41, '소리')])));
  expect(await redis.lLen(sessionHistoryKey(first))).toBe(1);

  // Same browser, still signed in, logs in again (the same member or anyone): a member session's list stays put.
  const second = await loginFrom({ userId: member.id, grade: 1, sessionHash: first });

  expect(await redis.exists(sessionHistoryKey(second))).toBe(0);
});

test('a failed login carries nothing and keeps the visitor session', async () => {
  const redis = run.svc.deps.redis!;
  const entries = [entry(51, '사람')];
  const hash = await visitorWith(entries);
  const res = await post(
    run,
    '/api/user/login',
    { email: member.email, password: 'not the password' },
    { as: visitor(hash) },
  );
  expect(res.status).toBe(401);
  expect(await redis.lRange(sessionHistoryKey(hash), 0, -1)).toEqual(entries);
  expect(await redis.exists(`session:${hash}`)).toBe(1);
});

test('logging out erases the history with the session: nobody could reach it again', async () => {
  const redis = run.svc.deps.redis!;
  const hash = await loginFrom(visitor(await visitorWith([entry(61, '바람')])));
  expect(await redis.lLen(sessionHistoryKey(hash))).toBe(1);

  const res = await call(run, 'GET', '/api/user/logout', undefined, {
    as: { userId: member.id, grade: 1, sessionHash: hash },
  });

  expect(res.status).toBe(200);
  expect(await redis.exists([`session:${hash}`, sessionHistoryKey(hash)])).toBe(0);
});

test("ending every session of a member (withdrawal, a new password) erases each session's history", async () => {
  const redis = run.svc.deps.redis!;
  const first = await loginFrom(visitor(await visitorWith([entry(71, '구름')])));
  const second = await loginFrom(visitor(await visitorWith([entry(72, '하늘')])));
  expect(await redis.exists([sessionHistoryKey(first), sessionHistoryKey(second)])).toBe(2);

  await new SessionStore(redis).destroyAll(member.id);

  expect(await redis.exists([sessionHistoryKey(first), sessionHistoryKey(second)])).toBe(0);
});
