// Usage-fact accounting the fault suites share. A search or a view is answered before its fact
// (HeadwordSearched / HeadwordViewed) is committed: the dictionary's outbox buffer writes the
// facts of a few milliseconds in one transaction. A fact is acknowledged once its batch committed,
// i.e. once its outbox row exists. A SIGKILL of the dictionary loses the facts still buffered;
// those were answered just before the kill. Nothing else may be missing, nothing may be twice.

/**
 * How long before a SIGKILL of the dictionary an answered fact may still have been uncommitted:
 * the buffer's delay (OUTBOX_BUFFER_MS, 10 ms) plus one commit, generous for a loaded 2-core machine.
 */
export const LOSS_WINDOW_MS = 3_000;
/** An answer written just before the kill may reach the client a little after it. */
const ANSWER_SLACK_MS = 1_000;

export interface Answered {
  /** When the answer came, ms since the epoch. */
  at: number;
  ok: boolean;
}

/** Whether an answer at `at` may be one whose fact a SIGKILL at one of `kills` lost. */
export function nearKill(at: number, kills: readonly number[]): boolean {
  return kills.some((k) => at >= k - LOSS_WINDOW_MS && at <= k + ANSWER_SLACK_MS);
}

/** The answered requests whose facts a SIGKILL of the dictionary at one of `kills` may have lost. */
export function mayBeLost(recs: readonly Answered[], kills: readonly number[]): number {
  return recs.filter((r) => r.ok && nearKill(r.at, kills)).length;
}

/** A query no other request of the run asks (three syllables from `n`): its fact can be found by it. */
export function uniqueQuery(n: number): string {
  let word = '';
  for (let i = 0; i < 3; i++) {
    word += String.fromCharCode(0xac00 + (n % 11_172));
    n = Math.floor(n / 11_172);
  }
  return word;
}
