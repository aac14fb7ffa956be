// Search and suggestion requests as plain Elasticsearch bodies, built without I/O so
// the ranking rules can be unit-tested. Ranking: exact > prefix > 초성 > contains,
// then by frequency (rank 1 = most common; unknown last), then by word and homograph.
import type { estypes } from '@elastic/elasticsearch';
import { SUMMARY_FIELDS } from './headword';
import {
  chars,
  containsTerms,
  endsWithLoneJamo,
  isChoseongQuery,
  jamoOf,
  keyboardTypos,
  normalizeQuery,
} from './korean';
import { POS_OF_CLASS, type StemCandidate, type WordClass } from './morphology';

/**
 * Tier scores; a document takes the best tier it matches (dis_max, no tie breaker).
 * Within 초성, a word whose whole 초성 is the query (ㅅㄹ: 사랑) comes before a longer one (새롭다).
 */
export const TIER = {
  exact: 4,
  /** A 시다 verb nori read as one stem (드셨습니다 → 드시다, not the plain 들다 the rules also give). */
  stemHonorific: 3.65,
  /** A whole reading nori and the rule lemmatiser agree on, part of speech matching (길러 → 기르다, before 길다). */
  stemAgreed: 3.62,
  /** Nori's reading of the whole query, stem and part of speech both matching (보면서 → 보다, a verb). */
  stem: 3.6,
  /** The same stem on a headword whose part of speech the dataset does not give. */
  stemAnyPos: 3.5,
  prefix: 3,
  /** A part of nori's reading (행복 of 행복하길, 학교 of 학교생활을), or a reading of a query it does not fully explain. */
  stemPart: 2.9,
  /** A dictionary form of the query (아름다운 → 아름답다); below prefix so prefix ranking stays as it was. */
  honorificLemma: 2.8,
  lemma: 2.75,
  choseongWhole: 2.5,
  choseong: 2,
  contains: 1,
  /** Headwords holding every nori stem of the query (학교에서 → 초등학교, 학교생활), after contains. */
  noriMatch: 0.9,
  /** A spelling the query may have meant (허구헌날 → 허구한날), last. */
  confusion: 0.5,
} as const;
export type Tier = keyof typeof TIER;

/**
 * Tiers that do not show the query was understood: a part of it, a substring, a spelling guess.
 * A search whose best row is one of these also tries one-jamo typos (사잔 → 사전, not 사 and 잔).
 */
export const WEAK_TIERS: ReadonlySet<number> = new Set([TIER.stemPart, TIER.contains, TIER.noriMatch, TIER.confusion]);

/** Elasticsearch's default index.max_result_window: from + size may not pass it. */
export const MAX_RESULT_WINDOW = 10_000;
export const MAX_PAGE_SIZE = 100;
export const SUGGEST_SIZE = 10;

export class PagingError extends RangeError {}

export interface Paging {
  page: number;
  size: number;
}

/** Checks zero-based paging (spec §7.2); the HTTP layer turns PagingError into a 400. */
export function checkPaging(page: number, size: number): Paging {
  if (!Number.isInteger(page) || page < 0) throw new PagingError(`page must be an integer ≥ 0, got ${page}`);
  if (!Number.isInteger(size) || size < 1 || size > MAX_PAGE_SIZE) {
    throw new PagingError(`size must be an integer from 1 to ${MAX_PAGE_SIZE}, got ${size}`);
  }
  return { page, size };
}

function tier(name: Tier, filter: estypes.QueryDslQueryContainer): estypes.QueryDslQueryContainer {
  return { constant_score: { filter, boost: TIER[name] } };
}

/** Words the query may stand for, found in the same request. */
export interface KoreanTerms {
  /** Dictionary forms proposed by the lemmatiser. */
  lemmas: readonly string[];
  /** Spellings the query may have meant (the confusion table). */
  confusions: readonly string[];
  /** Headwords nori's analysis of the query points at, with their word class (none when it was not analysed). */
  stems?: readonly StemCandidate[];
  /** Match the query's nori stems against word.nori (needs an index built with MAPPING_VERSION 3). */
  noriMatch?: boolean;
}

/** Headwords of one word class among `words`: the right part of speech, or (anyPos) none given. */
function wordsOfClass(words: readonly string[], wordClass: WordClass, anyPos: boolean): estypes.QueryDslQueryContainer {
  const pos: estypes.QueryDslQueryContainer = anyPos
    ? { bool: { must_not: [{ exists: { field: 'pos' } }] } }
    : { terms: { pos: [...POS_OF_CLASS[wordClass]] } };
  return { bool: { filter: [{ terms: { word: [...words] } }, pos] } };
}

