// Gateway hardening against real upstream HTTP servers and real Redis: the
// cross-site write check, per-address rate limits counted in Redis, and the
// security headers on every kind of response.
import fs from 'node:fs';
import { randomInt } from 'node:crypto';
import { startGateway, type RunningGateway } from '../src/main';
import {
  connectRedis,
  everyUpstreamAt,
  json,
  rawRequest,
  startEcho,
  tempWebDist,
  writeSession,
  type EchoServer,
  type RawResponse,
  type Redis,
} from './support';

const HOST_PAGE = 'https://host.example.com';
const PAYMENT = 'https://cdn.payment.example';
const PUBLIC_URL = 'https://dict.example.com';
const CROSS_SITE = { error: true, message: '다른 사이트에서 보낸 요청은 처리할 수 없습니다.' };
const TOO_MANY = { error: true, message: '요청이 너무 많습니다. 잠시 후 다시 시도해 주세요.' };
const TOO_LARGE = { error: true, message: '요청 본문이 너무 큽니다.' };
/** Small limits so the tests trip them; the window is short so the reset can be watched. */
const SEARCH_LIMIT = 3;
const WINDOW_SECONDS = 2;
const AUTH_LIMIT = 2;

let redis: Redis;
let gateway: RunningGateway;
let upstream: EchoServer;
let webDist: string;
let memberSid: string;
let ownOrigin: string;

beforeAll(async () => {
  redis = await connectRedis();
  upstream = await startEcho('any');
  webDist = tempWebDist(true);
  gateway = await startGateway({
    NODE_ENV: 'test',
    GATEWAY_PORT: '0',
    GATEWAY_HOST: '127.0.0.1',
    ...everyUpstreamAt(upstream.url),
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    WEB_DIST: webDist,
    BODY_LIMIT: '1kb',
    // The tests are the "load balancer": X-Forwarded-For picks the client address each test counts under.
    TRUST_PROXY: 'loopback',
    PUBLIC_URL,
    CSP_FRAME_ANCESTORS: HOST_PAGE,
    CSP_EXTRA_ORIGINS: PAYMENT,
    RATE_LIMIT_SEARCH: `${SEARCH_LIMIT}/${WINDOW_SECONDS}`,
    RATE_LIMIT_AUTH: `${AUTH_LIMIT}/60`,
  });
  ownOrigin = gateway.url;
  memberSid = await writeSession(redis, { userId: 4242, grade: 1, deviceKey: 'device-4242' });
});

afterAll(async () => {
  await gateway?.close();
  await upstream?.close();
  if (redis?.isOpen) {
    const { sessionKey } = await import('@syn/kit/session');
    if (memberSid) await redis.del(sessionKey(memberSid));
    await redis.close();
  }
  if (webDist) fs.rmSync(webDist, { recursive: true, force: true });
});

/** A fresh client address per test, so counts never carry over between tests or runs. */
const clientAddress = (): string => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

function send(
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body: string | undefined = method === 'GET' ? undefined : '{}',
): Promise<RawResponse> {
  return rawRequest(gateway.url, {
    method,
    path,
    headers: {
      'x-forwarded-for': clientAddress(),
      // An explicit length: node's client would frame a DELETE body in a way its own server refuses.
      ...(body === undefined
        ? {}
        : { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) }),
      ...headers,
    },
    body,
  });
}

