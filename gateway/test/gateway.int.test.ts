// The gateway in front of real upstream HTTP servers and real Redis.
import fs from 'node:fs';
import http from 'node:http';
import zlib from 'node:zlib';
import { DEVELOPMENT_IDENTITY_SECRET, verifyIdentity } from '@syn/kit/identity';
import { ADMIN_GRADE, ANONYMOUS_USER_ID, sessionHash } from '@syn/kit/session';
import { SAMPLE_SITE_DETAILS } from '../src/config';
import { startGateway, type RunningGateway } from '../src/main';
import {
  connectRedis,
  json,
  rawRequest,
  startEcho,
  tempWebDist,
  writeSession,
  type EchoServer,
  type Redis,
} from './support';

const ADMIN_ONLY = { error: true, message: '관리자 권한이 필요합니다.' };
/** Spec §6 "member authentication required": a member-only path without a member session. */
const MEMBER_AUTH_REQUIRED = { error: true, message: '회원 인증이 필요합니다. 다시 로그인해 주세요.' };
const NOT_FOUND = { error: true, message: '요청한 경로를 찾을 수 없습니다.' };
const TOO_LARGE = { error: true, message: '요청 본문이 너무 큽니다.' };
const BODY_LIMIT_BYTES = 1024;
const SITE = {
  name: '주식회사 낱말숲',
  registrationNumber: '123-45-67891',
  officerEmail: 'privacy@natmal.example',
  host: 'https://host.example.com',
};

let redis: Redis;
let gateway: RunningGateway;
let webDist: string;
const upstream: Record<'account' | 'dictionaryA' | 'dictionaryB' | 'wordbook' | 'billing' | 'statistics', EchoServer> =
  {} as never;
const sessionIds: string[] = [];
let memberSid: string;
let adminSid: string;

const MEMBER = { userId: 1201, grade: 1, deviceKey: 'device-member-1201' };
const ADMIN = { userId: 7, grade: ADMIN_GRADE, deviceKey: 'device-admin-7' };

beforeAll(async () => {
  redis = await connectRedis();
  for (const name of ['account', 'dictionaryA', 'dictionaryB', 'wordbook', 'billing', 'statistics'] as const) {
    upstream[name] = await startEcho(name);
  }
  webDist = tempWebDist(true);
  gateway = await startGateway({
    NODE_ENV: 'test',
    GATEWAY_PORT: '0',
    GATEWAY_HOST: '127.0.0.1',
    ACCOUNT_URL: upstream.account.url,
    DICTIONARY_URLS: `${upstream.dictionaryA.url},${upstream.dictionaryB.url}`,
    WORDBOOK_URL: upstream.wordbook.url,
    BILLING_URL: upstream.billing.url,
    STATISTICS_URL: upstream.statistics.url,
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    WEB_DIST: webDist,
    BODY_LIMIT: `${BODY_LIMIT_BYTES}`,
    // Some seller details set, the rest left to the test samples; one host page may hear the login status.
    BUSINESS_NAME: SITE.name,
    BUSINESS_REGISTRATION_NUMBER: SITE.registrationNumber,
    PRIVACY_OFFICER_EMAIL: SITE.officerEmail,
    CSP_FRAME_ANCESTORS: `'self' ${SITE.host}`,
    EMBED_PARENT_ORIGINS: `${SITE.host}/`,
  });
  memberSid = await writeSession(redis, MEMBER);
  adminSid = await writeSession(redis, ADMIN);
  sessionIds.push(memberSid, adminSid);
});

afterAll(async () => {
  await gateway?.close();
  await Promise.all(Object.values(upstream).map((server) => server.close()));
  if (redis?.isOpen) {
    const { sessionKey } = await import('@syn/kit/session');
    if (sessionIds.length) await redis.del(sessionIds.map(sessionKey));
    await redis.close();
  }
  if (webDist) fs.rmSync(webDist, { recursive: true, force: true });
});

const cookie = (sid: string): string => `theme=dark; sid=${sid}`;

function get(path: string, headers: Record<string, string> = {}) {
  return rawRequest(gateway.url, { method: 'GET', path, headers });
}

function post(path: string, headers: Record<string, string> = {}, body = '{}') {
  return rawRequest(gateway.url, {
    method: 'POST',
    path,
    headers: { 'content-type': 'application/json', ...headers },
    body,
  });
}

