// Login throttling rules (no I/O). Per account: a few free failures, then a back-off that doubles
// up to a cap, and an hourly budget; per client address: only a volume budget, much higher, because
// many members share one address (a school, an office). The Redis script in store/limits.ts applies
// the same rules atomically; these functions are their reference and are unit-tested.

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

/** Why an attempt is refused: the account's back-off, its hourly budget, or the address's budget. */
export type AttemptRefusal = 'backoff' | 'budget' | 'address';

/** What an attempt may do, given the counters as they stand when it arrives. */
export type AttemptDecision = { allowed: true } | { allowed: false; reason: AttemptRefusal; retryAfterMs: number };

export interface AttemptState {
  nowMs: number;
  /** Failures (and attempts in flight) counted for the account in its window. */
  accountFailures: number;
  /** The account's back-off runs until then (epoch ms; 0 = none). */
  accountBlockedUntilMs: number;
  accountWindowLeftMs: number;
  addressFailures: number;
  addressWindowLeftMs: number;
  /**
   * The account has signed in from this address before, or its owner has just proven the mailbox
   * with a password reset: the address's volume budget does not hold it (others' failures there
   * must not lock its owner out).
   */
  addressExempt: boolean;
}

/**
 * The rule an attempt is judged by before its password is evaluated. The account's own back-off and
 * budget always apply (it is the account being guessed); the address budget only when not exempt.
 */
export function decideAttempt(s: AttemptState, account: ThrottlePolicy, addressBudget: number): AttemptDecision {
  if (s.accountBlockedUntilMs > s.nowMs)
    return { allowed: false, reason: 'backoff', retryAfterMs: s.accountBlockedUntilMs - s.nowMs };
  if (budgetSpent(s.accountFailures, account))
    return { allowed: false, reason: 'budget', retryAfterMs: Math.max(s.accountWindowLeftMs, 1000) };
  if (!s.addressExempt && s.addressFailures >= addressBudget)
    return { allowed: false, reason: 'address', retryAfterMs: Math.max(s.addressWindowLeftMs, 1000) };
  return { allowed: true };
}
