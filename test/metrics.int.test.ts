/**
 * What an operator watches, on the whole test stack: every service and the gateway serve
 * Prometheus metrics, a search through the gateway shows in the gateway's and the dictionary's
 * request counts and in the answer cache, the outboxes report their backlog and the consumers
 * their lag. The gateway's figures are on their own port, never on the public one.
 *
 * Run: TEST_STACK_OFFSET=37 npx jest test/metrics.int.test.ts --selectProjects integration
 */
import type { Stack } from '../scripts/stack';
import { topology } from '../scripts/topology';
import { startContractStack } from './contract/support';

// Its own ports and names unless the runner chose: other suites start stacks too.
process.env.TEST_STACK_OFFSET ??= '37';

jest.setTimeout(120_000);

let stack: Stack | undefined;

beforeAll(async () => {
  stack = (await startContractStack('metrics')).stack;
}, 240_000);

afterAll(async () => {
  await stack?.stop();
});

const scrape = async (url: string): Promise<string> => {
  const res = await fetch(`${url}/metrics`);
  expect(res.status).toBe(200);
  return res.text();
};

/** The value of the first series whose line starts with `prefix` (0 when there is none yet). */
const valueOf = (text: string, prefix: string): number => {
  const line = text.split('\n').find((l) => l.startsWith(prefix));
  return line ? Number(line.split(' ').at(-1)) : 0;
};

test('a search through the gateway is counted by the gateway, the dictionary and its answer cache', async () => {
  const topo = topology('test');
  const dictionaryUrl = `http://127.0.0.1:${topo.ports.dictionary}`;
  const gatewayMetrics = `http://127.0.0.1:${topo.gatewayMetricsPort}`;
  const route =
    'http_requests_total{service="dictionary",method="POST",route="/api/dic/search/pyojaeItems",status="200"}';
  const gatewayRoute = 'http_requests_total{service="gateway",method="POST",route="dictionarySearch",status="200"}';
  const before = {
    service: valueOf(await scrape(dictionaryUrl), route),
    gateway: valueOf(await scrape(gatewayMetrics), gatewayRoute),
  };
  const word = `측정${Date.now()}`;
  for (let i = 0; i < 2; i++) {
    const res = await fetch(`${stack!.baseUrl}/api/dic/search/pyojaeItems`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ searchWord: word, pageSize: 10, pageNum: 0 }),
    });
    expect(res.status).toBe(200);
  }
  const service = await scrape(dictionaryUrl);
  expect(valueOf(service, route)).toBe(before.service + 2);
  // The same query twice: the second is answered from the cache.
  expect(valueOf(service, 'answer_cache_requests_total{service="dictionary",result="hit"}')).toBeGreaterThanOrEqual(1);
  expect(service).toMatch(
    /http_request_duration_seconds_bucket\{le="0\.015",service="dictionary",method="POST",route="\/api\/dic\/search\/pyojaeItems"\} \d+/,
  );
  expect(service).toMatch(/^outbox_backlog\{outbox="dictionary"\} \d+$/m);
  expect(service).toContain('process_resident_memory_bytes');
  expect(valueOf(await scrape(gatewayMetrics), gatewayRoute)).toBe(before.gateway + 2);
  expect(await scrape(gatewayMetrics)).toMatch(/^gateway_replica_healthy\{service="dictionary",replica="[^"]+"\} 1$/m);
  const publicDoor = await fetch(`${stack!.baseUrl}/metrics`);
  expect(await publicDoor.text()).not.toContain('http_requests_total');
});

test('every service serves its metrics, and the consumers report their lag', async () => {
  const topo = topology('test');
  for (const [name, port] of Object.entries(topo.ports)) {
    const text = await scrape(`http://127.0.0.1:${port}`);
    expect(text).toContain(`service="${name}"`);
  }
  // Statistics consumes the dictionary's usage facts: once it has processed a batch, its lag shows.
  const statistics = `http://127.0.0.1:${topo.ports.statistics}`;
  const deadline = Date.now() + 60_000;
  let text = await scrape(statistics);
  while (!/^kafka_consumer_lag\{group="[^"]*statistics[^"]*",topic="[^"]+",partition="\d+"\} \d+$/m.test(text)) {
    if (Date.now() > deadline) throw new Error(`no consumer lag reported by statistics:\n${text.slice(0, 2000)}`);
    await new Promise((r) => setTimeout(r, 500));
    text = await scrape(statistics);
  }
  expect(await scrape(`http://127.0.0.1:${topo.ports.billing}`)).toMatch(/^outbox_backlog\{outbox="billing"\} \d+$/m);
  expect(await scrape(`http://127.0.0.1:${topo.ports.wordbook}`)).toMatch(
    /^outbox_backlog\{outbox="wordbook_items"\} \d+$/m,
  );
});
