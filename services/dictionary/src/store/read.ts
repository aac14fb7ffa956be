// Read side: search, suggestions and the detail of one headword, all through the alias.
import { errors, type Client } from '@elastic/elasticsearch';
import { LRUCache } from 'lru-cache';
import {
  SUMMARY_FIELDS,
  toHeadword,
  toSummary,
  type Headword,
  type HeadwordSummary,
  type PlainRef,
  type StoredHeadword,
  type SummarySource,
} from '../domain/headword';
import { normalizeQuery, worthAnalysing } from '../domain/korean';
import { lemmaCandidates, rankLemmas } from '../domain/lemma';
import { genitiveCandidates, stemCandidates, type Morpheme, type StemCandidate } from '../domain/morphology';
import { confusionsByKind, misspelledFormVariants } from '../domain/spelling';
import {
  buildHanjaBody,
  buildSearchBody,
  buildSuggestBody,
  buildTypoBody,
  checkPaging,
  TIER,
  toSearchPage,
  WEAK_TIERS,
  type Paging,
  type SearchBody,
  type SearchPage,
} from '../domain/query';
import { aliasTargets } from './indices';
import { ANALYZER } from './mapping';

function totalOf(total: number | { value: number } | undefined): number {
  if (total === undefined) return 0;
  return typeof total === 'number' ? total : total.value;
}

async function runSearch(client: Client, alias: string, body: SearchBody, paging: Paging) {
  // The shard request cache holds whole responses until the index changes, which for
  // a dictionary is only at the next import (a new index).
  const res = await client.search<SummarySource>({
    index: alias,
    ...body,
    request_cache: true,
    filter_path: ['hits.total', 'hits.hits._source'],
  });
  // filter_path drops empty parts of the response, so every level may be missing.
  const items = (res.hits?.hits ?? []).flatMap((hit) => (hit._source ? [toSummary(hit._source)] : []));
  return toSearchPage(totalOf(res.hits?.total), paging, items);
}

/**
 * One page of ranked results; page is zero-based. Throws PagingError on bad paging.
 * A query that finds nothing is retried once for one-letter typos (사렁 → 사랑).
 */
export async function search(
  client: Client,
  alias: string,
  query: string,
  page: number,
  size: number,
): Promise<SearchPage<HeadwordSummary>> {
  const paging = checkPaging(page, size);
  const body = buildSearchBody(query, paging);
  if (!body) return toSearchPage(0, paging, []);
  const result = await runSearch(client, alias, body, paging);
  if (result.total > 0) return result;
  const typo = buildTypoBody(query, paging);
  return typo ? runSearch(client, alias, typo, paging) : result;
}

type SummaryWithPlain = SummarySource & { plainOf?: PlainRef[]; frequencyRank?: number | null };

/** What search adds beyond the rows: the dictionary form, spelling suggestions, the plain word of an honorific. */
export interface KoreanSearch {
  page: SearchPage<HeadwordSummary>;
  /** Set when the query is an inflected form: the rows are its dictionary form(s), most likely first. */
  baseForm: { query: string; lemma: string; lemmas: string[] } | null;
  /** Headwords the query may have meant (spelling confusions, then one-jamo typos); empty when it matched. */
  didYouMean: HeadwordSummary[];
  /** Set when the word shown (the query or its lemma) is the 높임말/낮춤말 of plain words. */
  honorific: { word: string; plain: PlainRef[] } | null;
}

async function runRaw(client: Client, alias: string, body: SearchBody) {
  const res = await client.search<SummaryWithPlain>({
    index: alias,
    ...body,
    // The tier each row matched (its constant score) tells an understood query from a guess.
    track_scores: true,
    request_cache: true,
    filter_path: ['hits.total', 'hits.hits._source', 'hits.hits._score'],
  });
  const hits = (res.hits?.hits ?? []).flatMap((h) => (h._source ? [{ source: h._source, score: h._score ?? 0 }] : []));
  return { total: totalOf(res.hits?.total), hits, sources: hits.map((h) => h.source) };
}

