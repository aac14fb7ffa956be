// Read side: search, suggestions and the detail of one headword, all through the alias.
import { errors, type Client } from '@elastic/elasticsearch';
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
import { normalizeQuery } from '../domain/korean';
import { lemmaCandidates, rankLemmas } from '../domain/lemma';
import { confusionVariants } from '../domain/spelling';
import {
  buildHanjaBody,
  buildSearchBody,
  buildSuggestBody,
  buildTypoBody,
  checkPaging,
  toSearchPage,
  type Paging,
  type SearchBody,
  type SearchPage,
} from '../domain/query';
import { aliasTargets } from './indices';

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
    request_cache: true,
    filter_path: ['hits.total', 'hits.hits._source'],
  });
  return {
    total: totalOf(res.hits?.total),
    sources: (res.hits?.hits ?? []).flatMap((h) => (h._source ? [h._source] : [])),
  };
}

function honorificOf(word: string, sources: readonly SummaryWithPlain[]): KoreanSearch['honorific'] {
  const plain = sources.filter((s) => s.word === word).flatMap((s) => s.plainOf ?? []);
  return plain.length > 0 ? { word, plain } : null;
}

/** Most distinct words offered as '혹시 이것을 찾으셨나요?'. */
export const MAX_DID_YOU_MEAN = 5;

/**
 * Search that understands Korean (issue 10), in the same single request as the plain
 * ranked search: the lemmatiser's dictionary forms and the spelling table's guesses are
 * extra tiers of the query (below exact and prefix, so those rankings stay as they were).
 * Rows that are a dictionary form of a query without an exact hit make `baseForm`; rows
 * that are a confused spelling make `didYouMean`. A query that finds nothing at all is
 * retried once for one-jamo typos, as before, and those rows are offered as well.
 */
export async function searchKorean(
  client: Client,
  alias: string,
  rawQuery: string,
  page: number,
  size: number,
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
  const candidates = lemmaCandidates(q);
  const confusions = confusionVariants(q);
  const body = buildSearchBody(q, paging, { lemmas: candidates.map((c) => c.lemma), confusions });
  if (!body) return answer(toSearchPage(0, paging, []));
  const raw = await runRaw(client, alias, { ...body, _source: [...SUMMARY_FIELDS, 'plainOf', 'frequencyRank'] });
  const found = toSearchPage(raw.total, paging, raw.sources.map(toSummary));
  const exact = raw.sources.some((s) => s.word === q || s.hanja === q);
  const lemmas = exact ? [] : rankLemmas(candidates, raw.sources);
  const [lemma] = lemmas;
  const didYouMean = dedupe(raw.sources.filter((s) => confusions.includes(s.word)).map(toSummary));
  if (raw.total > 0) {
    return answer(found, {
      baseForm: lemma !== undefined ? { query: q, lemma, lemmas } : null,
      didYouMean,
      honorific: honorificOf(exact ? q : (lemma ?? q), raw.sources),
    });
  }
  const typoBody = buildTypoBody(q, paging);
  const typo = typoBody ? await runSearch(client, alias, typoBody, paging) : found;
  return answer(typo, { didYouMean: dedupe(typo.items) });
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

/** Up to 10 distinct words for what is being typed (prefix, 초성, or 사ㄹ). */
export async function suggest(client: Client, alias: string, query: string): Promise<HeadwordSummary[]> {
  const body = buildSuggestBody(query);
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