/** The tiers of nori's candidates: whole readings with their part of speech, then without one, then parts. */
function stemTiers(stems: readonly StemCandidate[]): estypes.QueryDslQueryContainer[] {
  const byClass = (whole: boolean) => {
    const out = new Map<WordClass, string[]>();
    for (const s of stems.slice(0, MAX_CANDIDATES)) {
      if (s.whole !== whole) continue;
      out.set(s.wordClass, [...(out.get(s.wordClass) ?? []), s.word]);
    }
    return [...out];
  };
  const tiers: estypes.QueryDslQueryContainer[] = [];
  const honorific = stems.filter((s) => s.whole && s.honorific).map((s) => s.word);
  if (honorific.length > 0) {
    const either = [wordsOfClass(honorific, 'predicate', false), wordsOfClass(honorific, 'predicate', true)];
    tiers.push(tier('stemHonorific', { bool: { should: either } }));
  }
  const agreed = new Map<WordClass, string[]>();
  for (const s of stems.slice(0, MAX_CANDIDATES)) {
    if (s.whole && s.agreed) agreed.set(s.wordClass, [...(agreed.get(s.wordClass) ?? []), s.word]);
  }
  if (agreed.size > 0) {
    tiers.push(
      tier('stemAgreed', { bool: { should: [...agreed].map(([c, words]) => wordsOfClass(words, c, false)) } }),
    );
  }
  const whole = byClass(true);
  if (whole.length > 0) {
    tiers.push(tier('stem', { bool: { should: whole.map(([c, words]) => wordsOfClass(words, c, false)) } }));
    tiers.push(tier('stemAnyPos', { bool: { should: whole.map(([c, words]) => wordsOfClass(words, c, true)) } }));
  }
  const parts = byClass(false);
  if (parts.length > 0) {
    const either = parts.flatMap(([c, words]) => [wordsOfClass(words, c, false), wordsOfClass(words, c, true)]);
    tiers.push(tier('stemPart', { bool: { should: either } }));
  }
  return tiers;
}

/** Terms of one request stay well under Elasticsearch's limits and cost little. */
export const MAX_CANDIDATES = 60;

/** The tiered query for a normalised, non-empty query string. */
export function rankedQuery(query: string, korean?: KoreanTerms): estypes.QueryDslQueryContainer {
  const tiers: estypes.QueryDslQueryContainer[] = [
    tier('exact', { bool: { should: [{ term: { word: query } }, { term: { hanja: query } }] } }),
    tier('prefix', { term: { prefixes: query } }),
  ];
  if (endsWithLoneJamo(query) && !isChoseongQuery(query)) {
    // 사ㄹ: the last syllable is still being typed, so match on jamo (ㅅㅏㄹ → 사랑, 살).
    tiers.push(tier('prefix', { prefix: { jamo: jamoOf(query) } }));
  }
  if (isChoseongQuery(query)) {
    tiers.push(tier('choseongWhole', { term: { choseong: query } }));
    tiers.push(tier('choseong', { term: { choseongPrefixes: query } }));
  }
  tiers.push(tier('contains', { bool: { filter: containsTerms(query).map((t) => ({ term: { infixes: t } })) } }));
  if (korean?.stems) tiers.push(...stemTiers(korean.stems));
  if (korean?.noriMatch) {
    // The query analysed by the same analyzer as word.nori: every stem of it must be there.
    tiers.push(tier('noriMatch', { match: { 'word.nori': { query, operator: 'and' } } }));
  }
  if (korean) {
    const lemmas = [...new Set(korean.lemmas)].slice(0, MAX_CANDIDATES);
    // A 시다 word (드셨다 → 드시다) goes before a plain reading of the same form (들다).
    const honorific = lemmas.filter((l) => l.endsWith('시다'));
    if (honorific.length > 0) tiers.push(tier('honorificLemma', { terms: { word: honorific } }));
    if (lemmas.length > 0) tiers.push(tier('lemma', { terms: { word: lemmas } }));
    const confusions = [...new Set(korean.confusions)].slice(0, MAX_CANDIDATES);
    if (confusions.length > 0) tiers.push(tier('confusion', { terms: { word: confusions } }));
  }
  return { dis_max: { queries: tiers, tie_breaker: 0 } };
}

export const RESULT_SORT: estypes.SortCombinations[] = [
  { _score: { order: 'desc' } },
  { frequencyRank: { order: 'asc', missing: '_last' } },
  { word: { order: 'asc' } },
  { homograph: { order: 'asc' } },
  { id: { order: 'asc' } },
];

export type SearchBody = Omit<estypes.SearchRequest, 'index'>;

/**
 * The body for one page of results, or null when nothing can match (empty query).
 * A page that starts past MAX_RESULT_WINDOW asks for totals only.
 */
export function buildSearchBody(rawQuery: string, paging: Paging, korean?: KoreanTerms): SearchBody | null {
  const query = normalizeQuery(rawQuery);
  if (query === '') return null;
  const from = paging.page * paging.size;
  const reachable = from + paging.size <= MAX_RESULT_WINDOW;
  return {
    query: rankedQuery(query, korean),
    sort: RESULT_SORT,
    from: reachable ? from : 0,
    size: reachable ? paging.size : 0,
    track_total_hits: true,
    _source: [...SUMMARY_FIELDS],
  };
}

/** Shortest query (in syllables) worth a typo retry: shorter ones match too much. */
export const MIN_TYPO_QUERY = 2;

