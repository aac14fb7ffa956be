// One step of the ladder: the mix driven through the gateway at a fixed rate by staggered autocannon
// instances, every answer timed and checked per operation.
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import { slicesOf, type Op } from '../ladder';
import { parseJson, sidCookie } from './http';
import { plan, type Planned, type World } from './plan';

/** Staggered autocannon instances a rate is split over (see slicesOf). */
const MAX_SLICES = 40;

export interface Outcomes {
  count: number;
  latencies: number[];
  /** Non-2xx answers (4xx and 5xx apart) and 200s whose body was wrong, by reason. */
  http4xx: number;
  http5xx: number;
  wrongBody: number;
  reasons: Record<string, number>;
}

const emptyOutcomes = (): Outcomes => ({
  count: 0,
  latencies: [],
  http4xx: 0,
  http5xx: 0,
  wrongBody: 0,
  reasons: {},
});

export interface Measured {
  responses: number;
  byOp: Map<Op, Outcomes>;
  /** Connection errors and timeouts (no HTTP answer), as autocannon counted them. */
  transport: number;
  timeouts: number;
}

/** A response header's values, whatever the case of its name. */
function headerValue(headers: unknown, name: string): string[] {
  if (typeof headers !== 'object' || headers === null) return [];
  for (const [k, v] of Object.entries(headers)) {
    if (k.toLowerCase() !== name) continue;
    if (Array.isArray(v)) return v.map(String);
    return [String(v)];
  }
  return [];
}

/** One autocannon instance sending the mix at `rate` for `seconds`, adding what it saw to `into`. */
function runSlice(base: string, rate: number, seconds: number, w: World, into: Measured): Promise<void> {
  const inflight = new WeakMap<object, { planned: Planned; start: number }>();
  const all = new Set<Planned>();
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: base,
        connections: rate,
        overallRate: rate,
        duration: seconds,
        timeout: 10,
        // Latency is timed here per operation; autocannon's own histogram is not used.
        ignoreCoordinatedOmission: true,
        requests: [
          {
            method: 'POST',
            setupRequest: (req, context) => {
              const planned = plan(w);
              inflight.set(context, { planned, start: performance.now() });
              all.add(planned);
              return {
                ...req,
                method: 'POST',
                path: planned.path,
                headers: {
                  'content-type': 'application/json',
                  ...(planned.cookie ? { cookie: planned.cookie } : {}),
                },
                body: planned.body,
              };
            },
            onResponse: (status, body, context, headers) => {
              const entry = inflight.get(context);
              if (!entry) return;
              inflight.delete(context);
              all.delete(entry.planned);
              const ms = performance.now() - entry.start;
              const why = entry.planned.check(status, parseJson(body), sidCookie(headerValue(headers, 'set-cookie')));
              let o = into.byOp.get(entry.planned.op);
              if (!o) into.byOp.set(entry.planned.op, (o = emptyOutcomes()));
              o.count++;
              o.latencies.push(ms);
              into.responses++;
              if (why) {
                if (status >= 500) o.http5xx++;
                else if (status >= 400) o.http4xx++;
                else o.wrongBody++;
                o.reasons[why] = (o.reasons[why] ?? 0) + 1;
              }
            },
          },
        ],
      },
      (err, result) => {
        // Requests cut off by the end of the step never answered: free what they held.
        for (const planned of all) planned.release();
        if (err) {
          reject(err instanceof Error ? err : new Error(String(err)));
          return;
        }
        into.transport += result.errors;
        into.timeouts += result.timeouts;
        resolve();
      },
    );
    instance.on('error', (err: unknown) => reject(err instanceof Error ? err : new Error(String(err))));
  });
}

/** The mix at `rate` req/s for `seconds`, spread over staggered instances (see slicesOf). */
export async function runRate(base: string, rate: number, seconds: number, w: World): Promise<Measured> {
  const measured: Measured = { responses: 0, byOp: new Map(), transport: 0, timeouts: 0 };
  await Promise.all(
    slicesOf(rate, MAX_SLICES).map(async (slice) => {
      await sleep(slice.delayMs);
      await runSlice(base, slice.rate, seconds, w, measured);
    }),
  );
  return measured;
}
