// bench:search's and bench:load's pure parts: the shared query generator, the feed that never
// repeats an item, the figures of a run, the open-loop schedule and verdicts, and the drivers as the
// benchmark runs them (autocannon's closed loop with multi-call requests, the open loop at a fixed
// rate of logical requests) against a local HTTP server that records what it gets.
import { cacheLine } from '../machine';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  closedLoop,
  deliveredElapsedMs,
  dueAt,
  dueBy,
  figuresOf,
  openLoop,
  type Call,
  type Target,
} from '../search/drive';
import { OPEN_WARMUP_SECONDS, openRequestsPerPath } from '../search/phases';
import { gatewayOverElasticsearch, highestMet, metGoal, ratioLine, type RateRow } from '../search/report';
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

test('the open-loop schedule: the i-th request due at i / rate, every one due when a timer fires late', () => {
  expect([0, 1, 2, 99].map((i) => dueAt(i, 100))).toEqual([0, 10, 20, 990]);
  expect(dueBy(-1, 100, 50)).toBe(0);
  expect(dueBy(0, 100, 50)).toBe(1);
  expect(dueBy(9.99, 100, 50)).toBe(1);
  expect(dueBy(10, 100, 50)).toBe(2);
  // A timer 35 ms late at 100/s: requests 0–3 are all due.
  expect(dueBy(35, 100, 50)).toBe(4);
  expect(dueBy(60_000, 100, 50)).toBe(50);
  // 1000 / 3 is not exact: the third request (due at 666.67 ms) is due at that time, not a hair later.
  expect(dueBy(dueAt(2, 3), 3, 10)).toBe(3);
});

test('the rate an open-loop step delivered is over the time its requests took to leave', () => {
  // On schedule: 100/s for 15 s, the last one leaving at 14.99 s.
  expect(deliveredElapsedMs({ firstSent: 1000, lastSent: 15_990 }, 100, 15)).toBe(15_000);
  // The driver fell 3 s behind: 1,500 requests over 18 s are 83/s, under the goal's 90 %.
  expect(deliveredElapsedMs({ firstSent: 1000, lastSent: 18_990 }, 100, 15)).toBe(18_000);
});

test('each path sends the warm-up step at the first rate, then every rate for the step', () => {
  expect(openRequestsPerPath([25, 100], 5)).toBe(25 * 5 + 100 * 5 + 25 * OPEN_WARMUP_SECONDS);
  expect(openRequestsPerPath([], 5)).toBe(0);
});

test('the gateway ÷ Elasticsearch p50 at a rate is judged against 2×', () => {
  const row = (rate: number, path: RateRow['path'], p50: number): RateRow => ({
    rate,
    path,
    f: { requests: 100, p50, p90: p50, p99: p50, max: p50, rps: rate, errors: 0 },
  });
  const rows = [row(100, 'gateway', 8), row(100, 'service', 6), row(100, 'elasticsearch', 4), row(25, 'gateway', 20)];
  expect(gatewayOverElasticsearch(rows, 100)).toEqual({ gateway: 8, elasticsearch: 4, ratio: 2, met: true });
  expect(gatewayOverElasticsearch([...rows.slice(1), row(100, 'gateway', 8.1)], 100)?.met).toBe(false);
  expect(ratioLine('cold search', rows, 100)).toBe(
    'cold search at 100 req/s: gateway p50 8.0 ms ÷ Elasticsearch p50 4.0 ms = 2.00× (target ≤ 2×) met',
  );
  // No Elasticsearch row at 25 req/s: no verdict.
  expect(gatewayOverElasticsearch(rows, 25)).toBeNull();
  expect(ratioLine('cold detail', rows, 25)).toBe(
    'cold detail: no gateway and Elasticsearch rows at 25 req/s in this run',
  );
});

