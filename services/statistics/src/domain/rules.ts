// Request rules of the statistics calls (spec §7.4) with their Korean messages.
// Browser-safe (zod only) so the admin screen can check the same rules before it asks.
import { z } from 'zod';

export const STATISTICS_MESSAGES = {
  dateInvalid: '조회 기간을 YYYY-MM-DD 형식으로 입력해 주세요.',
  dateOrder: '시작일은 종료일보다 늦을 수 없습니다.',
  rangeTooLong: '조회 기간은 최대 1년까지 선택할 수 있습니다.',
  searchCountInvalid: '조회할 단어 수는 1에서 100 사이로 입력해 주세요.',
  userInvalid: '사용자 정보가 올바르지 않습니다.',
  pageInvalid: '페이지 정보가 올바르지 않습니다.',
} as const;
const M = STATISTICS_MESSAGES;

/** Top search words shown when the caller does not say (spec §9). */
export const DEFAULT_SEARCH_COUNT = 10;
/** Longest period one call may cover: one year, inclusive of both ends. */
export const MAX_RANGE_DAYS = 366;

const DATE = /^(\d{4})-?(\d{2})-?(\d{2})$/;

/** 'YYYY-MM-DD' (or 'YYYYMMDD') of a real calendar day, normalised to 'YYYY-MM-DD'; else null. */
export function parseDay(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const m = DATE.exec(value.trim());
  if (!m) return null;
  const [, y, mo, d] = m;
  const iso = `${y}-${mo}-${d}`;
  const t = Date.parse(`${iso}T00:00:00Z`);
  return Number.isNaN(t) || new Date(t).toISOString().slice(0, 10) !== iso ? null : iso;
}

/** Whole days from `a` to `b` (calendar days, both 'YYYY-MM-DD'). */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

/** 'YYYY-MM-DD' plus `n` days. */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}

// Anything but a real calendar day becomes '' and fails with the format message.
const day = z.preprocess(
  (v) => parseDay(v) ?? '',
  z.string({ message: M.dateInvalid }).regex(/^\d{4}-\d{2}-\d{2}$/, { message: M.dateInvalid }),
);

/** startDate ≤ endDate, at most one year apart. */
export const dateRange = z.object({ startDate: day, endDate: day }).superRefine((v, ctx) => {
  const span = daysBetween(v.startDate, v.endDate);
  if (span < 0) ctx.addIssue({ code: 'custom', path: ['endDate'], message: M.dateOrder });
  else if (span + 1 > MAX_RANGE_DAYS) ctx.addIssue({ code: 'custom', path: ['endDate'], message: M.rangeTooLong });
});
export type DateRange = z.infer<typeof dateRange>;

const count = (min: number, max: number, def: number, message: string) =>
  z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? def : v),
    z.coerce.number({ message }).int({ message }).min(min, { message }).max(max, { message }),
  );

/** Top words: searchCount (default 10), and optionally a period (all time without one). */
export const searchWordRequest = z
  .object({
    searchCount: count(1, 100, DEFAULT_SEARCH_COUNT, M.searchCountInvalid),
    startDate: z.unknown().optional(),
    endDate: z.unknown().optional(),
  })
  .transform((v, ctx) => {
    const noDates = (v.startDate === undefined || v.startDate === '') && (v.endDate === undefined || v.endDate === '');
    if (noDates) return { searchCount: v.searchCount, range: null };
    const r = dateRange.safeParse({ startDate: v.startDate, endDate: v.endDate });
    if (!r.success) {
      for (const issue of r.error.issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
      return z.NEVER;
    }
    return { searchCount: v.searchCount, range: r.data };
  });

export const searchHistoryRequest = z.object({
  userId: z.preprocess(
    (v) => (typeof v === 'string' && /^\d{1,10}$/.test(v.trim()) ? Number(v) : v),
    z
      .number({ message: M.userInvalid })
      .int({ message: M.userInvalid })
      .min(1, { message: M.userInvalid })
      .max(2 ** 31 - 1, { message: M.userInvalid }),
  ),
  pageSize: count(1, 100, 10, M.pageInvalid),
  pageNum: count(0, 100_000, 0, M.pageInvalid),
});
