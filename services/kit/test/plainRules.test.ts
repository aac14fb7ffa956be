// The search word rule without zod (what the search bar loads first) and the schema the search
// API parses answer alike.
import { checkSearchWord, SEARCH_REQUIRED, SEARCH_TOO_LONG, SEARCH_WORD_MAX, searchKeyword } from '../src/rules';
import * as plain from '../src/rules/plain';

describe('the search word (spec §5)', () => {
  it.each([
    ['', SEARCH_REQUIRED],
    ['   ', SEARCH_REQUIRED],
    ['가'.repeat(SEARCH_WORD_MAX + 1), SEARCH_TOO_LONG],
    [` ${'가'.repeat(SEARCH_WORD_MAX)} `, null],
    ['  사랑 ', null],
  ])('when %j is searched, then the bar and the API both say %s', (input, message) => {
    const bar = checkSearchWord(input);
    const api = searchKeyword.safeParse(input);
    expect(bar.ok ? null : bar.message).toBe(message);
    expect(api.success ? null : api.error.issues[0]?.message).toBe(message);
    if (bar.ok && api.success) expect(bar.word).toBe(api.data);
  });

  it('when the API is sent something other than text, then it asks for a search word', () => {
    const api = searchKeyword.safeParse(42);
    expect(api.success ? null : api.error.issues[0]?.message).toBe(SEARCH_REQUIRED);
  });

  it('the zod-free module exports no schema', () => {
    for (const value of Object.values(plain))
      expect(typeof value === 'object' && value !== null && '_zod' in value).toBe(false);
  });
});