function honorificOf(word: string, sources: readonly SummaryWithPlain[]): KoreanSearch['honorific'] {
  const plain = sources.filter((s) => s.word === word).flatMap((s) => s.plainOf ?? []);
  return plain.length > 0 ? { word, plain } : null;
}

/** The first base form that is an honorific or humble headword (드세요: 들다, 드시다 → 드시다, the 높임말 of 먹다). */
function honorificAmong(lemmas: readonly string[], sources: readonly SummaryWithPlain[]): KoreanSearch['honorific'] {
  for (const lemma of lemmas) {
    const found = honorificOf(lemma, sources);
    if (found) return found;
  }
  return null;
}

/**
 * nori's reading and the rule lemmatiser's dictionary forms as one list of candidates: the rules
 * read irregular verbs nori misreads (지어요, 더워요, 놉니다), nori reads what the rules' lists miss.
 * A form both read alike stays one candidate; a rule's form is a reading of the whole query.
 */
function withRuleCandidates(stems: StemCandidate[], rules: ReturnType<typeof lemmaCandidates>): StemCandidate[] {
  const out = [...stems];
  // Words the rules also read as an ㄹ stem that lost its ㄹ (사는: 살다 beside 사다), by their vowel-stem twin.
  const lTwins = new Set(rules.filter((c) => c.rule === 'ㄹ').map((c) => withoutFinalL(c.lemma)));
  for (const c of rules) {
    const wordClass = c.rule === '이다' ? 'noun' : 'predicate';
    const same = out.find((s) => s.word === c.lemma && s.wordClass === wordClass);
    if (same) {
      same.whole = true;
      // An ㄹ stem before ㄴ/ㅂ/ㅅ reads like a vowel stem (사는: 사다 or 살다; 가는: 가다 or 갈다;
      // 삽니다: 사다 or 살다): the surface cannot tell them apart, so agreeing on either proves
      // nothing and frequency decides.
      if (c.rule !== 'ㄹ' && !lTwins.has(c.lemma)) same.agreed = true;
    } else out.push({ word: c.lemma, wordClass, whole: true });
  }
  return out;
}

/** 살다 → 사다: the dictionary form with the ㄹ of the stem's last syllable taken away. */
function withoutFinalL(lemma: string): string {
  const cs = Array.from(lemma);
  const last = cs.at(-2);
  const code = (last?.codePointAt(0) ?? 0) - 0xac00;
  if (!last || code < 0 || code > 11171 || code % 28 !== 8) return lemma;
  return [...cs.slice(0, -2), String.fromCodePoint(0xac00 + code - 8), '다'].join('');
}

/** Most distinct words offered as '혹시 이것을 찾으셨나요?'. */
export const MAX_DID_YOU_MEAN = 5;

/** An alias whose index cannot analyse (built before MAPPING_VERSION 3) is not asked again for a while. */
const NO_ANALYSIS_RETRY_MS = 60_000;
const noAnalysisUntil = new Map<string, number>();

/**
 * Elasticsearch runs `_analyze` on a pool of one thread with a queue of 16 and rejects the rest
 * (429, measured under bench:search's 50 connections): at most this many calls are in flight per
 * process, the others wait here. One call takes about a millisecond.
 */
export const MAX_ANALYSES_IN_FLIGHT = 4;
let analysesInFlight = 0;
const waitingForAnalysis: Array<() => void> = [];

async function withAnalysisSlot<T>(work: () => Promise<T>): Promise<T> {
  if (analysesInFlight >= MAX_ANALYSES_IN_FLIGHT) await new Promise<void>((r) => waitingForAnalysis.push(r));
  else analysesInFlight += 1;
  try {
    return await work();
  } finally {
    const next = waitingForAnalysis.shift();
    if (next) next();
    else analysesInFlight -= 1;
  }
}

/** Analyses by alias and query: the same words come back often, and an analysis changes only with the index. */
const analyses = new LRUCache<string, Morpheme[]>({ max: 50_000, ttl: 10 * 60_000 });

