// What happens when a monthly renewal is declined: retry with back-off, then lock.

export type DeclineOutcome = { action: 'retry'; at: Date; retryCount: number } | { action: 'lock' };

/** `retryDelaysMs[i]` is the wait before retry i+1; once they are used up the pass locks. */
export function onRenewalDeclined(now: Date, retryCount: number, retryDelaysMs: readonly number[]): DeclineOutcome {
  const delay = retryDelaysMs[retryCount];
  if (delay === undefined) return { action: 'lock' };
  return { action: 'retry', at: new Date(now.getTime() + delay), retryCount: retryCount + 1 };
}

/** Renewal merchant_uids are deterministic, so a crash between charge and commit is recovered, not re-charged. */
export function renewalMerchantUid(subscriptionId: number, cycle: number, attempt: number): string {
  return `ren_${subscriptionId}_${cycle}_${attempt}`;
}

/** Parses "60,360,1440" (minutes) into milliseconds. */
export function parseRetryMinutes(s: string): number[] {
  return s
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean)
    .map((x) => {
      const n = Number(x);
      if (!Number.isFinite(n) || n < 0) throw new Error(`invalid retry delay: ${x}`);
      return Math.round(n * 60_000);
    });
}
