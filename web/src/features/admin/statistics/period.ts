// Periods and grouping of the statistics screen. Days are Korea Standard Time dates, as
// the statistics service counts them. The rules mirror the service's
// (services/statistics/src/domain/rules.ts): the form checks first, the service decides.

export const PERIOD_MESSAGES = {
  dateInvalid: '조회 기간을 YYYY-MM-DD 형식으로 입력해 주세요.',
  dateOrder: '시작일은 종료일보다 늦을 수 없습니다.',
  rangeTooLong: '조회 기간은 최대 1년까지 선택할 수 있습니다.',
} as const;

/** Spec §9: the default period is the last five days (five days before today to today). */
export const DEFAULT_PERIOD_DAYS = 5;
export const MAX_RANGE_DAYS = 366;

const DAY_MS = 86_400_000;

/** Today's date in Korea ('YYYY-MM-DD'); KST has no daylight saving. */
export function kstToday(now: number = Date.now()): string {
  return new Date(now + 9 * 3_600_000).toISOString().slice(0, 10);
}

export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / DAY_MS);
}

export function defaultPeriod(now: number = Date.now()): { startDate: string; endDate: string } {
  const endDate = kstToday(now);
  return { startDate: addDays(endDate, -DEFAULT_PERIOD_DAYS), endDate };
}

/** 'YYYY-MM-DD' (or 'YYYYMMDD') of a real calendar day, normalised; else null. */
export function parseDay(value: string): string | null {
  const m = /^(\d{4})-?(\d{2})-?(\d{2})$/.exec(value.trim());
  if (!m) return null;
  const iso = `${m[1]}-${m[2]}-${m[3]}`;
  const t = Date.parse(`${iso}T00:00:00Z`);
  return Number.isNaN(t) || new Date(t).toISOString().slice(0, 10) !== iso ? null : iso;
}

/** The first rule the period breaks, or null. */
export function periodError(startDate: string, endDate: string): string | null {
  const start = parseDay(startDate);
  const end = parseDay(endDate);
  if (!start || !end) return PERIOD_MESSAGES.dateInvalid;
  const span = daysBetween(start, end);
  if (span < 0) return PERIOD_MESSAGES.dateOrder;
  if (span + 1 > MAX_RANGE_DAYS) return PERIOD_MESSAGES.rangeTooLong;
  return null;
}

export type Grouping = 'day' | 'week' | 'month';

/** Monday of the ISO week of `day`. */
export function weekStart(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay(); // 0 = Sunday
  return addDays(day, -((weekday + 6) % 7));
}

/** Label of the group a day falls in: the day, '<Monday> 주', or 'YYYY-MM'. */
export function groupLabel(day: string, grouping: Grouping): string {
  if (grouping === 'week') return `${weekStart(day)} 주`;
  if (grouping === 'month') return day.slice(0, 7);
  return day;
}

/**
 * Rows grouped by week or month, the numeric columns summed (the issue: week and month sum
 * the days). Each row keeps INS_DATE as the group's label; order is preserved.
 */
export function groupRows<T extends { INS_DATE: string }>(
  rows: readonly T[],
  grouping: Grouping,
  keys: readonly (keyof T)[],
): T[] {
  if (grouping === 'day') return [...rows];
  const groups = new Map<string, T>();
  for (const row of rows) {
    const label = groupLabel(row.INS_DATE, grouping);
    const current = groups.get(label);
    if (!current) {
      groups.set(label, { ...row, INS_DATE: label });
      continue;
    }
    const sum = { ...current };
    for (const key of keys) (sum[key] as unknown as number) = Number(current[key]) + Number(row[key]);
    groups.set(label, sum);
  }
  return [...groups.values()];
}
