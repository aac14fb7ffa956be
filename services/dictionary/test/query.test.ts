import type { estypes } from '@elastic/elasticsearch';
import {
  buildSearchBody,
  buildSuggestBody,
  buildTypoBody,
  checkPaging,
  MAX_RESULT_WINDOW,
  PagingError,
  TIER,
  toSearchPage,
  TYPO_TIER,
} from '../src/domain/query';

type Q = estypes.QueryDslQueryContainer;

function tiersOf(body: ReturnType<typeof buildSearchBody>): Array<{ boost: number; filter: Q }> {
  const queries = (body?.query?.dis_max?.queries ?? []) as Q[];
  return queries.map((q) => ({ boost: q.constant_score?.boost ?? 0, filter: q.constant_score?.filter as Q }));
}

describe('the search request', () => {
  it('ranks exact > prefix > contains for a word, then by frequency', () => {
    const body = buildSearchBody('사랑', { page: 0, size: 10 });
    const tiers = tiersOf(body);
    expect(tiers.map((t) => t.boost)).toEqual([TIER.exact, TIER.prefix, TIER.contains]);
    expect(tiers[0]?.filter).toEqual({ bool: { should: [{ term: { word: '사랑' } }, { term: { hanja: '사랑' } }] } });
    expect(tiers[1]?.filter).toEqual({ term: { prefixes: '사랑' } });
    expect(tiers[2]?.filter).toEqual({ bool: { filter: [{ term: { infixes: '사랑' } }] } });
    expect(body?.query?.dis_max?.tie_breaker).toBe(0);
    expect((body?.sort as estypes.SortCombinations[]).slice(0, 2)).toEqual([
      { _score: { order: 'desc' } },
      { frequencyRank: { order: 'asc', missing: '_last' } },
    ]);
    expect(TIER.exact).toBeGreaterThan(TIER.prefix);
    expect(TIER.prefix).toBeGreaterThan(TIER.choseongWhole);
    expect(TIER.choseong).toBeGreaterThan(TIER.contains);
  });

  it('adds the 초성 tiers only for a query of initial consonants', () => {
    const tiers = tiersOf(buildSearchBody('ㅅㄹ', { page: 0, size: 10 }));
    expect(tiers).toContainEqual({ boost: TIER.choseongWhole, filter: { term: { choseong: 'ㅅㄹ' } } });
    expect(tiers).toContainEqual({ boost: TIER.choseong, filter: { term: { choseongPrefixes: 'ㅅㄹ' } } });
    const wordTiers = tiersOf(buildSearchBody('사랑', { page: 0, size: 10 }));
    expect(JSON.stringify(wordTiers)).not.toContain('choseong');
  });

  it('matches a syllable still being composed on jamo, at the prefix tier', () => {
    const tiers = tiersOf(buildSearchBody('사ㄹ', { page: 0, size: 10 }));
    expect(tiers).toContainEqual({ boost: TIER.prefix, filter: { prefix: { jamo: 'ㅅㅏㄹ' } } });
    expect(JSON.stringify(tiersOf(buildSearchBody('살', { page: 0, size: 10 })))).not.toContain('jamo');
  });

  it('pages with from/size, counts every hit, and fetches no index keys', () => {
    const body = buildSearchBody('사랑', { page: 2, size: 10 });
    expect(body).toMatchObject({ from: 20, size: 10, track_total_hits: true });
    expect(body?._source).toEqual(['id', 'word', 'hanja', 'homograph', 'sense']);
  });

  it('asks for the total only when the page lies past the result window', () => {
    const body = buildSearchBody('사', { page: MAX_RESULT_WINDOW / 10, size: 10 });
    expect(body).toMatchObject({ from: 0, size: 0, track_total_hits: true });
  });

  it('has nothing to ask for an empty query', () => {
    expect(buildSearchBody('  ', { page: 0, size: 10 })).toBeNull();
    expect(buildSuggestBody('')).toBeNull();
  });

  it('rejects bad paging', () => {
    expect(() => checkPaging(-1, 10)).toThrow(PagingError);
    expect(() => checkPaging(0, 0)).toThrow(PagingError);
    expect(() => checkPaging(0, 101)).toThrow(PagingError);
    expect(() => checkPaging(1.5, 10)).toThrow(PagingError);
    expect(checkPaging(3, 10)).toEqual({ page: 3, size: 10 });
  });

  it('reports pages the way the API does', () => {
    expect(toSearchPage(21, { page: 2, size: 10 }, ['x'])).toEqual({
      total: 21,
      totalPages: 3,
      page: 2,
      size: 10,
      items: ['x'],
    });
    expect(toSearchPage(0, { page: 0, size: 10 }, [])).toMatchObject({ total: 0, totalPages: 0 });
  });
});

