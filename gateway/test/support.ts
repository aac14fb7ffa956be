// Test builders: tiny real upstream services that echo what they receive,
// real Redis sessions written with kit's contract, and raw HTTP helpers.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createClient } from 'redis';
import {
  SESSION_TTL_SECONDS,
  currentDeviceKey,
  deviceRecord,
  newSessionId,
  sessionHash,
  sessionKey,
  type SessionData,
} from '@syn/kit/session';

export const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Seller details and privacy officer as production must set them (made up; the check digit holds). */
export const PRODUCTION_SITE_ENV = {
  BUSINESS_NAME: '주식회사 낱말숲',
  BUSINESS_REPRESENTATIVE: '이한결',
  BUSINESS_REGISTRATION_NUMBER: '123-45-67891',
  BUSINESS_MAIL_ORDER_NUMBER: '제2026-서울마포-0123호',
  BUSINESS_ADDRESS: '서울특별시 마포구 낱말로 12, 3층',
  BUSINESS_PHONE: '1588-0123',
  BUSINESS_EMAIL: 'help@natmal.example',
  BUSINESS_HOURS: '평일 09:00~18:00',
  PRIVACY_OFFICER_NAME: '박지원',
  PRIVACY_OFFICER_EMAIL: 'privacy@natmal.example',
  PRIVACY_TRUSTEE_PAYMENT: '코리아포트원 주식회사(PortOne), 주식회사 케이지이니시스',
  PRIVACY_TRUSTEE_MAIL: '주식회사 낱말메일',
} as const;

/** Gateway settings that send every route group to the one upstream at `url`. */
export function everyUpstreamAt(url: string) {
  return { ACCOUNT_URL: url, DICTIONARY_URLS: url, WORDBOOK_URL: url, BILLING_URL: url, STATISTICS_URL: url };
}

export interface Echoed {
  service: string;
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export interface EchoServer {
  name: string;
  url: string;
  /** Requests received, /health probes excluded. */
  hits: Echoed[];
  /** Status the /health route answers. */
  healthStatus: number;
  close(): Promise<void>;
}

/**
 * An upstream that answers every request with what it received as JSON.
 * `x-echo-status` picks the status (to see a service's own 4xx pass through).
 */
export async function startEcho(name: string): Promise<EchoServer> {
  const echo: EchoServer = { name, url: '', hits: [], healthStatus: 200, close: async () => undefined };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (req.url === '/health') {
        res.writeHead(echo.healthStatus, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ status: echo.healthStatus === 200 ? 'ok' : 'fail' }));
        return;
      }
      const seen: Echoed = {
        service: name,
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      echo.hits.push(seen);
      const status = Number(req.headers['x-echo-status'] ?? 200);
      const body = status === 200 ? JSON.stringify(seen) : JSON.stringify({ error: true, message: `${name} 오류` });
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'x-powered-by': 'Express' });
      res.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  echo.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  echo.close = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  return echo;
}

/** A port nothing listens on (bound, then released). */
export async function closedPort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

function newClient() {
  // No reconnect: a test run without Redis must fail, not wait.
  return createClient({ url: REDIS_URL, socket: { reconnectStrategy: false, connectTimeout: 2_000 } });
}
export type Redis = ReturnType<typeof newClient>;

export async function connectRedis(): Promise<Redis> {
  const client = newClient();
  await client.connect();
  return client;
}

/** Writes a session exactly as the account service does (kit's session contract) and returns its cookie value. */
export async function writeSession(redis: Redis, data: Partial<SessionData> & { userId: number }): Promise<string> {
  const sid = newSessionId();
  const session: SessionData = {
    grade: 1,
    deviceKey: '',
    email: `user${data.userId}@example.com`,
    createdAt: new Date().toISOString(),
    ...data,
  };
  await redis.set(sessionKey(sid), JSON.stringify(session), { EX: SESSION_TTL_SECONDS });
  // A session with a device key is the one that claimed the account last, as after a real claim.
  if (session.deviceKey)
    await redis.set(currentDeviceKey(session.userId), deviceRecord(session.deviceKey, sessionHash(sid)));
  return sid;
}

export function tempWebDist(withIndex: boolean): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'syn-web-dist-'));
  if (withIndex) {
    fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>유의어 사전</title><div id="root"></div>');
    fs.mkdirSync(path.join(dir, 'assets'));
    fs.writeFileSync(path.join(dir, 'assets', 'index-4f3a2b1c.js'), 'console.log("app");');
    fs.writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    // A bundle large enough to be worth compressing, and the route list the web build writes.
    fs.writeFileSync(path.join(dir, 'assets', 'vendor-0a1b2c3d.js'), 'export const word = "사랑";\n'.repeat(2000));
    fs.writeFileSync(
      path.join(dir, 'routes.json'),
      JSON.stringify([
        '/',
        '/dictionary',
        '/dictionary/Search/:id',
        '/mgrCoupon/List/Detail',
        '/subscribe/mobile-billings',
      ]),
    );
  }
  return dir;
}

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * A request through node's http client: fetch() would normalise paths and
 * forbids some headers; this sends exactly what it is given.
 */
export function rawRequest(
  baseUrl: string,
  options: { method?: string; path: string; headers?: http.OutgoingHttpHeaders; body?: string | Buffer[] },
): Promise<RawResponse> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        method: options.method ?? 'GET',
        path: options.path,
        headers: options.headers,
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', reject);
      },
    );
    // The gateway may answer (413) and close before the whole body is written: the answer is what matters.
    req.on('error', reject);
    if (Array.isArray(options.body)) {
      for (const chunk of options.body) req.write(chunk);
      req.end();
    } else {
      req.end(options.body);
    }
  });
}

export function json<T = Echoed>(response: RawResponse): T {
  return JSON.parse(response.body) as T;
}
