// Pure rules of the statistics service: periods, Korea Standard Time days, visitors.
import { kstDay, visitorOf } from '../src/events/apply';
import {
  dateRange,
  parseDay,
  searchHistoryRequest,
  searchWordRequest,
  STATISTICS_MESSAGES as M,
} from '../src/domain/rules';

describe('periods', () => {
  test('a day is YYYY-MM-DD or YYYYMMDD of a real calendar date', () => {
    expect(parseDay('2024-02-29')).toBe('2024-02-29');
    expect(parseDay('20240229')).toBe('2024-02-29');
    expect(parseDay('2023-02-29')).toBeNull();
    expect(parseDay('2024-13-01')).toBeNull();
    expect(parseDay(20240229)).toBeNull();
  });

  test.each([
    [{ startDate: '2024-01-01', endDate: '2024-12-31' }, null],
    [{ startDate: '2025-01-01', endDate: '2026-01-01' }, null],
    [{ startDate: '2025-01-01', endDate: '2026-01-02' }, M.rangeTooLong],
    [{ startDate: '2025-01-02', endDate: '2025-01-01' }, M.dateOrder],
    [{ startDate: '', endDate: '2025-01-01' }, M.dateInvalid],
  ])('%j → %s', (input, message) => {
    const r = dateRange.safeParse(input);
    expect(r.success ? null : r.error.issues[0]?.message).toBe(message);
  });

  test('top words default to 10 over all time; a period must be whole', () => {
    expect(searchWordRequest.parse({})).toEqual({ searchCount: 10, range: null });
    expect(searchWordRequest.parse({ searchCount: '20', startDate: '2025-01-01', endDate: '2025-01-31' })).toEqual({
      searchCount: 20,
      range: { startDate: '2025-01-01', endDate: '2025-01-31' },
    });
    expect(searchWordRequest.safeParse({ startDate: '2025-01-01' }).success).toBe(false);
    expect(searchWordRequest.safeParse({ searchCount: 101 }).success).toBe(false);
  });

  test('search history needs a member id; pages default to the first 10', () => {
    expect(searchHistoryRequest.parse({ userId: '7' })).toEqual({ userId: 7, pageSize: 10, pageNum: 0 });
    expect(searchHistoryRequest.safeParse({ userId: 'x' }).error?.issues[0]?.message).toBe(M.userInvalid);
  });
});

describe('counting', () => {
  test('days are Korea Standard Time dates', () => {
    expect(kstDay(new Date('2025-03-03T14:59:59Z'))).toBe('2025-03-03');
    expect(kstDay(new Date('2025-03-03T15:00:00Z'))).toBe('2025-03-04');
  });

  test('a visitor is the member, else the anonymous session, else nobody', () => {
    expect(visitorOf(12, 'abc')).toBe('u:12');
    expect(visitorOf(99999999, 'abc')).toBe('s:abc');
    expect(visitorOf(99999999, '')).toBeNull();
  });
});
