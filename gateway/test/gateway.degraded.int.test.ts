// The gateway when what it depends on is missing: Redis down, web app not built.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ANONYMOUS_USER_ID, newSessionId } from '@syn/kit/session';
import { startGateway, type RunningGateway } from '../src/main';
import { closedPort, json, rawRequest, startEcho, type EchoServer } from './support';

let gateway: RunningGateway;
let service: EchoServer;
const missingWebDist = path.join(os.tmpdir(), `syn-web-dist-missing-${process.pid}`);

beforeAll(async () => {
  service = await startEcho('any');
  const redisPort = await closedPort();
  gateway = await startGateway({
    NODE_ENV: 'test',
    GATEWAY_PORT: '0',
    ACCOUNT_URL: service.url,
    DICTIONARY_URLS: service.url,
    WORDBOOK_URL: service.url,
    BILLING_URL: service.url,
    STATISTICS_URL: service.url,
    REDIS_URL: `redis://127.0.0.1:${redisPort}`,
    WEB_DIST: missingWebDist,
  });
});

afterAll(async () => {
  await gateway?.close();
  await service?.close();
});

describe('when Redis is down', () => {
  test('then a caller with a session cookie gets 503 and is never passed on as anyone', async () => {
    const before = service.hits.length;
    const response = await rawRequest(gateway.url, {
      method: 'POST',
      path: '/api/dic/wordbook/searchWordbookItems',
      headers: { cookie: `sid=${newSessionId()}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(response.status).toBe(503);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(json<unknown>(response)).toEqual({
      error: true,
      message: '일시적으로 서비스를 이용할 수 없습니다. 잠시 후 다시 시도해 주세요.',
    });
    expect(service.hits.length).toBe(before);
  });

  test('then a caller without a cookie is still served as anonymous', async () => {
    const response = await rawRequest(gateway.url, { method: 'POST', path: '/api/dic/search/pyojaeItems', body: '{}' });
    expect(response.status).toBe(200);
    expect(json(response).headers['x-user-id']).toBe(String(ANONYMOUS_USER_ID));
  });

  test('then /health answers 503 naming redis', async () => {
    const response = await rawRequest(gateway.url, { path: '/health' });
    expect(response.status).toBe(503);
    expect(json<{ failing: string[]; redis: string }>(response)).toMatchObject({ failing: ['redis'], redis: 'down' });
  });
});

describe('when the web app has not been built', () => {
  test('then a browser gets a Korean notice with 503 instead of a crash', async () => {
    expect(fs.existsSync(missingWebDist)).toBe(false);
    const response = await rawRequest(gateway.url, { path: '/dictionary', headers: { accept: 'text/html' } });
    expect(response.status).toBe(503);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.body).toContain('서비스를 준비하고 있습니다.');
  });
});
