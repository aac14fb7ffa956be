// The gateway in front of three dictionary replicas that die, break connections, fail their
// health check and come back: searches keep being answered by the others. (express-gateway
// runs one gateway per process, so one gateway serves every case, each setting the replicas up.)
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { metricsRegistry } from '@syn/kit/metrics';
import { startGateway, type RunningGateway } from '../src/main';
import { json, rawRequest, startEcho, type EchoServer } from './support';

const BAD_GATEWAY = { error: true, message: '서비스에 연결할 수 없습니다. 잠시 후 다시 시도해 주세요.' };
const SEARCH = '{"searchWord":"사랑","pageSize":10,"pageNum":0}';
/** Replicas are probed once a second: after this a change of health has been seen. */
const PROBED_MS = 2_500;

interface Seen {
  service: string;
  method: string;
  url: string;
  body: string;
  /** The gateway's number for the request (the usage fact a replica writes takes its id from it). */
  requestId: string;
}

/**
 * A dictionary replica that echoes what it receives. It can be killed (its port then refuses
 * connections) and started again on the same port, fail its health check, or `reset`: accept
 * each request and close the connection without a word, as a process killed while it works.
 */
class Replica {
  port = 0;
  hits: Seen[] = [];
  healthStatus = 200;
  mode: 'answer' | 'reset' = 'answer';
  private server: http.Server | null = null;

