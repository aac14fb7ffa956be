// Login throttling rules (no I/O): a fixed-hour failure budget plus exponential back-off.

export interface ThrottlePolicy {
  /** Failures allowed in a rolling hour window before every attempt is refused. */
  maxFailuresPerHour: number;
  /** Failures tolerated without any delay. */
  freeFailures: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

/** Delay imposed after the `failures`-th failure: 0 for the free ones, then base·2ⁿ up to the cap. */
export function backoffMs(failures: number, p: ThrottlePolicy): number {
  const over = failures - p.freeFailures;
  if (over <= 0) return 0;
  return Math.min(p.maxDelayMs, p.baseDelayMs * 2 ** Math.min(over - 1, 30));
}

/** True when the hour's budget is spent. */
export function budgetSpent(failures: number, p: ThrottlePolicy): boolean {
  return failures >= p.maxFailuresPerHour;
}
