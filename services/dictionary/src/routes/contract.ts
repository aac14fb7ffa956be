// The dictionary service's API contract (spec §7.2): request schemas the handlers parse
// with, success bodies, error statuses and callers. scripts/openapi.ts publishes it.
import type { ServiceContract } from '@syn/kit/contract';
import { SEARCH_TOO_LONG, SEARCH_WORD_MAX, searchKeyword } from '@syn/kit/rules';
import { z } from 'zod';
import { CATEGORIES } from '../domain/categories';
import { MESSAGES } from '../domain/messages';
import { MAX_PAGE_SIZE } from '../domain/query';

/** Spec §9: ten results a page unless asked otherwise. */
export const DEFAULT_PAGE_SIZE = 10;
/** Page numbers beyond this cannot mean anything (Elasticsearch serves 10,000 hits at most). */
const MAX_PAGE_NUM = 1_000_000;

// --- requests the handlers parse (search.ts, externalLink.ts import these) ------------------

const pageNum = z.coerce
  .number({ message: MESSAGES.pageNumInvalid })
  .int({ message: MESSAGES.pageNumInvalid })
  .min(0, { message: MESSAGES.pageNumInvalid })
  .max(MAX_PAGE_NUM, { message: MESSAGES.pageNumInvalid });

export { SEARCH_WORD_MAX };

export const searchRequest = z.object({
  // Refused before the search runs (at most SEARCH_WORD_MAX), so nothing of an over-long query is stored.
  searchWord: searchKeyword,
  // A page larger than the cap is served at the cap rather than refused.
  pageSize: z.coerce
    .number({ message: MESSAGES.pageSizeInvalid })
    .int({ message: MESSAGES.pageSizeInvalid })
    .min(1, { message: MESSAGES.pageSizeInvalid })
    .default(DEFAULT_PAGE_SIZE)
    .transform((n) => Math.min(n, MAX_PAGE_SIZE)),
  pageNum: pageNum.default(0),
});

const HAN_ONE = /^\p{Script=Han}$/u;

export const hanjaRequest = z.object({
  hanja: z
    .string({ message: MESSAGES.hanjaInvalid })
    .trim()
    .refine((h) => HAN_ONE.test(h), { message: MESSAGES.hanjaInvalid }),
  pageSize: searchRequest.shape.pageSize,
  pageNum: pageNum.default(0),
});

export const detailRequest = z.object({
  pyojaeId: z.coerce
    .number({ message: MESSAGES.headwordIdInvalid })
    .int({ message: MESSAGES.headwordIdInvalid })
    .positive({ message: MESSAGES.headwordIdInvalid })
    .max(2_147_483_647, { message: MESSAGES.headwordIdInvalid }),
});

/**
 * One entry of the session's history to take out, named by its headword id: a number, or its
 * digits as a form field sends them. Not a coercion: `[2]` or `true` would become an id.
 */
export const deleteHistoryRequest = z.object({
  itemId: z.preprocess(
    (v) => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
    z
      .number({ message: MESSAGES.historyItemInvalid })
      .int({ message: MESSAGES.historyItemInvalid })
      .positive({ message: MESSAGES.historyItemInvalid })
      .max(2_147_483_647, { message: MESSAGES.historyItemInvalid }),
  ),
});

/**
 * Emptying the history must be asked for in so many words, `confirm: true` ("true" as a form
 * field sends it): a stray or junk request deletes nothing.
 */
export const clearHistoryRequest = z.object({
  confirm: z.preprocess(
    (v) => (v === 'true' ? true : v),
    z.literal(true, { message: MESSAGES.historyClearUnconfirmed }),
  ),
});

export const suggestRequest = z.object({
  q: z.string().max(SEARCH_WORD_MAX, { message: SEARCH_TOO_LONG }).default(''),
});

export const externalLinkRequest = z.object({
  linkType: z.enum(['natmal', 'opendic'], { message: '외부 사전 종류가 올바르지 않습니다.' }),
  wordId: z.coerce
    .number({ message: '단어 정보가 올바르지 않습니다.' })
    .int()
    .positive({ message: '단어 정보가 올바르지 않습니다.' }),
});

// --- success bodies -------------------------------------------------------------------------

const category = z.enum(CATEGORIES);

const wordInfoItem = z.object({
  ID: z.number().int(),
  WORD: z.string(),
  HANJA: z.string(),
  HOMOGRAPH: z.number().int(),
  SENSE: z.string(),
});

const pyojaeItems = z.object({
  totalElements: z.number().int(),
  totalPages: z.number().int(),
  results: z.object({ wordInfoItems: z.array(wordInfoItem) }),
});

