// The rules of the load ladder (scripts/bench/load.ts), kept free of I/O so they can be tested:
// the request mix, how a rate is spread over autocannon instances, percentiles and step verdicts.

export type Op =
  | 'search-visitor'
  | 'search-member'
  | 'detail-visitor'
  | 'detail-member'
  | 'wordbook-list'
  | 'wordbook-save'
  | 'wordbook-delete'
  | 'login'
  | 'validate';
export type Group = 'search' | 'detail' | 'wordbook' | 'login' | 'validate';
export const GROUPS: readonly Group[] = ['search', 'detail', 'wordbook', 'login', 'validate'];

/**
 * Share of requests, in percent (70 search, 20 detail, 5 wordbook, 5 login/validate).
 * Logins are rarer than validations: a browser validates the stored user at every visit, and logs in
 * only when its session is gone.
 */
export const MIX: readonly (readonly [Op, number])[] = [
  ['search-visitor', 35],
  ['search-member', 35],
  ['detail-visitor', 10],
  ['detail-member', 10],
  ['wordbook-list', 2.5],
  ['wordbook-save', 1.25],
  ['wordbook-delete', 1.25],
  ['login', 1],
  ['validate', 4],
];

export function groupOf(op: Op): Group {
  if (op.startsWith('search')) return 'search';
  if (op.startsWith('detail')) return 'detail';
  if (op.startsWith('wordbook')) return 'wordbook';
  return op === 'login' ? 'login' : 'validate';
}

/** mulberry32: a small seeded generator, so every run sends the same sequence of operations. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The operation a uniform number in [0, 1) falls on, by MIX's shares. */
export function opAt(x: number): Op {
  let rest = x * 100;
  for (const [op, share] of MIX) {
    if ((rest -= share) < 0) return op;
  }
  return MIX[0]?.[0] ?? 'search-visitor';
}

/**
 * How `rate` req/s is split over autocannon instances started evenly across a second. autocannon's
 * fixed rate releases each connection's quota at the start of every second, so a single instance
 * would send the whole second's requests at once; with one request a second per connection and up
 * to `maxSlices` staggered instances, arrivals come in small groups spread over the second.
 */
export function slicesOf(rate: number, maxSlices: number): { rate: number; delayMs: number }[] {
  const slices = Math.max(1, Math.min(rate, maxSlices));
  return Array.from({ length: slices }, (_, i) => ({
    rate: Math.floor(rate / slices) + (i < rate % slices ? 1 : 0),
    delayMs: (i * 1000) / slices,
  }));
}

/** Nearest-rank percentile of ascending values (NaN for none). */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] as number;
}

/** A step clearly fails (and the ladder stops) beyond these. */
export const FAIL = { p99Ms: 500, errorRate: 0.05, throughputShare: 0.8 } as const;
/** The goal: p99 within this, no errors at all, and the target rate actually delivered. */
export const GOAL = { p99Ms: 100, throughputShare: 0.9 } as const;

export type Verdict = 'goal met' | 'held' | 'failed';

export interface StepFigures {
  target: number;
  achieved: number;
  p99: number;
  errors: number;
  /** Requests sent that got an answer or a transport error. */
  attempts: number;
}

/**
 * failed: p99 over 500 ms, more than 5 % errors, or under 80 % of the target delivered (saturated);
 * goal met: p99 ≤ 100 ms, no error of any kind and at least 90 % of the target delivered.
 */
export function verdictOf(s: StepFigures): Verdict {
  const errorRate = s.attempts === 0 ? 1 : s.errors / s.attempts;
  if (!(s.p99 <= FAIL.p99Ms) || errorRate > FAIL.errorRate || s.achieved < FAIL.throughputShare * s.target) {
    return 'failed';
  }
  return s.p99 <= GOAL.p99Ms && s.errors === 0 && s.achieved >= GOAL.throughputShare * s.target ? 'goal met' : 'held';
}
