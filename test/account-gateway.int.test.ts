// Account through the real gateway: the session cookie set by the account service passes
// through, the gateway resolves it from Redis, and logout ends it (server side).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { startGateway, type RunningGateway } from '../gateway/src/main';
import {
  joinBody,
  linkIn,
  post as direct,
  readMail,
  startAccount,
  type Running,
} from '../services/account/test/support';

// jest ignores testTimeout inside `projects`; real servers need more than the 5 s default.
jest.setTimeout(60_000);

let account: Running;
let gateway: RunningGateway;
let echo: http.Server;
let echoUrl = '';
const echoed: http.IncomingHttpHeaders[] = [];

beforeAll(async () => {
  account = await startAccount();
  // Stand-in for the other services: answers with the identity headers the gateway forwarded.
  echo = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      if (req.url !== '/health') echoed.push(req.headers);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ headers: req.headers }));
    });
  });
  await new Promise<void>((r) => echo.listen(0, '127.0.0.1', r));
  echoUrl = `http://127.0.0.1:${(echo.address() as AddressInfo).port}`;
  gateway = await startGateway({
    NODE_ENV: 'test',
    GATEWAY_PORT: '0',
    ACCOUNT_URL: account.url,
    DICTIONARY_URLS: echoUrl,
    WORDBOOK_URL: echoUrl,
    BILLING_URL: echoUrl,
    STATISTICS_URL: echoUrl,
    REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/1',
  });
});

afterAll(async () => {
  await gateway?.close();
  await new Promise((r) => echo?.close(r));
  await account?.svc.stop();
});

async function viaGateway(path: string, body: unknown, cookie = '', method = 'POST') {
  const res = await fetch(gateway.url + path, {
    method,
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: method === 'GET' ? undefined : JSON.stringify(body),
  });
  return {
    status: res.status,
    body: (await res.json()) as Record<string, unknown>,
    setCookie: res.headers.getSetCookie(),
  };
}

test('when a member signs in through the gateway, then the cookie identifies them until logout', async () => {
  const body = joinBody();
  expect((await viaGateway('/api/user/join', body)).status).toBe(200);
  const link = linkIn(await readMail(String(body.email)), 'confirmEmail');
  expect((await direct(account, '/api/user/confirm', { secretId: link.id, secretKey: link.key })).status).toBe(200);

  const login = await viaGateway('/api/user/login', { email: body.email, password: body.password });
  expect(login.status).toBe(200);
  const setCookie = login.setCookie.find((c) => c.startsWith('sid='));
  expect(setCookie).toMatch(/HttpOnly/);
  expect(setCookie).toMatch(/SameSite=Lax/);
  const cookie = setCookie!.split(';')[0]!;
  const user = login.body.user as { id: number };

  const validate = await viaGateway('/api/user/validate', { id: user.id }, cookie);
  expect(validate).toMatchObject({ status: 200, body: { user: { id: user.id, status: 'none' }, status: 'none' } });
  // A client-sent identity header is stripped: without the cookie nobody is signed in.
  const forged = await fetch(`${gateway.url}/api/user/getUserInfo`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-user-id': String(user.id), 'x-user-grade': '0' },
    body: '{}',
  });
  expect(forged.status).toBe(401);

  const claim = await viaGateway(
    '/api/user/updateUserConnectInfo',
    { userId: user.id, userAuthKey: 'gw-device-1' },
    cookie,
  );
  expect(claim.body.authKey).toBe('gw-device-1');
  await viaGateway('/api/dic/search/wordSynItems', { pyojaeId: 1 }, cookie);
  expect(echoed.at(-1)?.['x-user-id']).toBe(String(user.id));
  expect(echoed.at(-1)?.['x-device-key']).toBe('gw-device-1');

  expect((await viaGateway('/api/sys/selectUserItems', { userId: user.id }, cookie)).status).toBe(403);

  const logout = await viaGateway('/api/user/logout', undefined, cookie, 'GET');
  expect(logout.status).toBe(200);
  expect(logout.setCookie.some((c) => c.startsWith('sid=;'))).toBe(true);
  expect((await viaGateway('/api/user/getUserInfo', {}, cookie)).status).toBe(401);
});