const koreanPyojaeItems = pyojaeItems.extend({
  results: z.object({
    wordInfoItems: z.array(wordInfoItem),
    baseForm: z.object({ query: z.string(), lemma: z.string(), lemmas: z.array(z.string()) }).optional(),
    didYouMean: z.array(wordInfoItem).optional(),
    honorific: z
      .object({
        WORD: z.string(),
        plainItems: z.array(z.object({ GUBN: category, WORD: z.string(), WORD_ID: z.number().int() })),
      })
      .optional(),
  }),
});

const wordSynItems = z.object({
  message: z.string(),
  authKey: z.string(),
  authKeyError: z.literal(false),
  reader: z.enum(['visitor', 'free', 'paid']),
  pyojaeItem: wordInfoItem.extend({ LINK_URL: z.string() }),
  wordSynItems: z.array(z.object({ GUBN: category, WORD: z.string(), WORD_ID: z.number().int(), HANJA: z.string() })),
  gubnItems: z.array(z.object({ GUBN: category, TOTAL_CNT: z.number().int(), REMAIN_CNT: z.number().int() })),
});

const historyItems = z.object({
  historyItems: z.array(z.object({ id: z.number().int(), word: z.string(), hanja: z.string(), linkUrl: z.string() })),
});

/** What is left after a deletion, so the screen needs no second call. */
const historyChanged = historyItems.extend({ message: z.string() });

// GET /api/dic/search/dataset: the loaded dataset's figures and attribution.
const datasetSource = z.object({
  id: z.string(),
  name: z.string(),
  license: z.string().nullable(),
  licenseUrl: z.string().nullable(),
  url: z.string().nullable(),
  /** In Korean, keeping the licence names. */
  attribution: z.string(),
  /** The licence's prescribed attribution, verbatim (lines split by \n), or null. */
  notice: z.string().nullable(),
});

export const datasetInfoBody = z.object({
  /** Headwords in the index the alias serves. */
  headwords: z.number().int(),
  /** Relations in it, counted per direction (A→B and B→A are two). */
  relations: z.number().int(),
  /** Where the words come from, with the attribution the licences require, to show with the data. */
  sources: z.array(datasetSource),
  /** True when the dataset is generated benchmark data: quote no figures of it. */
  generated: z.boolean(),
  importedAt: z.string().nullable(),
});

export const dictionaryContract: ServiceContract = {
  service: 'dictionary',
  description: 'Search, headword detail with the reader cut (visitor 1, free 2, paid all), hanja, history',
  routes: [
    {
      method: 'post',
      path: '/api/dic/search/pyojaeItems',
      summary: 'Search headwords (exact > prefix > 초성 > contains), zero-based pages',
      access: 'public',
      request: searchRequest,
      response: koreanPyojaeItems,
      errors: [400],
    },
    {
      method: 'post',
      path: '/api/dic/search/hanjaItems',
      summary: 'Headwords that share one hanja character',
      access: 'public',
      request: hanjaRequest,
      response: pyojaeItems,
      errors: [400],
    },
    {
      method: 'post',
      path: '/api/dic/search/wordSynItems',
      summary: "A headword's related words, cut for the reader; 401 with authKeyError after a login elsewhere",
      access: 'public',
      request: detailRequest,
      response: wordSynItems,
      errors: [400, 401, 404],
    },
    {
      method: 'get',
      path: '/api/dic/search/suggest',
      summary: 'Search-box suggestions',
      access: 'public',
      request: suggestRequest,
      response: z.object({ suggestItems: z.array(wordInfoItem) }),
      errors: [400],
    },
    {
      method: 'post',
      path: '/api/dic/search/historyItems',
      summary: "The session's recently viewed headwords (at most 10, newest first)",
      access: 'public',
      response: historyItems,
      errors: [],
    },
    {
      method: 'post',
      path: '/api/dic/search/deleteHistoryItem',
      summary: "Take one headword out of the session's history; answers the history left",
      access: 'public',
      request: deleteHistoryRequest,
      response: historyChanged,
      errors: [400, 401],
    },
    {
      method: 'post',
      path: '/api/dic/search/clearHistoryItems',
      summary: "Empty the session's history (the request must say confirm: true)",
      access: 'public',
      request: clearHistoryRequest,
      response: historyChanged,
      errors: [400, 401],
    },
    {
      method: 'post',
      path: '/api/dic/search/externalLink',
      summary: 'Record an external dictionary link click',
      access: 'public',
      request: externalLinkRequest,
      response: z.object({ message: z.literal('ok') }),
      errors: [400],
    },
    {
      method: 'get',
      path: '/api/dic/search/dataset',
      summary:
        'The loaded dataset: headword and relation counts read from the live index, and its sources with the attribution to show',
      access: 'public',
      response: datasetInfoBody,
      errors: [503],
    },
  ],
};
