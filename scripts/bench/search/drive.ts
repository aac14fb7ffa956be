// Drives one path (gateway, dictionary service or Elasticsearch) with autocannon, closed loop (N
// connections flat out for a fixed number of requests) or open loop (a fixed rate, spread as
// bench:load spreads it). A logical request is one or more HTTP calls made one after another on
// one connection (Elasticsearch's share of a search is the _analyze and search calls the read path
// makes); its latency runs from the first call's start to the last call's answer.
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import { percentile, slicesOf } from '../ladder';

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

/** Staggered autocannon instances a rate is split over (see slicesOf). */
const MAX_SLICES = 40;

/**
 * Open loop: `rate` logical requests a second for `seconds`, whatever the answers take, spread over
 * staggered instances as bench:load does (slicesOf), the instances shared out over the target's
 * URLs. For single-call targets only: autocannon's rate counts HTTP calls.
 */
export async function openLoop(t: Target, rate: number, seconds: number): Promise<Outcome> {
  if (t.maxCalls !== 1) throw new Error(`${t.label}: open loop needs one call per request`);
  const out = emptyOutcome();
  await Promise.all(
    slicesOf(rate, MAX_SLICES).map(async (slice, i) => {
      await sleep(slice.delayMs);
      await instance(
        {
          url: t.urls[i % t.urls.length] ?? '',
          // One request a second per connection: a slow answer holds back no other arrival. A
          // count rather than a duration: autocannon releases each second's quota at its start, so
          // a duration would let the tick at its very end send one more second's worth.
          connections: slice.rate,
          overallRate: slice.rate,
          amount: slice.rate * seconds,
          ignoreCoordinatedOmission: true,
          requests: sequence(t, out),
        },
        out,
      );
    }),
  );
  // The rate delivered is over the time the requests took to leave: `seconds` when every
  // connection kept its one request a second, longer when slow answers held connections back.
  out.elapsedMs = Math.max(seconds * 1000, out.lastSent - out.firstSent + 1000 / rate);
  return out;
}