  constructor(readonly name: string) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    const server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        if (req.url === '/health') {
          res.writeHead(this.healthStatus, { 'content-type': 'application/json' }).end('{}');
          return;
        }
        const seen = {
          service: this.name,
          method: req.method ?? '',
          url: req.url ?? '',
          body: Buffer.concat(chunks).toString(),
          requestId: String(req.headers['eg-request-id'] ?? ''),
        };
        this.hits.push(seen);
        if (this.mode === 'reset') {
          req.socket.destroy();
          return;
        }
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(seen));
      });
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
  }

  async kill(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (!server) return;
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let gateway: RunningGateway;
let other: EchoServer;
const r1 = new Replica('r1');
const r2 = new Replica('r2');
const r3 = new Replica('r3');
const replicas = [r1, r2, r3];

beforeAll(async () => {
  other = await startEcho('other');
  for (const r of replicas) await r.start();
  gateway = await startGateway({
    NODE_ENV: 'test',
    GATEWAY_PORT: '0',
    GATEWAY_HOST: '127.0.0.1',
    ACCOUNT_URL: other.url,
    DICTIONARY_URLS: replicas.map((r) => r.url).join(','),
    WORDBOOK_URL: other.url,
    BILLING_URL: other.url,
    STATISTICS_URL: other.url,
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
  });
});

afterAll(async () => {
  await gateway?.close();
  for (const r of replicas) await r.kill();
  await other?.close();
});

/** Every replica up, answering and healthy again, and seen so by the gateway. */
async function restore(): Promise<void> {
  for (const r of replicas) {
    r.mode = 'answer';
    r.healthStatus = 200;
    await r.kill();
    await r.start();
  }
  await sleep(PROBED_MS);
}

const post = (path: string, body = SEARCH) =>
  rawRequest(gateway.url, { method: 'POST', path, headers: { 'content-type': 'application/json' }, body });

async function searchedBy(n: number): Promise<string[]> {
  const names: string[] = [];
  for (let i = 0; i < n; i++) {
    const response = await post('/api/dic/search/pyojaeItems');
    expect(response.status).toBe(200);
    names.push(json<Seen>(response).service);
  }
  return names;
}

describe('dictionary replicas behind the gateway', () => {
  afterEach(restore);

  test('when all are healthy, then searches go round robin over all of them', async () => {
    const names = await searchedBy(6);
    expect(new Set(names.slice(0, 3))).toEqual(new Set(['r1', 'r2', 'r3']));
    expect(names.slice(3)).toEqual(names.slice(0, 3));
  });

  test('when one is killed (its port refuses), then every search, read and write is answered by the others, unchanged', async () => {
    await r3.kill();
    const answers = [];
    for (let i = 0; i < 6; i++) {
      answers.push(await post('/api/dic/search/pyojaeItems', `{"searchWord":"사랑","pageNum":${i}}`));
      answers.push(await rawRequest(gateway.url, { path: '/api/dic/search/suggest?q=%EC%82%AC' }));
      // Refused means never received: a write may go to another replica as well.
      answers.push(await post('/api/dic/search/clearHistoryItems', '{}'));
    }
    expect(answers.map((r) => r.status)).toEqual(answers.map(() => 200));
    expect(new Set(answers.map((r) => json<Seen>(r).service))).toEqual(new Set(['r1', 'r2']));
    expect(json<Seen>(answers[3]!).body).toBe('{"searchWord":"사랑","pageNum":1}');
  });

  test('when a killed one starts again on its port, then it rejoins the rotation', async () => {
    await r3.kill();
    expect(new Set(await searchedBy(4))).toEqual(new Set(['r1', 'r2']));
    await r3.start();
    await sleep(PROBED_MS);
    expect(new Set(await searchedBy(6))).toEqual(new Set(['r1', 'r2', 'r3']));
  });

  test('when one breaks connections before answering, then searches (POSTs that only read) and GETs go to another', async () => {
    r1.mode = 'reset';
    for (let i = 0; i < 6; i++) {
      const search = await post('/api/dic/search/pyojaeItems');
      expect(search.status).toBe(200);
      expect(json<Seen>(search)).toMatchObject({ method: 'POST', body: SEARCH });
      expect(json<Seen>(search).service).not.toBe('r1');
      const suggest = await rawRequest(gateway.url, { path: '/api/dic/search/suggest?q=a' });
      expect(suggest.status).toBe(200);
      expect(json<Seen>(suggest).service).not.toBe('r1');
    }
    expect(r1.hits.map((h) => `${h.method} ${h.url}`)).toContain('POST /api/dic/search/pyojaeItems');
  });

  test('when a search is sent again to another replica, then it carries the same request id (its usage fact is counted once)', async () => {
    r1.mode = 'reset';
    const before = r1.hits.length;
    const answered: Seen[] = [];
    for (let i = 0; i < 6; i++) {
      const response = await post('/api/dic/search/pyojaeItems');
      expect(response.status).toBe(200);
      answered.push(json<Seen>(response));
    }
    // Round robin: some went to r1 first, which broke the connection; another replica answered each.
    const broken = r1.hits.slice(before);
    expect(broken.length).toBeGreaterThan(0);
    for (const hit of broken) {
      expect(hit.requestId).toMatch(/^[0-9A-Za-z-]{8,64}$/);
      expect(answered.filter((seen) => seen.requestId === hit.requestId)).toHaveLength(1);
    }
    expect(new Set(answered.map((seen) => seen.requestId)).size).toBe(6);
  });

  test('when one breaks connections before answering, then a write it may have done is not sent again: 502', async () => {
    r1.mode = 'reset';
    const statuses: number[] = [];
    const elsewhere = () => r2.hits.length + r3.hits.length;
    const before = elsewhere();
    // Round robin over three: one of three writes goes to r1.
    for (let i = 0; i < 3; i++) {
      const response = await post('/api/dic/search/deleteHistoryItem', '{"itemId":1}');
      statuses.push(response.status);
      if (response.status === 502) expect(json<unknown>(response)).toEqual(BAD_GATEWAY);
    }
    expect(statuses.sort()).toEqual([200, 200, 502]);
    expect(elsewhere() - before).toBe(2);
    expect(r1.hits.filter((h) => h.url === '/api/dic/search/deleteHistoryItem')).toHaveLength(1);
  });

  test('when one fails its health check, then it leaves the rotation, and is back once it answers 200', async () => {
    r2.healthStatus = 503;
    await sleep(PROBED_MS);
    const before = r2.hits.length;
    expect(new Set(await searchedBy(6))).toEqual(new Set(['r1', 'r3']));
    expect(r2.hits.length).toBe(before);
    r2.healthStatus = 200;
    await sleep(PROBED_MS);
    expect(new Set(await searchedBy(6))).toEqual(new Set(['r1', 'r2', 'r3']));
  });

  test('what an operator watches: a replica out of the rotation reads 0, and requests sent again are counted', async () => {
    const healthy = async (r: Replica) =>
      (await metricsRegistry.getSingleMetricAsString('gateway_replica_healthy'))
        .split('\n')
        .find((line) => line.includes(`replica="${r.url}/"`))
        ?.split(' ')
        .at(-1);
    const retries = async () =>
      Number(
        /gateway_replica_retries_total\{service="dictionary"\} (\d+)/.exec(
          await metricsRegistry.getSingleMetricAsString('gateway_replica_retries_total'),
        )?.[1] ?? 0,
      );
    expect(await healthy(r2)).toBe('1');
    r2.healthStatus = 503;
    await sleep(PROBED_MS);
    expect(await healthy(r2)).toBe('0');
    expect(await healthy(r1)).toBe('1');
    const before = await retries();
    r1.mode = 'reset';
    await searchedBy(3);
    expect(await retries()).toBeGreaterThan(before);
  });

  test('when every one fails its health check, then searches are still tried rather than refused', async () => {
    for (const r of replicas) r.healthStatus = 503;
    await sleep(PROBED_MS);
    expect(new Set(await searchedBy(3))).toEqual(new Set(['r1', 'r2', 'r3']));
  });

  test("when every one is killed, then a search is answered 502 with the gateway's message", async () => {
    for (const r of replicas) await r.kill();
    const response = await post('/api/dic/search/pyojaeItems');
    expect(response.status).toBe(502);
    expect(json<unknown>(response)).toEqual(BAD_GATEWAY);
  });
});