interface ExplainToken {
  token: string;
  start_offset: number;
  end_offset: number;
  leftPOS?: string;
}

/**
 * Nori's morphemes of a query, by the analyzer of the index the alias serves (so the query is
 * read as the headwords were). Null when the query is not worth it, or the index has no such
 * analyzer (an index from before MAPPING_VERSION 3 until its re-import): search then goes on
 * with the rules alone. Other failures are the caller's, as for any search request.
 */
export async function analyseQuery(client: Client, alias: string, query: string): Promise<Morpheme[] | null> {
  if (!worthAnalysing(query)) return null;
  if ((noAnalysisUntil.get(alias) ?? 0) > Date.now()) return null;
  const key = `${alias}\u0000${query}`;
  const known = analyses.get(key);
  if (known) return known;
  try {
    const res = await withAnalysisSlot(() =>
      client.indices.analyze({
        index: alias,
        analyzer: ANALYZER.morphemes,
        text: query,
        explain: true,
        attributes: ['leftPOS'],
      }),
    );
    const detail = res.detail as { analyzer?: { tokens?: ExplainToken[] }; tokenizer?: { tokens?: ExplainToken[] } };
    const tokens = detail?.tokenizer?.tokens ?? detail?.analyzer?.tokens ?? [];
    // leftPOS reads "VV(Verb)": the tag is before the parenthesis.
    const morphemes = tokens.map((t) => ({
      token: t.token,
      tag: (t.leftPOS ?? '').split('(')[0] ?? '',
      startOffset: t.start_offset,
      endOffset: t.end_offset,
    }));
    analyses.set(key, morphemes);
    return morphemes;
  } catch (err) {
    const status = err instanceof errors.ResponseError ? err.statusCode : undefined;
    if (status === 400 || status === 404) {
      noAnalysisUntil.set(alias, Date.now() + NO_ANALYSIS_RETRY_MS);
      return null;
    }
    // Rejected because the node is saturated: this one search goes on with the rules alone.
    if (status === 429) return null;
    throw err;
  }
}

/**
 * Search that understands Korean, in one search request after nori's analysis
 * of the query: nori's reading (stem and part of speech) ranks right after an exact match, the
 * rule lemmatiser's dictionary forms and the spelling table's guesses are further tiers. Rows that
 * are a dictionary form of a query without an exact hit make `baseForm`; misspelling rows (only
 * when the query is no headword) and confusable words make `didYouMean`. A query whose best row
 * is only a guess (a part of it, a substring) is also tried for one-jamo typos.
 */
