// Source maps are never served, and which origins the CSRF check trusts for cookie-carrying writes. The local PortOne sandbox
// (http://127.0.0.1:<port>, CSP_EXTRA_ORIGINS of scripts/topology.ts) is trusted in development
// and test, where its checkout page runs; a production configuration that names it, or any
// plain-http or loopback origin, does not start.
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import express from 'express';
import { ConfigError, isProductionOrigin, loadConfig } from '../src/config';
import { isSourceMap, webApp } from '../src/plugin/web';
import { PRODUCTION_SITE_ENV, tempWebDist } from './support';

const SANDBOX = 'http://127.0.0.1:4100';
const SECRETS = {
  EG_CRYPTO_CIPHER_KEY: 'k'.repeat(32),
  EG_SESSION_SECRET: 's'.repeat(32),
  EG_ACCESS_TOKEN_SECRET: 't'.repeat(32),
  IDENTITY_SECRET: 'i'.repeat(32),
  // Not secrets, but production needs them too: here they keep the origin checks the only problem.
  ...PRODUCTION_SITE_ENV,
};

function problemsOf(env: NodeJS.ProcessEnv): string[] {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  return [];
}

test.each(['development', 'test'])('when running as %s, the sandbox origin is trusted', (nodeEnv) => {
  expect(loadConfig({ NODE_ENV: nodeEnv, CSP_EXTRA_ORIGINS: SANDBOX }).trustedOrigins).toContain(SANDBOX);
});

test.each([
  ['CSP_EXTRA_ORIGINS', SANDBOX],
  ['CSP_EXTRA_ORIGINS', 'https://cdn.iamport.kr http://localhost:4100'],
  ['CSP_EXTRA_ORIGINS', 'http://pay.example.com'],
  ['CSP_FRAME_ANCESTORS', 'https://localhost:8443'],
  ['PUBLIC_URL', 'http://127.0.0.1:8080'],
])('when production names %s=%s, start-up refuses it', (key, value) => {
  const problems = problemsOf({ NODE_ENV: 'production', ...SECRETS, [key]: value });
  expect(problems).toEqual([expect.stringMatching(new RegExp(`^${key}: .* cannot be trusted in production`))]);
});

test("production's own configuration (PortOne's https origins, a public host page) is accepted", () => {
  const config = loadConfig({
    NODE_ENV: 'production',
    ...SECRETS,
    CSP_EXTRA_ORIGINS: 'https://cdn.iamport.kr https://service.iamport.kr',
    CSP_FRAME_ANCESTORS: "'self' https://host.example.com",
    PUBLIC_URL: 'https://dict.example.com/',
  });
  expect(config.trustedOrigins.sort()).toEqual(
    [
      'https://cdn.iamport.kr',
      'https://dict.example.com',
      'https://host.example.com',
      'https://service.iamport.kr',
    ].sort(),
  );
});

test('a production origin is https on a host that is not loopback', () => {
  expect(isProductionOrigin('https://cdn.iamport.kr')).toBe(true);
  for (const origin of ['http://cdn.iamport.kr', 'https://localhost', 'https://127.0.0.2:9', 'https://a.localhost']) {
    expect(isProductionOrigin(origin)).toBe(false);
  }
});

test('a source map is recognised however its path is written', () => {
  for (const p of ['/assets/index-1.js.map', '/assets/x.css.MAP', '/assets/x.js%2Emap', '/x.map']) {
    expect(isSourceMap(p)).toBe(true);
  }
  for (const p of ['/assets/index-1.js', '/sitemap', '/map', '/assets/%E0%A4%A']) expect(isSourceMap(p)).toBe(false);
});

test('a map left in WEB_DIST answers 404 while its script is served', async () => {
  const dist = tempWebDist(true);
  fs.writeFileSync(path.join(dist, 'assets', 'index-4f3a2b1c.js.map'), '{"version":3,"mappings":"AAAA"}');
  const app = express();
  app.use(webApp(dist));
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  try {
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    expect((await fetch(`${base}/assets/index-4f3a2b1c.js`)).status).toBe(200);
    for (const p of ['/assets/index-4f3a2b1c.js.map', '/assets/index-4f3a2b1c.js%2Emap']) {
      for (const accept of ['*/*', 'text/html']) {
        const r = await fetch(base + p, { headers: { accept } });
        expect({ p, accept, status: r.status }).toEqual({ p, accept, status: 404 });
        expect(await r.text()).not.toContain('mappings');
      }
    }
  } finally {
    await new Promise((resolve) => server.close(resolve));
    fs.rmSync(dist, { recursive: true, force: true });
  }
});
