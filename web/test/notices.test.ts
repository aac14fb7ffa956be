import { DEFAULT_NOTICE_NO, NOTICES, noticeNoFromQuery, noticePageOf } from '../src/features/info/notices';
import { TERMS_ARTICLES } from '../src/features/info/TermsOfUse';

describe('notices (spec §2.3)', () => {
  test('there are seven, indexed 0 to 6, each with a title and text', () => {
    expect(NOTICES.map((notice) => notice.no)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    for (const notice of NOTICES) {
      expect(notice.title).not.toBe('');
      expect(notice.paragraphs.length).toBeGreaterThan(0);
    }
  });

  test('?no= picks a notice; missing or invalid values fall back to 6', () => {
    expect(DEFAULT_NOTICE_NO).toBe(6);
    expect(noticeNoFromQuery('3')).toBe(3);
    expect(noticeNoFromQuery(null)).toBe(6);
    expect(noticeNoFromQuery('7')).toBe(6);
    expect(noticeNoFromQuery('-1')).toBe(6);
    expect(noticeNoFromQuery('2abc')).toBe(6);
  });

  test('each has its own real date, in order from 0 (oldest) to 6 (newest), none in the future', () => {
    const dates = NOTICES.map((notice) => notice.date);
    for (const date of dates) {
      expect(date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      // A real calendar day: no 2024-02-30 rolling over into March.
      expect(new Date(`${date}T00:00:00Z`).toISOString().slice(0, 10)).toBe(date);
      expect(Date.parse(`${date}T00:00:00+09:00`)).toBeLessThanOrEqual(Date.now());
    }
    expect(new Set(dates).size).toBe(dates.length);
    expect([...dates].sort()).toEqual(dates);
    // Notice 0 announces the terms in force since 2007-07-01 (spec §1).
    expect(dates[0]).toBe('2007-07-01');
  });

  test('newest first, five a page: notices 6–2 are on page 1 and 1–0 on page 2', () => {
    expect([6, 5, 4, 3, 2].map(noticePageOf)).toEqual([1, 1, 1, 1, 1]);
    expect([1, 0].map(noticePageOf)).toEqual([2, 2]);
  });
});

describe('terms of use (spec §1)', () => {
  test('have 15 articles, including guardian consent for users under 14', () => {
    expect(TERMS_ARTICLES).toHaveLength(15);
    expect(TERMS_ARTICLES.some((article) => article.clauses.some((clause) => clause.includes('만 14세 미만')))).toBe(
      true,
    );
  });
});
