// Free-text inputs of the dictionary's routes are bounded before anything runs or is stored.
import { searchKeyword } from '@syn/kit/rules';
import { SEARCH_WORD_MAX, searchRequest, suggestRequest } from '../src/routes/contract';
import { VISITOR_SESSION_TTL_SECONDS } from '../src/store/sessions';

const TOO_LONG = '검색어는 100자 이하로 입력해 주세요.';

const messageOf = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? undefined : r.error?.issues[0]?.message;

describe('the search word', () => {
  test('is at most 100 characters, counted after trimming', () => {
    expect(SEARCH_WORD_MAX).toBe(100);
    expect(searchRequest.parse({ searchWord: '가'.repeat(100) }).searchWord).toHaveLength(100);
    expect(searchRequest.parse({ searchWord: `  ${'가'.repeat(100)}  ` }).searchWord).toHaveLength(100);
    expect(messageOf(searchRequest.safeParse({ searchWord: '가'.repeat(101) }))).toBe(TOO_LONG);
    expect(messageOf(searchRequest.safeParse({ searchWord: 'a'.repeat(200_000) }))).toBe(TOO_LONG);
  });

  test('is still required', () => {
    expect(messageOf(searchRequest.safeParse({ searchWord: '   ' }))).toBe('검색할 내용을 입력해 주세요.');
  });

  test("the web app's search box checks the same rule, so it says what the server would", () => {
    expect(searchKeyword.safeParse('가'.repeat(100)).success).toBe(true);
    expect(messageOf(searchKeyword.safeParse('가'.repeat(101)))).toBe(TOO_LONG);
  });

  test('the suggestion box has the same bound', () => {
    expect(suggestRequest.parse({ q: 'ㅅ'.repeat(100) }).q).toHaveLength(100);
    expect(messageOf(suggestRequest.safeParse({ q: 'ㅅ'.repeat(101) }))).toBe(TOO_LONG);
  });
});

test('a visitor session lives a day at most (a member session two weeks)', () => {
  expect(VISITOR_SESSION_TTL_SECONDS).toBeLessThanOrEqual(24 * 3600);
  expect(VISITOR_SESSION_TTL_SECONDS).toBeGreaterThanOrEqual(3600);
});