describe('the drivers as the benchmark runs them', () => {
  let server: Server;
  let url = '';
  const seen: string[] = [];
  /** When each call arrived (performance.now()), in the order seen. */
  const arrived: number[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      seen.push(req.url ?? '');
      arrived.push(performance.now());
      if (req.url?.includes('drop')) {
        req.socket.destroy();
        return;
      }
      const answer = () => {
        res.writeHead(req.url?.includes('fail') ? 500 : 200, { 'content-type': 'application/json' });
        res.end('{"ok":true}');
      };
      if (req.url?.includes('slow')) setTimeout(answer, 200);
      else answer();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));
  beforeEach(() => {
    seen.length = 0;
    arrived.length = 0;
  });

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

  const target = (next: () => Call[]): Target => ({
    label: 'test',
    urls: [url],
    maxCalls: 1,
    next,
    check: (status) => (status === 200 ? '' : `HTTP ${status}`),
  });

  test('open loop: the rate counts logical requests, each sending its calls in turn, evenly spread', async () => {
    let n = 0;
    // Every logical request makes three calls, as an Elasticsearch search with a typo search does.
    const t = target(() => {
      const i = n++;
      return [call(`/r${i}/a`), call(`/r${i}/b`), call(`/r${i}/c`)];
    });
    const started = performance.now();
    const out = await openLoop(t, 20, 2);
    expect(out.errors).toBe(0);
    expect(out.latencies).toHaveLength(40);
    expect(seen).toHaveLength(120);
    // Each request's calls arrive in order, the next only after the previous one's answer.
    for (let i = 0; i < 40; i++) {
      const mine = seen.map((u, j) => [u, j] as const).filter(([u]) => u.startsWith(`/r${i}/`));
      expect(mine.map(([u]) => u)).toEqual([`/r${i}/a`, `/r${i}/b`, `/r${i}/c`]);
    }
    // The first calls leave 50 ms apart, from 0 to 1.95 s: not in bursts at each second's start.
    const firsts = seen.map((u, j) => [u, arrived[j] ?? 0] as const).filter(([u]) => u.endsWith('/a'));
    const offsets = firsts.map(([, at]) => at - started);
    expect(offsets.at(-1)).toBeGreaterThanOrEqual(1900);
    const gaps = offsets.slice(1).map((at, j) => at - (offsets[j] ?? 0));
    expect(Math.max(...gaps)).toBeLessThan(250);
    expect(gaps.filter((g) => g < 25).length).toBeLessThan(10);
    const f = figuresOf(out);
    expect(f.rps).toBeGreaterThanOrEqual(18);
    expect(f.rps).toBeLessThanOrEqual(20);
  });

  test('open loop: latency runs from when a request was due, so waiting for a busy connection counts', async () => {
    let n = 0;
    // 20 requests at 20/s on ONE connection, each answered after 200 ms: they leave on time but queue
    // behind one another, the last answered about 4 s after the first was due.
    const t = target(() => [call(`/slow${n++}`)]);
    const out = await openLoop(t, 20, 1, { connections: 1 });
    expect(out.errors).toBe(0);
    const f = figuresOf(out);
    expect(f.requests).toBe(20);
    // Timed from its own start on the connection each would be ~200 ms.
    expect(f.max).toBeGreaterThanOrEqual(2800);
    expect(f.p50).toBeGreaterThanOrEqual(1000);
  });

  test('open loop: requests the driver sent late (a blocked event loop) are timed from when they were due', async () => {
    let n = 0;
    const t = target(() => {
      // The first request holds the event loop 300 ms: the five due at 50 … 250 ms leave at ~300 ms.
      if (n++ === 0) {
        const until = performance.now() + 300;
        while (performance.now() < until);
      }
      return [call(`/late${n}`)];
    });
    const out = await openLoop(t, 20, 1);
    expect(out.errors).toBe(0);
    const late = [...out.latencies].sort((a, b) => b - a).slice(0, 6);
    // Timed from when each left, every one would be a millisecond or two.
    expect(late[0]).toBeGreaterThanOrEqual(300);
    expect(late[4]).toBeGreaterThanOrEqual(50);
  });

  test('open loop: a wrong answer and no answer are errors, each counted once per logical request', async () => {
    let n = 0;
    const t = target(() => {
      const i = n++;
      if (i % 4 === 1) return [call(`/x${i}-fail`), call(`/x${i}-b`)];
      if (i % 4 === 2) return [call(`/x${i}-drop`)];
      return [call(`/x${i}`)];
    });
    const out = await openLoop(t, 8, 1);
    expect(out.errors).toBe(4);
    expect(out.reasons).toEqual({ 'HTTP 500': 2, 'no answer (connection error or timeout)': 2 });
    // The failed call's request still sends its next call and is timed; a dropped one has no latency.
    expect(seen.filter((u) => u.endsWith('-b'))).toHaveLength(2);
    expect(out.latencies).toHaveLength(6);
  });
});

describe('the answer-cache line', () => {
  it('gives the share of hits between two readings, and says so when there were no look-ups', () => {
    expect(cacheLine({ hit: 10, miss: 5 }, { hit: 40, miss: 15 })).toContain('30 hits of 40 look-ups (75.0 %)');
    expect(cacheLine({ hit: 3, miss: 3 }, { hit: 3, miss: 3 })).toContain('no look-ups');
  });
});