describe('cross-site writes', () => {
  const WRITE = '/api/dic/wordbook/insertWordbookItem';
  const cookie = (): string => `sid=${memberSid}`;

  test('when a write with the session cookie comes from another site, then it is refused with 403 before any service', async () => {
    const before = upstream.hits.length;
    for (const origin of ['https://evil.example', 'null', `${ownOrigin}.evil.example`, 'http://127.0.0.1:1']) {
      const response = await send('POST', WRITE, { cookie: cookie(), origin });
      expect({ origin, status: response.status }).toEqual({ origin, status: 403 });
      expect(json(response)).toEqual(CROSS_SITE);
    }
    expect(upstream.hits.length).toBe(before);
  });

  test.each(['PUT', 'PATCH', 'DELETE'])(
    'when a %s with the cookie comes from another site, then it is refused',
    async (method) => {
      const response = await send(method, WRITE, { cookie: cookie(), origin: 'https://evil.example' });
      expect(response.status).toBe(403);
    },
  );

  test('when the Origin is missing, then the Referer decides', async () => {
    const foreign = await send('POST', WRITE, { cookie: cookie(), referer: 'https://evil.example/page?x=1' });
    expect(foreign.status).toBe(403);
    const own = await send('POST', WRITE, { cookie: cookie(), referer: `${ownOrigin}/wordbook` });
    expect(own.status).toBe(200);
    expect(json(own).headers['x-user-id']).toBe('4242');
  });

  test('when a write with the cookie comes from the app itself, then the member reaches the service', async () => {
    const response = await send('POST', WRITE, { cookie: cookie(), origin: ownOrigin });
    expect(response.status).toBe(200);
    expect(json(response).headers['x-user-id']).toBe('4242');
  });

  test('when the host page, the payment provider or the public URL sends a write, then it is trusted', async () => {
    for (const origin of [HOST_PAGE, PAYMENT, PUBLIC_URL]) {
      const response = await send('POST', WRITE, { cookie: cookie(), origin });
      expect({ origin, status: response.status }).toEqual({ origin, status: 200 });
    }
  });

  test('when a balancer forwards the public host and https, then the app’s own origin is recognised', async () => {
    const response = await send('POST', WRITE, {
      cookie: cookie(),
      origin: 'https://www.dict.example.com',
      'x-forwarded-host': 'www.dict.example.com',
      'x-forwarded-proto': 'https',
    });
    expect(response.status).toBe(200);
  });

  test('when a server calls without cookie and without Origin, then it passes (webhooks, curl)', async () => {
    const response = await send('POST', '/api/pay/webhook', {}, '{"imp_uid":"imp_1","merchant_uid":"m_1"}');
    expect(response.status).toBe(200);
    expect(json(response).url).toBe('/api/pay/webhook');
  });

  test('when a browser says by Fetch Metadata alone that a cookie write is cross-site, then it is refused', async () => {
    expect((await send('POST', WRITE, { cookie: cookie(), 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    expect((await send('POST', WRITE, { cookie: cookie(), 'sec-fetch-site': 'same-origin' })).status).toBe(200);
  });

  test('when another site tries to sign a visitor in (no cookie yet), then it is refused too', async () => {
    const response = await send('POST', '/api/user/login', { origin: 'https://evil.example' });
    expect(response.status).toBe(403);
    expect(json(response)).toEqual(CROSS_SITE);
  });

  test('when another site links to a page or a GET API, then nothing is refused (reads and redirects)', async () => {
    const read = await send('GET', '/api/used/isUsed?id=1', { cookie: cookie(), origin: 'https://evil.example' });
    expect(read.status).toBe(200);
    const redirect = await send('GET', '/api/pay/order/complete?imp_uid=imp_1&merchant_uid=m_1', {
      cookie: cookie(),
      referer: 'https://checkout.payment.example/',
    });
    expect(redirect.status).toBe(200);
  });
});

describe('rate limits', () => {
  test('when one address searches past the limit, then it gets 429 with Retry-After until the window ends', async () => {
    const address = clientAddress();
    const search = () => send('POST', '/api/dic/search/pyojaeItems', { 'x-forwarded-for': address });
    for (let i = 0; i < SEARCH_LIMIT; i += 1) expect((await search()).status).toBe(200);
    const before = upstream.hits.length;
    const refused = await search();
    expect(refused.status).toBe(429);
    expect(json(refused)).toEqual(TOO_MANY);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(WINDOW_SECONDS);
    expect(refused.headers['content-security-policy']).toBeDefined();
    expect(upstream.hits.length).toBe(before);

    // Another address is counted on its own.
    expect((await send('POST', '/api/dic/search/pyojaeItems')).status).toBe(200);

    await new Promise((resolve) => setTimeout(resolve, retryAfter * 1000 + 200));
    expect((await search()).status).toBe(200);
  });

  test('when the count is kept in Redis, then it is shared under the client address key', async () => {
    const address = clientAddress();
    await send('POST', '/api/dic/search/pyojaeItems', { 'x-forwarded-for': address });
    const count = await redis.get(`gateway:ratelimit:search:${address}`);
    expect(count).toBe('1');
  });

  test('when sign-in attempts pass the auth limit, then sign-in is refused while other account calls still work', async () => {
    const address = clientAddress();
    const call = (path: string) => send('POST', path, { 'x-forwarded-for': address });
    for (let i = 0; i < AUTH_LIMIT; i += 1) expect((await call('/api/user/login')).status).toBe(200);
    const refused = await call('/api/user/LOGIN/');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(WINDOW_SECONDS);
    expect((await call('/api/user/find')).status).toBe(429);
    expect((await call('/api/user/validate')).status).toBe(200);
  });
});

describe('security headers and limits', () => {
  function expectHeaders(response: RawResponse, what: string): void {
    const csp = String(response.headers['content-security-policy']);
    expect({ what, csp }).toEqual({ what, csp: expect.stringContaining(`frame-ancestors ${HOST_PAGE}`) });
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    // Another origin may frame the app: X-Frame-Options cannot say so and is left out; outside production no HSTS.
    expect(response.headers['x-frame-options']).toBeUndefined();
    expect(response.headers['strict-transport-security']).toBeUndefined();
    expect(response.headers['x-powered-by']).toBeUndefined();
  }

  test('when anything answers (page, API, service error, gateway errors), then the CSP names only the host page', async () => {
    const cases: [string, Promise<RawResponse>][] = [
      ['page', send('GET', '/', { accept: 'text/html' })],
      ['api', send('POST', '/api/dic/search/pyojaeItems')],
      ['service 4xx', send('POST', '/api/user/login', { 'x-echo-status': '400' })],
      ['not found', send('GET', '/api/nowhere')],
      ['admin refused', send('POST', '/api/sys/selectUserItems')],
      ['cross-site', send('POST', '/api/user/join', { origin: 'https://evil.example' })],
      ['bad path', send('GET', '/api/user/..%2f..%2fetc')],
      ['health', send('GET', '/health')],
    ];
    for (const [what, pending] of cases) expectHeaders(await pending, what);
  });

  test('when a body is over the limit, then it is 413 in the error shape with the headers', async () => {
    const response = await send('POST', '/api/user/join', {}, JSON.stringify({ name: 'x'.repeat(4096) }));
    expect(response.status).toBe(413);
    expect(json(response)).toEqual(TOO_LARGE);
    expectHeaders(response, '413');
  });
});