export async function searchKorean(
  client: Client,
  alias: string,
  rawQuery: string,
  page: number,
  size: number,
  morphemes?: Morpheme[] | null,
): Promise<KoreanSearch> {
  const paging = checkPaging(page, size);
  const q = normalizeQuery(rawQuery);
  const answer = (p: SearchPage<HeadwordSummary>, extra: Partial<KoreanSearch> = {}): KoreanSearch => ({
    page: p,
    baseForm: null,
    didYouMean: [],
    honorific: null,
    ...extra,
  });
  if (q === '') return answer(toSearchPage(0, paging, []));
  const analysis = morphemes === undefined ? await analyseQuery(client, alias, q) : morphemes;
  const candidates = lemmaCandidates(q);
  // The rules' readings stay whole even when nori reads the query as a word by itself: nori reads
  // 이런 as a determiner and 파란 as a noun, where the rules rightly give 이렇다 and 파랗다.
  const stems = withRuleCandidates(
    [...(analysis ? stemCandidates(analysis, q) : []), ...genitiveCandidates(q)],
    candidates,
  ).filter((s) => s.word !== q);
  const confusions = confusionsByKind(q);
  // A misspelled ending (됬어, 할께, 바꼈어): the dictionary forms of its standard spelling are misspelling guesses.
  const misspelledForms = await misspelledFormLemmas(client, alias, q);
  const body = buildSearchBody(q, paging, {
    // The rules' candidates are among `stems` (same tiers as nori's reading); their honorific 시다
    // words also keep the tier just below prefix, so a 시다 headword of any part of speech is found.
    lemmas: candidates.filter((c) => c.rule === '시').map((c) => c.lemma),
    confusions: [...confusions.misspelling, ...misspelledForms, ...confusions.confusable],
    stems,
    noriMatch: analysis !== null,
  });
  if (!body) return answer(toSearchPage(0, paging, []));
  const raw = await runRaw(client, alias, { ...body, _source: [...SUMMARY_FIELDS, 'plainOf', 'frequencyRank'] });
  const found = toSearchPage(raw.total, paging, raw.sources.map(toSummary));
  const exact = raw.sources.some((s) => s.word === q || s.hanja === q);
  const lemmas = exact ? [] : baseForms(raw.hits, candidates);
  const [lemma] = lemmas;
  const offered = new Set([
    ...(exact ? [] : [...confusions.misspelling, ...misspelledForms]),
    ...confusions.confusable,
  ]);
  const didYouMean = dedupe(raw.sources.filter((s) => offered.has(s.word)).map(toSummary));
  const tiers = raw.hits.map((h) => tierScore(h.score));
  const understood = tiers.some((s) => !WEAK_TIERS.has(s));
  // A reading only nori gives (살앙 → 살다, nori's 살+앙) may be a typo it explained away; an exact
  // or prefix row, or a reading the rules agree with, is not.
  const ruleWords = new Set([...candidates.map((c) => c.lemma), ...misspelledForms]);
  const confirmed =
    exact ||
    tiers.includes(TIER.prefix) ||
    raw.hits.some((h) => NORI_TIERS.has(tierScore(h.score)) && ruleWords.has(h.source.word));
  const understoodAnswer = (typos: readonly HeadwordSummary[]) =>
    answer(found, {
      baseForm: lemma !== undefined ? { query: q, lemma, lemmas } : null,
      didYouMean: dedupe([...didYouMean, ...typos]),
      honorific: exact ? honorificOf(q, raw.sources) : honorificAmong(lemmas, raw.sources),
    });
  if (understood && confirmed) return understoodAnswer([]);
  // Nothing, only guesses (사잔 → 사 and 잔), or nori's word alone: one-jamo typos are offered too.
  const typoBody = buildTypoBody(q, paging);
  const typo = typoBody ? await runSearch(client, alias, typoBody, paging) : toSearchPage(0, paging, []);
  if (understood) {
    const shown = new Set(found.items.map((h) => h.word));
    return understoodAnswer(typo.items.filter((h) => !shown.has(h.word)));
  }
  if (typo.total === 0) return answer(found, { didYouMean });
  return answer(typo, { didYouMean: dedupe([...didYouMean, ...typo.items]) });
}

/** Most standard spellings of a misspelled form that nori is asked about. */
const MAX_MISSPELLED_FORMS = 2;

/**
 * Dictionary forms of the standard spellings of a misspelled inflected form (됬어 → 됐어 → 되다,
 * 먹을꺼야 → 먹을거야 → 먹다): the rule lemmatiser's, then nori's reading of the rewritten form.
 * Empty for most queries (no misspelling rule applies), so no extra analysis is asked for.
 */
async function misspelledFormLemmas(client: Client, alias: string, q: string): Promise<string[]> {
  const out: string[] = [];
  for (const variant of misspelledFormVariants(q).slice(0, MAX_MISSPELLED_FORMS)) {
    const morphemes = await analyseQuery(client, alias, variant);
    const nori = morphemes ? stemCandidates(morphemes, variant) : [];
    out.push(
      ...nori.filter((s) => s.whole || s.wordClass === 'predicate').map((s) => s.word),
      ...lemmaCandidates(variant).map((c) => c.lemma),
    );
  }
  return [...new Set(out)].filter((w) => w !== q);
}

const TIER_SCORES: readonly number[] = Object.values(TIER);

/** The tier a row's score stands for: Elasticsearch scores are 32-bit floats (3.2 comes back as 3.2000000476…). */
function tierScore(score: number): number {
  return TIER_SCORES.find((t) => Math.abs(t - score) < 1e-3) ?? score;
}

