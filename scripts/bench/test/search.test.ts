// bench:search's and bench:load's pure parts: the shared query generator, the feed that never
// repeats an item, the figures of a run, the open-loop verdict, and autocannon driven as the
// benchmark drives it (closed loop with multi-call requests, open loop at a fixed rate) against a
// local HTTP server that counts what it gets.
import { cacheLine } from '../machine';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { closedLoop, figuresOf, openLoop, type Call, type Target } from '../search/drive';
import { highestMet, metGoal, type RateRow } from '../search/report';
import { distinctQueries, feed, shuffled } from '../queries';

const WORDS = [
  '사랑',
  '사랑스럽다',
  '애정',
  '미움',
  '증오',
  '기쁨',
  '슬픔',
  '사람',
  '사과',
  '과일',
  '아름답다',
  '먹다',
];

test('the generator gives pairwise different queries of every kind, the same for the same seed', () => {
  const all = distinctQueries(WORDS, 1000, 7);
  const texts = all.map((q) => q.text);
  expect(new Set(texts).size).toBe(texts.length);
  // Later passes ask the same headwords as other kinds: more queries than headwords.
  expect(all.length).toBeGreaterThan(WORDS.length);
  expect(new Set(all.map((q) => q.kind))).toEqual(new Set(['exact', 'prefix', 'choseong', 'contains']));
  expect(distinctQueries(WORDS, 1000, 7)).toEqual(all);
  expect(distinctQueries(WORDS, 5, 7)).toEqual(all.slice(0, 5));
  expect(distinctQueries(WORDS, 1000, 8).map((q) => q.text)).not.toEqual(texts);
  expect(shuffled(WORDS, 3).sort()).toEqual([...WORDS].sort());
});

test('a feed returns every item once before any again, and counts the repeats', () => {
  const f = feed([1, 2, 3]);
  expect(f.peek(2)).toEqual([1, 2]);
  expect([f.next(), f.next(), f.next()]).toEqual([1, 2, 3]);
  expect(f.wrapped).toBe(0);
  expect(f.peek(2)).toEqual([1, 2]);
  expect(f.next()).toBe(1);
  expect(f.wrapped).toBe(1);
});

test('figures are nearest-rank percentiles over the logical requests, and their rate over the elapsed time', () => {
  const f = figuresOf({
    latencies: Array.from({ length: 100 }, (_, i) => 100 - i),
    errors: 2,
    reasons: {},
    elapsedMs: 4000,
    firstSent: 0,
    lastSent: 3990,
  });
  expect(f).toMatchObject({ requests: 100, p50: 50, p90: 90, p99: 99, max: 100, rps: 25, errors: 2 });
});

test('the highest open-loop rate is the last of an unbroken run of met rates', () => {
  const row = (rate: number, p99: number, errors = 0, rps = rate): RateRow => ({
    rate,
    path: 'gateway',
    f: { requests: rate * 10, p50: 1, p90: 1, p99, max: p99, rps, errors },
  });
  expect(metGoal(row(50, 100))).toBe(true);
  expect(metGoal(row(50, 101))).toBe(false);
  expect(metGoal(row(50, 20, 1))).toBe(false);
  expect(metGoal(row(50, 20, 0, 40))).toBe(false);
  expect(highestMet([row(100, 90), row(25, 10), row(50, 20), row(200, 150), row(400, 50)], 'gateway')).toBe(100);
  expect(highestMet([row(25, 150)], 'gateway')).toBeNull();
  expect(highestMet([row(25, 10)], 'service')).toBeNull();
});

describe('autocannon as the benchmark drives it', () => {
  let server: Server;
  let url = '';
  const seen: string[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      seen.push(req.url ?? '');
      res.writeHead(req.url?.includes('fail') ? 500 : 200, { 'content-type': 'application/json' });
      res.end('{"ok":true}');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));
  beforeEach(() => (seen.length = 0));

  const call = (path: string): Call => ({ method: 'GET', path, headers: {} });

  test('closed loop: a logical request of several calls is one latency, its calls sent in order', async () => {
    // Requests of 1, 2 and 3 calls in turn; the 3-call one fails on its second call.
    const traces = [[call('/a1')], [call('/b1'), call('/b2')], [call('/c1'), call('/c2-fail'), call('/c3')]];
    const f = feed(traces);
    const t: Target = {
      label: 'test',
      urls: [url],
      maxCalls: 3,
      next: () => f.next(),
      check: (status) => (status === 200 ? '' : `HTTP ${status}`),
    };
    // Three rounds of the three requests: 18 calls on one connection.
    const out = await closedLoop(t, 1, 18);
    expect(out.latencies).toHaveLength(9);
    expect(out.errors).toBe(3);
    expect(out.reasons).toEqual({ 'HTTP 500': 3 });
    expect(seen.slice(0, 6)).toEqual(['/a1', '/b1', '/b2', '/c1', '/c2-fail', '/c3']);
  });

  test('open loop: the rate asked is the rate sent, spread over the seconds', async () => {
    let n = 0;
    const t: Target = {
      label: 'test',
      urls: [url],
      maxCalls: 1,
      next: () => [call(`/q${n++}`)],
      check: (status) => (status === 200 ? '' : `HTTP ${status}`),
    };
    const started = Date.now();
    const out = await openLoop(t, 20, 2);
    // The last arrivals leave a second after the first ones (two ticks of one request per connection).
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(out.errors).toBe(0);
    expect(out.latencies).toHaveLength(40);
    expect(seen).toHaveLength(40);
    // Delivered as the goal counts it (90 % of the rate; timers on a busy machine run a little late).
    expect(figuresOf(out).rps).toBeGreaterThanOrEqual(18);
    expect(figuresOf(out).rps).toBeLessThanOrEqual(20);
  });
});

describe('the answer-cache line', () => {
  it('gives the share of hits between two readings, and says so when there were no look-ups', () => {
    expect(cacheLine({ hit: 10, miss: 5 }, { hit: 40, miss: 15 })).toContain('30 hits of 40 look-ups (75.0 %)');
    expect(cacheLine({ hit: 3, miss: 3 }, { hit: 3, miss: 3 })).toContain('no look-ups');
  });
});
