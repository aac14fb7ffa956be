// The predecessor service's periods and what merging them grants (spec §4, §9).

export interface LegacyPeriod {
  startDate: Date;
  endDate: Date;
  /** Y = still running, N = expired. */
  running: boolean;
  /** Already merged into a member of this service. */
  transferred: boolean;
}

/** Spec §9: a merge grants the remaining days plus one month. */
export const LEGACY_BONUS_MONTHS = 1;

const DAY_MS = 24 * 3600 * 1000;

/** Whole days left in running, not-yet-transferred periods, counted from `today` (a date at 00:00 UTC). */
export function convertibleDays(periods: LegacyPeriod[], today: Date): number {
  let days = 0;
  for (const p of periods) {
    if (!p.running || p.transferred) continue;
    const from = Math.max(p.startDate.getTime(), today.getTime());
    const left = Math.floor((p.endDate.getTime() - from) / DAY_MS);
    if (left > 0) days += left;
  }
  return days;
}

/** A calendar date (YYYY-MM-DD) as that day's 00:00 UTC. */
export function utcDay(d: Date): Date {
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
}
