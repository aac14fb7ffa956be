// The session cookie's attributes are the first CSRF defence (the gateway's Origin check is the
// second): HttpOnly and SameSite=Lax everywhere, Secure in production. Checked on a real response.
import type { AddressInfo } from 'node:net';
import express from 'express';
import { clearSessionCookie, setSessionCookie } from '../../services/account/src/routes/cookies';

async function cookiesFor(nodeEnv: string): Promise<string[]> {
  const app = express();
  app.get('/set', (_req, res) => {
    setSessionCookie(res, 'sid-value-for-the-test', nodeEnv);
    res.end();
  });
  app.get('/clear', (_req, res) => {
    clearSessionCookie(res, nodeEnv);
    res.end();
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  try {
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const set = (await fetch(`${base}/set`)).headers.getSetCookie();
    const clear = (await fetch(`${base}/clear`)).headers.getSetCookie();
    return [...set, ...clear];
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

test.each(['development', 'test'])(
  'when running as %s (plain http), the cookie is HttpOnly and SameSite=Lax',
  async (env) => {
    for (const cookie of await cookiesFor(env)) {
      expect(cookie).toMatch(/^sid=/);
      expect(cookie).toMatch(/; HttpOnly/);
      expect(cookie).toMatch(/; SameSite=Lax/);
      expect(cookie).not.toMatch(/; Secure/);
    }
  },
);

test('when running in production, the cookie is also Secure', async () => {
  const cookies = await cookiesFor('production');
  expect(cookies).toHaveLength(2);
  for (const cookie of cookies) expect(cookie).toMatch(/; HttpOnly.*; Secure|; Secure.*; HttpOnly/);
  for (const cookie of cookies) expect(cookie).toMatch(/; SameSite=Lax/);
});