describe('the typo retry', () => {
  it('looks for a slip to a neighbouring key first, then any one jamo edit, then the more frequent word', () => {
    const body = buildTypoBody('사렁', { page: 1, size: 10 });
    const tiers = (body?.query as { dis_max: { queries: estypes.QueryDslQueryContainer[] } }).dis_max.queries;
    const [keyboard, edit] = tiers.map((t) => t.constant_score);
    expect(keyboard?.boost).toBe(TYPO_TIER.keyboard);
    expect((keyboard?.filter as { terms: { word: string[] } }).terms.word).toContain('사랑');
    expect(edit).toEqual({
      boost: TYPO_TIER.edit,
      filter: {
        fuzzy: {
          jamo: { value: 'ㅅㅏㄹㅓㅇ', fuzziness: 1, prefix_length: 1, max_expansions: 50, transpositions: true },
        },
      },
    });
    expect(body).toMatchObject({ from: 10, size: 10, track_total_hits: true });
    expect((body?.sort as estypes.SortCombinations[]).slice(0, 2)).toEqual([
      { _score: { order: 'desc' } },
      { frequencyRank: { order: 'asc', missing: '_last' } },
    ]);
  });

  it('is not tried for one syllable or for 초성', () => {
    expect(buildTypoBody('사', { page: 0, size: 10 })).toBeNull();
    expect(buildTypoBody('ㅅㄹ', { page: 0, size: 10 })).toBeNull();
  });
});

describe('the suggestion request', () => {
  it('returns up to 10 distinct words by prefix and by jamo for composing syllables', () => {
    const body = buildSuggestBody('사ㄹ');
    expect(body).toMatchObject({ size: 10, collapse: { field: 'word' } });
    const filters = (body?.query?.dis_max?.queries ?? []).map((q) => q.constant_score?.filter);
    expect(filters).toContainEqual({ term: { prefixes: '사ㄹ' } });
    expect(filters).toContainEqual({ prefix: { jamo: 'ㅅㅏㄹ' } });
  });

  it('uses 초성 for consonant-only input', () => {
    const filters = (buildSuggestBody('ㅅㄹ')?.query?.dis_max?.queries ?? []).map((q) => q.constant_score?.filter);
    expect(filters).toContainEqual({ term: { choseongPrefixes: 'ㅅㄹ' } });
    expect(JSON.stringify(filters)).not.toContain('jamo');
  });
});

describe('whole readings nori and the rules agree on', () => {
  it('rank above the other whole readings, right below the honorific reading', () => {
    const body = buildSearchBody(
      '길러',
      { page: 0, size: 10 },
      {
        lemmas: [],
        confusions: [],
        stems: [
          { word: '기르다', wordClass: 'predicate', whole: true, agreed: true },
          { word: '길다', wordClass: 'predicate', whole: true },
        ],
      },
    );
    const agreed = tiersOf(body).find((t) => t.boost === TIER.stemAgreed);
    expect(JSON.stringify(agreed?.filter)).toContain('기르다');
    expect(JSON.stringify(agreed?.filter)).not.toContain('길다');
    expect(TIER.stemAgreed).toBeLessThan(TIER.stemHonorific);
    expect(TIER.stemAgreed).toBeGreaterThan(TIER.stem);
  });
});