describe('identity', () => {
  test('when a client claims to be an administrator through headers, then the service sees an anonymous caller', async () => {
    const response = await post('/api/dic/wordbook/searchWordbookItems', {
      'x-user-id': '1',
      'x-user-grade': '0',
      'x-device-key': 'stolen-key',
      'x-user-email': 'admin@example.com',
      'x-session-hash': 'forged',
    });
    expect(response.status).toBe(200);
    const seen = json(response);
    expect(seen.service).toBe('wordbook');
    expect(seen.headers['x-user-id']).toBe(String(ANONYMOUS_USER_ID));
    expect(seen.headers['x-user-grade']).toBe('-1');
    expect(seen.headers['x-device-key']).toBeUndefined();
    expect(seen.headers['x-user-email']).toBeUndefined();
    expect(seen.headers['x-session-hash']).toBeUndefined();
  });

  test('when a member calls with spoofed headers, then the service sees the member from the session', async () => {
    const response = await post('/api/dic/wordbook/insertWordbookItem', {
      cookie: cookie(memberSid),
      'x-user-id': '7',
      'x-user-grade': '0',
      'x-device-key': 'stolen-key',
    });
    const seen = json(response);
    expect(seen.headers['x-user-id']).toBe(String(MEMBER.userId));
    expect(seen.headers['x-user-grade']).toBe(String(MEMBER.grade));
    expect(seen.headers['x-device-key']).toBe(MEMBER.deviceKey);
    expect(seen.headers['x-session-hash']).toBe(sessionHash(memberSid));
  });

  test.each([
    ['an unknown session id', 'sid=DxQm1lUQ0v1pHh2xWlwS4wI5Yb7s3rX2dOqH8pC6fZk'],
    ['a malformed cookie value', 'sid=%%%not-a-session!!'],
    ['a cookie header that does not parse', 'sid'],
  ])('when the cookie holds %s, then the caller is anonymous', async (_case, cookieHeader) => {
    const seen = json(await post('/api/dic/search/pyojaeItems', { cookie: cookieHeader }));
    expect(seen.headers['x-user-id']).toBe(String(ANONYMOUS_USER_ID));
    expect(seen.headers['x-user-grade']).toBe('-1');
    expect(seen.headers['x-device-key']).toBeUndefined();
    expect(seen.headers['x-session-hash']).toBeUndefined();
  });

  test('when a request is forwarded, then its identity headers carry a fresh gateway signature bound to the request', async () => {
    const path = '/api/dic/wordbook/insertWordbookItem?x=1';
    const seen = json(await post(path, { cookie: cookie(memberSid), 'x-identity-signature': 'v1.gateway.1.forged' }));
    const headers = seen.headers as Record<string, string>;
    expect(headers['x-identity-signature']).not.toBe('v1.gateway.1.forged');
    expect(verifyIdentity(DEVELOPMENT_IDENTITY_SECRET, 'POST', path, headers)).toEqual({ ok: true, issuer: 'gateway' });
    // Any change to what it vouches for breaks it.
    expect(verifyIdentity(DEVELOPMENT_IDENTITY_SECRET, 'POST', path, { ...headers, 'x-user-grade': '0' }).ok).toBe(
      false,
    );
    expect(verifyIdentity(DEVELOPMENT_IDENTITY_SECRET, 'POST', '/api/sys/updateUserItem', headers).ok).toBe(false);
  });

  test('when another device has claimed the member’s account, then the old session is over on every route but logout', async () => {
    const { currentDeviceKey, deviceRecord } = await import('@syn/kit/session');
    const sid = await writeSession(redis, { userId: 1301, grade: 1, deviceKey: 'device-old' });
    sessionIds.push(sid);
    const forged = json(
      await post('/api/dic/search/wordSynItems', { cookie: cookie(sid), 'x-device-state': 'replaced' }),
    );
    expect(forged.headers['x-device-state']).toBe('current');

    // A member signed in on this browser who has not claimed the device yet.
    const fresh = await writeSession(redis, { userId: 1301, grade: 1, deviceKey: '' });
    sessionIds.push(fresh);
    expect(json(await post('/api/dic/search/wordSynItems', { cookie: cookie(fresh) })).headers['x-device-state']).toBe(
      'unclaimed',
    );

    await redis.set(currentDeviceKey(1301), deviceRecord('device-on-another-phone', sessionHash(fresh)));
    const before = upstream.wordbook.hits.length;
    const refused = await get('/api/dic/wordbook/export?format=anki', { cookie: cookie(sid) });
    expect(refused.status).toBe(401);
    expect(JSON.parse(refused.body)).toEqual({
      error: true,
      message: '다른 기기에서 로그인하여 로그아웃되었습니다. 다시 로그인해 주세요.',
      authKeyError: true,
      authKey: '',
    });
    expect(upstream.wordbook.hits.length).toBe(before);
    // The replaced session is ended: its next call is a visitor's.
    const { sessionKey } = await import('@syn/kit/session');
    expect(await redis.get(sessionKey(sid))).toBeNull();
    const after = json(await post('/api/dic/search/pyojaeItems', { cookie: cookie(sid) }));
    expect(after.headers['x-user-id']).toBe(String(ANONYMOUS_USER_ID));

    // Logging out still reaches the account service, as a member (it releases nothing: not the current device).
    const other = await writeSession(redis, { userId: 1301, grade: 1, deviceKey: 'device-older' });
    sessionIds.push(other);
    await redis.set(currentDeviceKey(1301), deviceRecord('device-on-another-phone', sessionHash(fresh)));
    const logout = await get('/api/user/logout', { cookie: cookie(other) });
    expect(logout.status).toBe(200);
    expect(json(logout).headers['x-device-state']).toBe('replaced');
    await redis.del(currentDeviceKey(1301));
  });

  test('when a request arrives, then it carries a request id and the address the gateway saw', async () => {
    const generated = await post('/api/user/validate', { 'x-forwarded-for': '203.0.113.9' });
    const seen = json(generated);
    expect(seen.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(generated.headers['x-request-id']).toBe(seen.headers['x-request-id']);
    expect(seen.headers['x-forwarded-for']).toMatch(/127\.0\.0\.1$/);

    const kept = json(await post('/api/user/validate', { 'x-request-id': 'web-42.abc' }));
    expect(kept.headers['x-request-id']).toBe('web-42.abc');
  });
});

describe('administrator area', () => {
  test('when an anonymous caller opens an admin list, then it is refused with 403 and the service is never called', async () => {
    const before = upstream.account.hits.length;
    const response = await post('/api/sys/selectUserItems');
    expect(response.status).toBe(403);
    expect(json(response)).toEqual(ADMIN_ONLY);
    expect(upstream.account.hits.length).toBe(before);
  });

  test('when a member opens an admin list, then it is refused with 403', async () => {
    const before = upstream.billing.hits.length;
    const response = await post('/api/sys/selectPaymentItems', { cookie: cookie(memberSid) });
    expect(response.status).toBe(403);
    expect(json(response)).toEqual(ADMIN_ONLY);
    expect(upstream.billing.hits.length).toBe(before);
  });

  test('when a member claims grade 0 by header on an admin path, then it is still refused', async () => {
    const response = await post('/api/sys/selectUserJoinStatistic', { cookie: cookie(memberSid), 'x-user-grade': '0' });
    expect(response.status).toBe(403);
  });

  test('when an administrator opens an admin list, then it is proxied as the administrator', async () => {
    const response = await post('/api/sys/selectUserItems', { cookie: cookie(adminSid) });
    expect(response.status).toBe(200);
    const seen = json(response);
    expect(seen.service).toBe('account');
    expect(seen.headers['x-user-id']).toBe(String(ADMIN.userId));
    expect(seen.headers['x-user-grade']).toBe('0');
  });

  test.each([
    ['/api/sys/presentCouponItem', 'billing'],
    ['/api/sys/searchUserItems', 'account'],
  ])('when a member calls the gift screen path %s, then it is proxied acting as that member', async (path, service) => {
    const response = await post(path, { cookie: cookie(memberSid) }, '{"couponId":3,"targetUserId":55}');
    expect(response.status).toBe(200);
    const seen = json(response);
    expect(seen.service).toBe(service);
    expect(seen.headers['x-user-id']).toBe(String(MEMBER.userId));
    expect(seen.headers['x-user-grade']).toBe('1');
    expect(seen.body).toBe('{"couponId":3,"targetUserId":55}');
  });

  test.each(['/api/sys/presentCouponItem', '/api/sys/searchUserItems'])(
    'when an anonymous caller calls %s, then it answers 401 and the service is never called',
    async (path) => {
      const before = upstream.billing.hits.length + upstream.account.hits.length;
      const response = await post(path, { 'x-user-id': String(MEMBER.userId), 'x-user-grade': '1' });
      expect(response.status).toBe(401);
      expect(json(response)).toEqual(MEMBER_AUTH_REQUIRED);
      expect(upstream.billing.hits.length + upstream.account.hits.length).toBe(before);
    },
  );
});

// Every path spec §7 documents, with the service that owns it.
const DOCUMENTED: [method: string, path: string, owner: keyof typeof upstream | 'dictionary'][] = [
  ['POST', '/api/user/login', 'account'],
  ['GET', '/api/user/logout', 'account'],
  ['POST', '/api/user/validate', 'account'],
  ['POST', '/api/user/join', 'account'],
  ['POST', '/api/user/find', 'account'],
  ['POST', '/api/user/change', 'account'],
  ['POST', '/api/user/confirm', 'account'],
  ['POST', '/api/user/checkRecommendUserInfo', 'account'],
  ['POST', '/api/user/updateUserConnectInfo', 'account'],
  ['POST', '/api/user/certify', 'account'],
  ['POST', '/api/user/searchPrevUserInfo', 'account'],
  ['POST', '/api/user/combinePrevUserInfo', 'account'],
  ['POST', '/api/user/updateUserInfo', 'account'],
  ['POST', '/api/user/insertUserCancelInfo', 'account'],
  ['POST', '/api/dic/search/pyojaeItems', 'dictionary'],
  ['POST', '/api/dic/search/wordSynItems', 'dictionary'],
  ['POST', '/api/dic/search/externalLink', 'dictionary'],
  ['POST', '/api/dic/wordbook/insertWordbookItem', 'wordbook'],
  ['POST', '/api/dic/wordbook/searchWordbookItems', 'wordbook'],
  ['POST', '/api/dic/wordbook/deleteWordbookItem', 'wordbook'],
  ['POST', '/api/dic/order/selectOrderItems', 'billing'],
  ['POST', '/api/pay/order/create', 'billing'],
  ['POST', '/api/pay/order/complete', 'billing'],
  ['POST', '/api/pay/order/fail', 'billing'],
  ['POST', '/api/pay/order/usedSuccess', 'billing'],
  ['POST', '/api/pay/order/cancel', 'billing'],
  ['GET', '/api/used/isUsed?id=12', 'billing'],
  ['POST', '/api/used/isUsedByManager', 'billing'],
  ['GET', '/api/used/isUsedRemain', 'billing'],
  ['POST', '/api/used/usedList', 'billing'],
  ['POST', '/api/used/paymentLists', 'billing'],
  ['POST', '/api/used/onOff', 'billing'],
  ['POST', '/api/coupon/use', 'billing'],
  ['POST', '/api/coupon/list', 'billing'],
  ['GET', '/subscribe/generate-merchant-uid', 'billing'],
  ['POST', '/subscribe/synonym-billings', 'billing'],
  ['POST', '/subscribe/mobile-billings', 'billing'],
  ['POST', '/subscribe/user-cancel-payments', 'billing'],
  ['POST', '/subscribe/info', 'billing'],
  ['POST', '/subscribe/user-cancel-subscribe', 'billing'],
  ['POST', '/subscribe/payments/admin-cancel', 'billing'],
  ['POST', '/subscribe/payments/admin-success', 'billing'],
  ['POST', '/subscribe/payments/initializeDatabase', 'billing'],
  ['POST', '/subscribe/payments/downgrade', 'billing'],
  ['POST', '/subscribe/payments/get-payment', 'billing'],
  ['POST', '/subscribe/payments/find-payment', 'billing'],
  ['POST', '/api/sys/presentCouponItem', 'billing'],
  ['POST', '/api/sys/selectUserItems', 'account'],
  ['POST', '/api/sys/searchUserItems', 'account'],
  ['POST', '/api/sys/updateUserItem', 'account'],
  ['POST', '/api/sys/deleteUserItem', 'account'],
  ['POST', '/api/sys/insertUserOrderItem', 'billing'],
  ['POST', '/api/sys/selectUserOrderItems', 'billing'],
  ['POST', '/api/sys/selectPaymentItems', 'billing'],
  ['POST', '/api/sys/order/cancel', 'billing'],
  ['POST', '/api/sys/selectCouponGroupItems', 'billing'],
  ['POST', '/api/sys/checkCouponOverlap', 'billing'],
  ['POST', '/api/sys/insertCouponGroupItem', 'billing'],
  ['POST', '/api/sys/updateCouponGroupItem', 'billing'],
  ['POST', '/api/sys/insertCouponItems', 'billing'],
  ['POST', '/api/sys/deleteCouponItem', 'billing'],
  ['POST', '/api/sys/selectCouponItems', 'billing'],
  ['POST', '/api/sys/updateCouponItem', 'billing'],
  ['POST', '/api/sys/subscribe/info', 'billing'],
  ['POST', '/api/sys/subscribe/payments/admin-cancel', 'billing'],
  ['POST', '/api/sys/selectUserJoinStatistic', 'statistics'],
  ['POST', '/api/sys/selectUserConnectStatistic', 'statistics'],
  ['POST', '/api/sys/selectSearchStatistic', 'statistics'],
  ['POST', '/api/sys/selectSearchWordStatistic', 'statistics'],
  ['POST', '/api/sys/selectUserSearchHistory', 'statistics'],
];

describe('routing', () => {
  test.each(DOCUMENTED)('%s %s reaches %s unchanged', async (method, path, owner) => {
    const body = method === 'GET' ? undefined : '{"pageNum":0,"pageSize":10}';
    const response = await rawRequest(gateway.url, {
      method,
      path,
      headers: { cookie: cookie(adminSid), 'content-type': 'application/json' },
      body,
    });
    expect(response.status).toBe(200);
    const seen = json(response);
    if (owner === 'dictionary') {
      expect(['dictionaryA', 'dictionaryB']).toContain(seen.service);
    } else {
      expect(seen.service).toBe(owner);
    }
    expect(seen.method).toBe(method);
    expect(seen.url).toBe(path);
    expect(seen.body).toBe(body ?? '');
    expect(seen.headers['x-user-id']).toBe(String(ADMIN.userId));
  });

  test('when searches repeat, then they alternate between the two dictionary instances', async () => {
    const served: string[] = [];
    for (let i = 0; i < 6; i += 1) {
      served.push(json(await post('/api/dic/search/pyojaeItems', {}, `{"searchWord":"사랑","pageNum":${i}}`)).service);
    }
    expect(new Set(served)).toEqual(new Set(['dictionaryA', 'dictionaryB']));
    for (let i = 1; i < served.length; i += 1) expect(served[i]).not.toBe(served[i - 1]);
  });

  test.each([
    ['POST', '/api/nothing/here'],
    ['POST', '/api/sys/dropAllTables'],
    ['GET', '/api/dic'],
    ['DELETE', '/not-a-page'],
  ])('when %s %s is unknown, then it answers 404 in the error shape', async (method, path) => {
    const response = await rawRequest(gateway.url, { method, path, headers: { accept: 'application/json' } });
    expect(response.status).toBe(404);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(json(response)).toEqual(NOT_FOUND);
  });

  test('when a path climbs out with dot segments or encoded slashes, then it is refused before any service', async () => {
    const before = upstream.account.hits.length;
    for (const path of [
      '/api/user/../sys/selectUserItems',
      '/api/user/%2e%2e/sys/selectUserItems',
      '/api/user/x%2f..%2fsys%2fselectUserItems',
      '/api/user/..\\sys/selectUserItems',
    ]) {
      const response = await post(path);
      expect(response.status).toBe(400);
      expect(json<{ error: boolean }>(response).error).toBe(true);
    }
    expect(upstream.account.hits.length).toBe(before);
  });

  test("when a service answers 4xx, then the client gets the service's status and body untouched", async () => {
    const response = await post('/api/user/login', { 'x-echo-status': '400' }, '{"email":');
    expect(response.status).toBe(400);
    expect(response.body).toBe(JSON.stringify({ error: true, message: 'account 오류' }));
  });
});

describe('request bodies', () => {
  test('when a body is within the limit, then it reaches the service byte for byte', async () => {
    const text = JSON.stringify({ word: '아름답다', note: '가'.repeat(100) });
    const seen = json(await post('/api/dic/wordbook/insertWordbookItem', {}, text));
    expect(seen.body).toBe(text);
  });

  test('when a chunked body stays within the limit, then it reaches the service whole', async () => {
    const chunks = [Buffer.from('{"a":"'), Buffer.from('x'.repeat(300)), Buffer.from('"}')];
    const response = await rawRequest(gateway.url, {
      method: 'POST',
      path: '/api/coupon/use',
      headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
      body: chunks,
    });
    expect(json(response).body).toBe(Buffer.concat(chunks).toString());
  });

  test('when Content-Length is over the limit, then it answers 413 and the service is never called', async () => {
    const before = upstream.account.hits.length;
    const response = await post('/api/user/join', {}, JSON.stringify({ name: 'x'.repeat(BODY_LIMIT_BYTES * 2) }));
    expect(response.status).toBe(413);
    expect(json(response)).toEqual(TOO_LARGE);
    expect(upstream.account.hits.length).toBe(before);
  });

  test('when a chunked body grows past the limit, then it answers 413 and the service is never called', async () => {
    const before = upstream.billing.hits.length;
    const response = await rawRequest(gateway.url, {
      method: 'POST',
      path: '/api/pay/order/create',
      headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
      body: Array.from({ length: 4 }, () => Buffer.from('y'.repeat(BODY_LIMIT_BYTES / 2))),
    });
    expect(response.status).toBe(413);
    expect(json(response)).toEqual(TOO_LARGE);
    expect(upstream.billing.hits.length).toBe(before);
  });
});

describe('web app', () => {
  const html = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

  test.each(['/', '/dictionary/Search/12', '/mgrCoupon/List/Detail', '/subscribe/mobile-billings'])(
    'when a browser opens %s, then it gets index.html, never cached',
    async (path) => {
      const response = await rawRequest(gateway.url, { path, headers: html });
      expect(response.status).toBe(200);
      expect(response.body).toBe(fs.readFileSync(`${webDist}/index.html`, 'utf8'));
      expect(response.headers['cache-control']).toBe('no-cache');
    },
  );

  test('when a hashed asset is requested, then it is served with a long immutable cache', async () => {
    const response = await rawRequest(gateway.url, { path: '/assets/index-4f3a2b1c.js', headers: { accept: '*/*' } });
    expect(response.status).toBe(200);
    expect(response.body).toBe('console.log("app");');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  test('when an unhashed file is requested, then it is revalidated each time', async () => {
    const response = await rawRequest(gateway.url, { path: '/favicon.svg' });
    expect(response.status).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  test.each(['/terms', '/privacy-policy', '/dictionary/Search/12/extra', '/nope'])(
    'when a browser opens %s, which no page serves, then it gets the app (its not-found page) with status 404',
    async (path) => {
      const response = await rawRequest(gateway.url, { path, headers: html });
      expect(response.status).toBe(404);
      expect(response.body).toBe(fs.readFileSync(`${webDist}/index.html`, 'utf8'));
    },
  );

  test('when a browser that accepts gzip loads a bundle, then it is sent compressed; without gzip it is plain', async () => {
    const get = (encoding: string | undefined) =>
      new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        const req = http.get(
          `${gateway.url}/assets/vendor-0a1b2c3d.js`,
          { headers: encoding ? { 'accept-encoding': encoding } : {} },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
          },
        );
        req.on('error', reject);
      });
    const original = fs.readFileSync(`${webDist}/assets/vendor-0a1b2c3d.js`);
    const gz = await get('gzip, deflate');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.body.length).toBeLessThan(original.length / 10);
    expect(zlib.gunzipSync(gz.body).equals(original)).toBe(true);
    const br = await get('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.body).equals(original)).toBe(true);
    const plain = await get(undefined);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.equals(original)).toBe(true);
  });

  test('when a missing asset is requested by a script, then it is a 404, not index.html', async () => {
    const response = await rawRequest(gateway.url, { path: '/assets/gone-00000000.js', headers: { accept: '*/*' } });
    expect(response.status).toBe(404);
    expect(json(response)).toEqual(NOT_FOUND);
  });

  test('when a browser navigates to an API path, then it is proxied, not given the web app', async () => {
    const response = await rawRequest(gateway.url, { path: '/api/user/logout', headers: html });
    expect(json(response).service).toBe('account');
  });

  test('when anything is served, then it carries security headers and no X-Powered-By', async () => {
    for (const path of ['/dictionary', '/api/user/login']) {
      const response = await rawRequest(gateway.url, { path, headers: html });
      expect(response.headers['x-powered-by']).toBeUndefined();
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(response.headers['content-security-policy']).toContain("default-src 'self'");
      expect(response.headers['content-security-policy']).toContain("script-src 'self';");
    }
  });
});

describe('site details', () => {
  test('when the web app asks for /site.json, then it gets the configured details, samples for the rest, revalidated each time', async () => {
    const response = await rawRequest(gateway.url, { path: '/site.json', headers: { accept: '*/*' } });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(json<unknown>(response)).toEqual({
      business: {
        name: SITE.name,
        representative: SAMPLE_SITE_DETAILS.BUSINESS_REPRESENTATIVE,
        registrationNumber: SITE.registrationNumber,
        mailOrderNumber: SAMPLE_SITE_DETAILS.BUSINESS_MAIL_ORDER_NUMBER,
        address: SAMPLE_SITE_DETAILS.BUSINESS_ADDRESS,
        phone: SAMPLE_SITE_DETAILS.BUSINESS_PHONE,
        email: SAMPLE_SITE_DETAILS.BUSINESS_EMAIL,
        hours: SAMPLE_SITE_DETAILS.BUSINESS_HOURS,
      },
      privacyOfficer: { name: SAMPLE_SITE_DETAILS.PRIVACY_OFFICER_NAME, email: SITE.officerEmail },
      privacyTrustees: {
        payment: SAMPLE_SITE_DETAILS.PRIVACY_TRUSTEE_PAYMENT,
        mail: SAMPLE_SITE_DETAILS.PRIVACY_TRUSTEE_MAIL,
      },
      embedParentOrigins: [SITE.host],
    });
    // Unchanged since the last load: the browser's revalidation costs no body.
    const again = await rawRequest(gateway.url, {
      path: '/site.json',
      headers: { 'if-none-match': String(response.headers.etag) },
    });
    expect(again.status).toBe(304);
  });
});

describe('health', () => {
  test('when a client keeps its connection open, then the gateway keeps idle sockets longer than clients do (65 s)', async () => {
    const response = await fetch(`${gateway.url}/health`);
    await response.arrayBuffer();
    expect(response.headers.get('keep-alive')).toBe('timeout=65');
  });

  test('when every service answers its /health, then the gateway is healthy', async () => {
    const response = await rawRequest(gateway.url, { path: '/health' });
    expect(response.status).toBe(200);
    expect(json<unknown>(response)).toEqual({
      status: 'ok',
      services: {
        account: 'ok',
        'dictionary#1': 'ok',
        'dictionary#2': 'ok',
        wordbook: 'ok',
        billing: 'ok',
        statistics: 'ok',
      },
      redis: 'ok',
    });
  });

  test('when one dictionary replica reports unhealthy, then the gateway is degraded but healthy (it serves from the other), naming it', async () => {
    upstream.dictionaryB.healthStatus = 500;
    try {
      const response = await rawRequest(gateway.url, { path: '/health' });
      expect(response.status).toBe(200);
      expect(json<unknown>(response)).toMatchObject({
        status: 'degraded',
        degraded: ['dictionary#2'],
        services: { 'dictionary#1': 'ok', 'dictionary#2': 'down', account: 'ok' },
      });
    } finally {
      upstream.dictionaryB.healthStatus = 200;
    }
  });

  test('when every dictionary replica reports unhealthy, then the gateway answers 503 naming them', async () => {
    upstream.dictionaryA.healthStatus = 500;
    upstream.dictionaryB.healthStatus = 500;
    try {
      const response = await rawRequest(gateway.url, { path: '/health' });
      expect(response.status).toBe(503);
      expect(json<{ failing: string[] }>(response).failing).toEqual(['dictionary#1', 'dictionary#2']);
    } finally {
      upstream.dictionaryA.healthStatus = 200;
      upstream.dictionaryB.healthStatus = 200;
    }
  });
});

// Last: this block stops a service for good.
describe('when the statistics service is down', () => {
  beforeAll(() => upstream.statistics.close());

  test('then its admin calls answer 502 in the error shape', async () => {
    const response = await post('/api/sys/selectSearchStatistic', { cookie: cookie(adminSid) });
    expect(response.status).toBe(502);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(json(response)).toEqual({
      error: true,
      message: '서비스에 연결할 수 없습니다. 잠시 후 다시 시도해 주세요.',
    });
  });

  test('then /health answers 503 naming it', async () => {
    const response = await rawRequest(gateway.url, { path: '/health' });
    expect(response.status).toBe(503);
    const report = json<{ error: boolean; failing: string[]; services: Record<string, string> }>(response);
    expect(report.error).toBe(true);
    expect(report.failing).toEqual(['statistics']);
    expect(report.services.account).toBe('ok');
  });
});
