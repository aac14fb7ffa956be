// Drives one path (gateway, dictionary service or Elasticsearch): closed loop with autocannon (N
// connections flat out for a fixed number of requests), open loop with undici (a fixed rate of
// logical requests, each timed from when it was due; see openLoop). A logical request is one or
// more HTTP calls made one after another (Elasticsearch's share of a search is the _analyze and
// search calls the read path makes); closed loop, its latency runs from the first call's start to
// the last call's answer, on one connection.
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import { Pool } from 'undici';
import { percentile } from '../ladder';

export interface Call {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface Target {
  label: string;
  /** Base URLs; requests are spread evenly over them (several dictionary replicas). */
  urls: readonly string[];
  /** The calls of the next logical request. */
  next(): Call[];
  /** The most calls one logical request may make (autocannon's request sequence is this long). */
  maxCalls: number;
  /** '' when an answer is right, otherwise why not. */
  check(status: number, body: string): string;
}

export interface Outcome {
  latencies: number[];
  /** Wrong answers (non-2xx or a body without what it must hold), transport errors and timeouts. */
  errors: number;
  reasons: Record<string, number>;
  elapsedMs: number;
  /** When the first and the last logical request left (performance.now()). */
  firstSent: number;
  lastSent: number;
}

export interface Figures {
  requests: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  rps: number;
  errors: number;
}

export function figuresOf(o: Outcome): Figures {
  const sorted = [...o.latencies].sort((a, b) => a - b);
  return {
    requests: sorted.length,
    p50: percentile(sorted, 50),
    p90: percentile(sorted, 90),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? NaN,
    rps: o.elapsedMs > 0 ? (sorted.length * 1000) / o.elapsedMs : 0,
    errors: o.errors,
  };
}

interface Ctx {
  calls?: Call[];
  start?: number;
  why?: string;
}

/** autocannon's request sequence for `t`, recording each finished logical request in `into`. */
function sequence(t: Target, into: Outcome): autocannon.Request[] {
  return Array.from({ length: t.maxCalls }, (_, step) => ({
    setupRequest: (req: autocannon.Request, context: Ctx) => {
      if (step === 0) {
        const now = performance.now();
        context.calls = t.next();
        context.start = now;
        context.why = '';
        into.firstSent = Math.min(into.firstSent, now);
        into.lastSent = Math.max(into.lastSent, now);
      }
      const call = context.calls?.[step];
      // No such call: autocannon starts the sequence over with the next logical request.
      if (!call) return null as unknown as autocannon.Request;
      return { ...req, method: call.method, path: call.path, headers: call.headers, body: call.body ?? '' };
    },
    onResponse: (status: number, body: string, context: Ctx) => {
      const why = context.why || t.check(status, body);
      context.why = why;
      if (step !== (context.calls?.length ?? 1) - 1) return;
      into.latencies.push(performance.now() - (context.start ?? 0));
      if (why) {
        into.errors++;
        into.reasons[why] = (into.reasons[why] ?? 0) + 1;
      }
    },
  })) as unknown as autocannon.Request[];
}

function instance(opts: autocannon.Options, into: Outcome): Promise<void> {
  return new Promise((resolve, reject) => {
    const run = autocannon({ timeout: 10, ...opts }, (err, result) => {
      if (err) {
        reject(err instanceof Error ? err : new Error(String(err)));
        return;
      }
      const transport = result.errors + result.timeouts;
      if (transport > 0) {
        into.errors += transport;
        into.reasons['no answer (connection error or timeout)'] =
          (into.reasons['no answer (connection error or timeout)'] ?? 0) + transport;
      }
      resolve();
    });
    run.on('error', (err: unknown) => reject(err instanceof Error ? err : new Error(String(err))));
  });
}

export const emptyOutcome = (): Outcome => ({
  latencies: [],
  errors: 0,
  reasons: {},
  elapsedMs: 0,
  firstSent: Infinity,
  lastSent: -Infinity,
});

/**
 * Closed loop: `connections` connections (split over the target's URLs) send `calls` HTTP calls in
 * all, each as soon as the previous answered: the throughput ceiling, latency at saturation.
 */
export async function closedLoop(t: Target, connections: number, calls: number): Promise<Outcome> {
  const out = emptyOutcome();
  const started = performance.now();
  const n = t.urls.length;
  await Promise.all(
    t.urls.map((url, i) =>
      instance(
        {
          url,
          connections: Math.max(1, Math.floor(connections / n) + (i < connections % n ? 1 : 0)),
          amount: Math.floor(calls / n) + (i < calls % n ? 1 : 0),
          requests: sequence(t, out),
        },
        out,
      ),
    ),
  );
  out.elapsedMs = performance.now() - started;
  return out;
}

/** When the `i`-th logical request of an open-loop step is due, in ms after the step's start. */
export const dueAt = (i: number, rate: number) => (i * 1000) / rate;

/** How many of a step's `total` logical requests are due `elapsedMs` after its start (the first at 0). */
export function dueBy(elapsedMs: number, rate: number, total: number): number {
  if (elapsedMs < 0) return 0;
  return Math.min(total, Math.floor((elapsedMs * rate) / 1000 + 1e-9) + 1);
}

/**
 * The rate a step delivered: its logical requests over the time they took to leave, `seconds` when
 * every one left on schedule, longer when the driver fell behind (a busy event loop, every connection
 * taken).
 */
export function deliveredElapsedMs(o: Pick<Outcome, 'firstSent' | 'lastSent'>, rate: number, seconds: number): number {
  return Math.max(seconds * 1000, o.lastSent - o.firstSent + 1000 / rate);
}

export interface OpenLoopOptions {
  /** Connections per URL at most (default: one second's requests, as autocannon's open loop had). */
  connections?: number;
  /** Seconds an answer may take (headers, then body) before it counts as none. */
  timeoutSeconds?: number;
}

const NO_ANSWER = 'no answer (connection error or timeout)';

/**
 * Open loop: `rate` LOGICAL requests a second for `seconds`, the i-th due at i / rate s, whatever
 * the answers take. A logical request sends its calls one after another (Elasticsearch's share of a
 * search: _analyze, the tiered search, a typo search) and its latency runs from when it was DUE to
 * the last call's answer, so time spent waiting behind a slow answer (a connection not free, the
 * event loop late) counts: no coordinated omission.
 *
 * Written on undici rather than autocannon: autocannon's fixed rate counts HTTP calls and releases
 * each second's quota at its start, so a request of two or three calls cannot be scheduled at a
 * logical rate (its later calls would wait for the next second's quota). The same driver serves the
 * gateway, the service and Elasticsearch, so the three open-loop rows (and the gateway ÷
 * Elasticsearch ratio the target names) are measured alike: one client, one schedule, one clock.
 * The closed loop stays on autocannon. Each URL gets a pool of keep-alive connections (at most
 * `connections`), as the service's own Elasticsearch client has; logical requests are spread over
 * the URLs in turn.
 */
export async function openLoop(t: Target, rate: number, seconds: number, opts: OpenLoopOptions = {}): Promise<Outcome> {
  const out = emptyOutcome();
  const total = Math.round(rate * seconds);
  const timeout = (opts.timeoutSeconds ?? 10) * 1000;
  const perUrl = Math.max(1, opts.connections ?? Math.ceil(rate / t.urls.length));
  const pools = t.urls.map(
    (url) => new Pool(url, { connections: perUrl, pipelining: 1, headersTimeout: timeout, bodyTimeout: timeout }),
  );
  const fail = (why: string) => {
    out.errors++;
    out.reasons[why] = (out.reasons[why] ?? 0) + 1;
  };

  const one = async (pool: Pool, calls: readonly Call[], due: number): Promise<void> => {
    let why = '';
    try {
      for (const call of calls) {
        const res = await pool.request({
          method: call.method,
          path: call.path,
          headers: call.headers,
          ...(call.body !== undefined ? { body: call.body } : {}),
        });
        const body = await res.body.text();
        why ||= t.check(res.statusCode, body);
      }
    } catch {
      fail(NO_ANSWER);
      return;
    }
    out.latencies.push(performance.now() - due);
    if (why) fail(why);
  };

  const pending: Promise<void>[] = [];
  const start = performance.now();
  try {
    for (let i = 0; i < total;) {
      const wait = start + dueAt(i, rate) - performance.now();
      if (wait > 0) await sleep(wait);
      // Everything due by now leaves now (several when the timer fired late), each timed from when it was due.
      const now = performance.now();
      for (const n = dueBy(now - start, rate, total); i < n; i++) {
        const pool = pools[i % pools.length] as Pool;
        pending.push(one(pool, t.next(), start + dueAt(i, rate)));
        out.firstSent = Math.min(out.firstSent, now);
        out.lastSent = now;
      }
    }
    await Promise.all(pending);
  } finally {
    await Promise.all(pools.map((p) => p.close()));
  }
  out.elapsedMs = deliveredElapsedMs(out, rate, seconds);
  return out;
}