/** Tiers of the typo retry: a slip to the key beside the one meant, then any other one-jamo edit. */
export const TYPO_TIER = { keyboard: 2, edit: 1 } as const;

/**
 * The retry for a query that found nothing (or only guesses): headwords one typo away, most likely
 * first. A spelling that differs by a slip to a neighbouring key of the 2-beolsik keyboard (사잔 →
 * 사전, 겨회 → 교회, on any syllable) comes before other one-edit spellings (사렁 → 사랑, 사랑 →
 * 사람, jamo fuzzy match), then the more frequent word. Null when a retry makes no sense.
 */
export function buildTypoBody(rawQuery: string, paging: Paging): SearchBody | null {
  const query = normalizeQuery(rawQuery);
  if (chars(query).length < MIN_TYPO_QUERY || isChoseongQuery(query)) return null;
  const from = paging.page * paging.size;
  const reachable = from + paging.size <= MAX_RESULT_WINDOW;
  const slips = keyboardTypos(query);
  const fuzzy: estypes.QueryDslQueryContainer = {
    fuzzy: {
      jamo: { value: jamoOf(query), fuzziness: 1, prefix_length: 1, max_expansions: 50, transpositions: true },
    },
  };
  const tiers: estypes.QueryDslQueryContainer[] = [{ constant_score: { filter: fuzzy, boost: TYPO_TIER.edit } }];
  if (slips.length > 0) {
    tiers.unshift({ constant_score: { filter: { terms: { word: slips } }, boost: TYPO_TIER.keyboard } });
  }
  return {
    query: { dis_max: { queries: tiers, tie_breaker: 0 } },
    sort: RESULT_SORT,
    from: reachable ? from : 0,
    size: reachable ? paging.size : 0,
    track_total_hits: true,
    _source: [...SUMMARY_FIELDS],
  };
}

/**
 * Up to SUGGEST_SIZE distinct words for a query being typed: by syllable prefix, by a
 * syllable still being composed (사ㄹ, and 살 on its way to 사랑), or by 초성.
 */
export function buildSuggestBody(rawQuery: string, korean?: Pick<KoreanTerms, 'lemmas' | 'stems'>): SearchBody | null {
  const query = normalizeQuery(rawQuery);
  if (query === '') return null;
  const tiers: estypes.QueryDslQueryContainer[] = [tier('exact', { term: { word: query } })];
  if (isChoseongQuery(query)) {
    tiers.push(tier('choseongWhole', { term: { choseong: query } }));
    tiers.push(tier('choseong', { term: { choseongPrefixes: query } }));
  } else {
    tiers.push(tier('prefix', { term: { prefixes: query } }));
    // Below a real prefix: the dictionary form of an inflected form being typed (아름다운 → 아름답다),
    // nori's reading first, then the rules'.
    const whole = (korean?.stems ?? []).filter((s) => s.whole).slice(0, MAX_CANDIDATES);
    const byClass = new Map<WordClass, string[]>();
    for (const s of whole) byClass.set(s.wordClass, [...(byClass.get(s.wordClass) ?? []), s.word]);
    if (byClass.size > 0) {
      const either = [...byClass].flatMap(([c, words]) => [
        wordsOfClass(words, c, false),
        wordsOfClass(words, c, true),
      ]);
      tiers.push(tier('honorificLemma', { bool: { should: either } }));
    }
    const lemmas = [...new Set(korean?.lemmas ?? [])].slice(0, MAX_CANDIDATES);
    if (lemmas.length > 0) tiers.push(tier('lemma', { terms: { word: lemmas } }));
    // Below a real prefix: words the query may still grow into (사ㄹ or 살 → 사랑).
    tiers.push(tier('choseong', { prefix: { jamo: jamoOf(query) } }));
  }
  return {
    query: { dis_max: { queries: tiers, tie_breaker: 0 } },
    sort: RESULT_SORT,
    size: SUGGEST_SIZE,
    collapse: { field: 'word' },
    track_total_hits: false,
    _source: [...SUMMARY_FIELDS],
  };
}

export interface SearchPage<T> {
  total: number;
  totalPages: number;
  page: number;
  size: number;
  items: T[];
}

export function toSearchPage<T>(total: number, paging: Paging, items: T[]): SearchPage<T> {
  return { total, totalPages: Math.ceil(total / paging.size), page: paging.page, size: paging.size, items };
}

/** Headwords whose hanja holds this character (美 → 美人, 美術 …), most frequent first. */
export function buildHanjaBody(hanjaChar: string, paging: Paging): SearchBody {
  const from = paging.page * paging.size;
  const reachable = from + paging.size <= MAX_RESULT_WINDOW;
  return {
    query: { bool: { filter: [{ term: { hanjaChars: hanjaChar } }] } },
    sort: RESULT_SORT.slice(1),
    from: reachable ? from : 0,
    size: reachable ? paging.size : 0,
    track_total_hits: true,
    _source: [...SUMMARY_FIELDS],
  };
}
