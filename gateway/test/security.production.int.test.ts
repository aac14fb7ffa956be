// The gateway as production runs it: HSTS on, and with the default
// CSP_FRAME_ANCESTORS ('self') the app may be framed by itself only.
import fs from 'node:fs';
import { startGateway, type RunningGateway } from '../src/main';
import {
  everyUpstreamAt,
  PRODUCTION_SITE_ENV,
  json,
  rawRequest,
  startEcho,
  tempWebDist,
  type EchoServer,
} from './support';

let gateway: RunningGateway;
let upstream: EchoServer;
let webDist: string;

beforeAll(async () => {
  upstream = await startEcho('any');
  webDist = tempWebDist(true);
  gateway = await startGateway({
    NODE_ENV: 'production',
    GATEWAY_PORT: '0',
    ...everyUpstreamAt(upstream.url),
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    WEB_DIST: webDist,
    EG_CRYPTO_CIPHER_KEY: 'k'.repeat(32),
    EG_SESSION_SECRET: 's'.repeat(32),
    EG_ACCESS_TOKEN_SECRET: 't'.repeat(32),
    IDENTITY_SECRET: 'i'.repeat(32),
    ...PRODUCTION_SITE_ENV,
  });
});

afterAll(async () => {
  await gateway?.close();
  await upstream?.close();
  if (webDist) fs.rmSync(webDist, { recursive: true, force: true });
});

test.each([
  ['a page', 'GET', '/', { accept: 'text/html' }],
  ['an API answer', 'POST', '/api/dic/search/pyojaeItems', {}],
  ['a gateway error', 'GET', '/api/nowhere', {}],
  ['a refused cross-site write', 'POST', '/api/user/login', { origin: 'https://evil.example' }],
])(
  'when %s is served in production, then HSTS is on and only the app itself may frame it',
  async (_what, method, path, headers) => {
    const response = await rawRequest(gateway.url, { method, path, headers });
    expect(response.status).toBeLessThan(500);
    expect(response.headers['strict-transport-security']).toBe('max-age=15552000; includeSubDomains');
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
  },
);

test('when the web app asks for the site details in production, then it gets the configured seller and privacy officer', async () => {
  const response = await rawRequest(gateway.url, { path: '/site.json', headers: { accept: '*/*' } });
  expect(response.status).toBe(200);
  expect(response.headers['cache-control']).toBe('no-cache');
  expect(json<unknown>(response)).toEqual({
    business: {
      name: PRODUCTION_SITE_ENV.BUSINESS_NAME,
      representative: PRODUCTION_SITE_ENV.BUSINESS_REPRESENTATIVE,
      registrationNumber: PRODUCTION_SITE_ENV.BUSINESS_REGISTRATION_NUMBER,
      mailOrderNumber: PRODUCTION_SITE_ENV.BUSINESS_MAIL_ORDER_NUMBER,
      address: PRODUCTION_SITE_ENV.BUSINESS_ADDRESS,
      phone: PRODUCTION_SITE_ENV.BUSINESS_PHONE,
      email: PRODUCTION_SITE_ENV.BUSINESS_EMAIL,
      hours: PRODUCTION_SITE_ENV.BUSINESS_HOURS,
    },
    privacyOfficer: {
      name: PRODUCTION_SITE_ENV.PRIVACY_OFFICER_NAME,
      email: PRODUCTION_SITE_ENV.PRIVACY_OFFICER_EMAIL,
    },
    privacyTrustees: {
      payment: PRODUCTION_SITE_ENV.PRIVACY_TRUSTEE_PAYMENT,
      mail: PRODUCTION_SITE_ENV.PRIVACY_TRUSTEE_MAIL,
    },
    embedParentOrigins: [],
  });
});
