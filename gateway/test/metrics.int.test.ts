// The gateway's Prometheus metrics: counted per documented route, served only on their own port.
import { startGateway, type RunningGateway } from '../src/main';
import { gatewayRouteLabel } from '../src/metrics';
import { rawRequest, startEcho, type EchoServer } from './support';

let gateway: RunningGateway;
let service: EchoServer;

beforeAll(async () => {
  service = await startEcho('any');
  gateway = await startGateway({
    NODE_ENV: 'test',
    GATEWAY_PORT: '0',
    GATEWAY_METRICS_PORT: '0',
    ACCOUNT_URL: service.url,
    DICTIONARY_URLS: service.url,
    WORDBOOK_URL: service.url,
    BILLING_URL: service.url,
    STATISTICS_URL: service.url,
    REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/1',
  });
});

afterAll(async () => {
  await gateway?.close();
  await service?.close();
});

test('names a request by its pipeline, never by its raw path', () => {
  expect(gatewayRouteLabel({ path: '/api/dic/search/pyojaeItems' })).toBe('dictionarySearch');
  expect(gatewayRouteLabel({ path: '/api/sys/selectSearchStatistic' })).toBe('sysStatistics');
  expect(gatewayRouteLabel({ path: '/api/nowhere/at/all' })).toBe('unknownApi');
  expect(gatewayRouteLabel({ path: '/dictionary/사랑' })).toBe('web');
});

test('counts searches through the gateway, and serves the figures only on the metrics port', async () => {
  const metricsUrl = gateway.metricsUrl;
  if (!metricsUrl) throw new Error('GATEWAY_METRICS_PORT was set: the metrics server should run');
  for (let i = 0; i < 3; i++) {
    const response = await rawRequest(gateway.url, { method: 'POST', path: '/api/dic/search/pyojaeItems', body: '{}' });
    expect(response.status).toBe(200);
  }
  const scraped = await fetch(`${metricsUrl}/metrics`);
  expect(scraped.status).toBe(200);
  const text = await scraped.text();
  expect(text).toMatch(
    /http_requests_total\{service="gateway",method="POST",route="dictionarySearch",status="200"\} 3\b/,
  );
  expect(text).toMatch(
    /http_request_duration_seconds_bucket\{le="0\.06",service="gateway",method="POST",route="dictionarySearch"\} \d+/,
  );
  const publicDoor = await rawRequest(gateway.url, { path: '/metrics' });
  expect(publicDoor.body).not.toContain('http_requests_total');
});