/** Tiers of nori's whole reading. */
const NORI_TIERS: ReadonlySet<number> = new Set([TIER.stemHonorific, TIER.stemAgreed, TIER.stem, TIER.stemAnyPos]);

/** Tiers whose rows are a dictionary form of the query (nori's whole reading, the rules' lemmas). */
const BASE_FORM_TIERS: ReadonlySet<number> = new Set([
  TIER.stemHonorific,
  TIER.stemAgreed,
  TIER.stem,
  TIER.stemAnyPos,
  TIER.honorificLemma,
  TIER.lemma,
]);

/**
 * The dictionary forms among the rows, most likely first: nori's reading in row order (score,
 * then frequency), then the rules' candidates as rankLemmas orders them.
 */
function baseForms(
  hits: ReadonlyArray<{ source: SummaryWithPlain; score: number }>,
  candidates: ReturnType<typeof lemmaCandidates>,
): string[] {
  const nori = hits.filter((h) => NORI_TIERS.has(tierScore(h.score))).map((h) => h.source.word);
  const rules = rankLemmas(
    candidates,
    hits.filter((h) => BASE_FORM_TIERS.has(tierScore(h.score))).map((h) => h.source),
  );
  return [...new Set([...nori, ...rules])];
}

/** One entry per word (homographs are one suggestion), at most MAX_DID_YOU_MEAN. */
function dedupe(items: readonly HeadwordSummary[]): HeadwordSummary[] {
  const seen = new Set<string>();
  return items.filter((h) => !seen.has(h.word) && seen.add(h.word)).slice(0, MAX_DID_YOU_MEAN);
}

/** One page of headwords whose hanja holds the character (美 → 美人, 美術 …). */
export async function searchHanja(
  client: Client,
  alias: string,
  hanjaChar: string,
  page: number,
  size: number,
): Promise<SearchPage<HeadwordSummary>> {
  const paging = checkPaging(page, size);
  const ch = Array.from(hanjaChar.normalize('NFC').trim())[0] ?? '';
  if (ch === '') return toSearchPage(0, paging, []);
  return runSearch(client, alias, buildHanjaBody(ch, paging), paging);
}

/**
 * Up to 10 distinct words for what is being typed: prefix, 초성, 사ㄹ, and the dictionary form of
 * an inflected form (아름다운 → 아름답다, by nori and by the rules).
 */
export async function suggest(client: Client, alias: string, query: string): Promise<HeadwordSummary[]> {
  const q = normalizeQuery(query);
  const morphemes = await analyseQuery(client, alias, q);
  const body = buildSuggestBody(q, {
    lemmas: worthAnalysing(q) ? lemmaCandidates(q).map((c) => c.lemma) : [],
    stems: morphemes ? stemCandidates(morphemes, q).filter((s) => s.word !== q) : [],
  });
  if (!body) return [];
  const res = await client.search<SummarySource>({
    index: alias,
    ...body,
    request_cache: true,
    filter_path: ['hits.hits._source'],
  });
  return (res.hits?.hits ?? []).flatMap((hit) => (hit._source ? [toSummary(hit._source)] : []));
}

/** The headword with its relations grouped by category, or null when the id is unknown. */
export async function getHeadword(client: Client, alias: string, id: number): Promise<Headword | null> {
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  try {
    const res = await client.get<StoredHeadword>({ index: alias, id: String(id) });
    return res._source ? toHeadword(res._source) : null;
  } catch (err) {
    // A missing document is null; a missing index (no alias yet) is an error to report.
    const notFound = err instanceof errors.ResponseError && err.statusCode === 404;
    if (notFound && (err.body as { found?: boolean } | undefined)?.found === false) return null;
    throw err;
  }
}

/** True when the alias is missing or serves no document: time to load the default dataset. */
export async function isEmpty(client: Client, alias: string): Promise<boolean> {
  if ((await aliasTargets(client, alias)).length === 0) return true;
  const { count } = await client.count({ index: alias });
  return count === 0;
}
