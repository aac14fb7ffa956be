// Every /api/sys/* route through the real gateway (in-process, sessions in the real Redis):
// anyone but an administrator gets 403 with the spec's message, whatever the client sends;
// the only routes open to members are the coupon-gift calls.
import { connectRedis, createLogger, newSessionId, sessionKey, SESSION_COOKIE, type Redis } from '@syn/kit';
import { startGateway, type RunningGateway } from '../../../gateway/src/main';
import { ROUTES } from '../../../gateway/src/routes';
import { scratch, startStatistics, type Scratch, type Stats } from './support';

jest.setTimeout(60_000);

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/1';
const FORBIDDEN = { error: true, message: '관리자 권한이 필요합니다.' };
/** The coupon-gift screen's calls: members act as themselves there (ARCHITECTURE rule 2). */
const MEMBER_GIFT_CALLS = ['/api/sys/presentCouponItem', '/api/sys/searchUserItems'];

const sysRoutes = ROUTES.flatMap((route) =>
  route.paths.map((path) => ({ path, access: route.access, service: route.service })),
)
  .filter((r) => r.path.startsWith('/api/sys/'))
  // A prefix route (`/api/sys/subscribe/*`) is probed with a concrete path under it.
  .map((r) => ({ ...r, path: r.path.replace(/\*$/, 'admin-cancel') }));
const adminRoutes = sysRoutes.filter((r) => !MEMBER_GIFT_CALLS.includes(r.path));

let s: Scratch;
let stats: Stats;
let gateway: RunningGateway;
let redis: Redis;
const cookies: Record<'member' | 'admin', string> = { member: '', admin: '' };

async function session(userId: number, grade: number): Promise<string> {
  const sid = newSessionId();
  await redis.set(
    sessionKey(sid),
    JSON.stringify({
      userId,
      grade,
      deviceKey: '',
      email: `u${userId}@example.com`,
      createdAt: new Date().toISOString(),
    }),
    { EX: 600 },
  );
  return `${SESSION_COOKIE}=${sid}`;
}

beforeAll(async () => {
  s = await scratch();
  stats = await startStatistics(s);
  redis = await connectRedis(REDIS_URL, createLogger('sys-guard-test', 'silent'));
  cookies.member = await session(900_000_001, 1);
  cookies.admin = await session(900_000_002, 0);
  // Requests that pass the guard reach the statistics service; the others must never get that far.
  gateway = await startGateway({
    NODE_ENV: 'test',
    GATEWAY_PORT: '0',
    ACCOUNT_URL: stats.http.url,
    DICTIONARY_URLS: stats.http.url,
    WORDBOOK_URL: stats.http.url,
    BILLING_URL: stats.http.url,
    STATISTICS_URL: stats.http.url,
    REDIS_URL,
  });
});

afterAll(async () => {
  await gateway?.close();
  if (redis?.isOpen) await redis.quit();
  await stats?.stop();
  await s?.close();
});

async function post(path: string, headers: Record<string, string>) {
  const res = await fetch(gateway.url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ startDate: '2025-03-01', endDate: '2025-03-02', userId: 1 }),
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as unknown) : null };
}

test('the route table has admin-only /api/sys routes for every service and exactly the two gift calls open to members', () => {
  expect(
    sysRoutes
      .filter((r) => r.access !== 'admin')
      .map((r) => r.path)
      .sort(),
  ).toEqual([...MEMBER_GIFT_CALLS].sort());
  expect(adminRoutes.every((r) => r.access === 'admin')).toBe(true);
  expect(new Set(adminRoutes.map((r) => r.service))).toEqual(new Set(['account', 'billing', 'statistics']));
});

describe.each(adminRoutes.map((r) => [r.path]))('%s', (path) => {
  test('a visitor gets 403', async () => {
    expect(await post(path, {})).toEqual({ status: 403, body: FORBIDDEN });
  });
  test('a signed-in member gets 403', async () => {
    expect(await post(path, { cookie: cookies.member })).toEqual({ status: 403, body: FORBIDDEN });
  });
  test('a member forging the identity headers gets 403', async () => {
    const forged = { cookie: cookies.member, 'x-user-id': '1', 'x-user-grade': '0' };
    expect(await post(path, forged)).toEqual({ status: 403, body: FORBIDDEN });
  });
});

test.each(adminRoutes.filter((r) => r.service === 'statistics').map((r) => [r.path]))(
  'an administrator reaches %s',
  async (path) => {
    const res = await post(path, { cookie: cookies.admin });
    expect(res.status).toBe(200);
    expect(res.body).toHaveProperty('datas');
  },
);
