import { api } from '../../app/api';
import type { HistoryEntry } from './history';

/** A search result row (spec §3: ID, WORD, HANJA; HOMOGRAPH and SENSE tell homographs apart). */
export interface WordInfoItem {
  ID: number;
  WORD: string;
  HANJA: string | null;
  HOMOGRAPH?: number;
  SENSE?: string;
}

/** The query was an inflected form; the rows are its dictionary form(s). */
export interface BaseForm {
  query: string;
  lemma: string;
  lemmas: string[];
}

/** The word shown is the 높임말/낮춤말 of these plain words. */
export interface Honorific {
  WORD: string;
  plainItems: Array<{ GUBN: string; WORD: string; WORD_ID: number }>;
}

export interface PyojaeItems {
  totalElements: number;
  totalPages: number;
  results: { wordInfoItems: WordInfoItem[]; baseForm?: BaseForm; didYouMean?: WordInfoItem[]; honorific?: Honorific };
}

export interface HanjaArgs {
  /** One hanja character. */
  hanja: string;
  pageSize: number;
  pageNum: number;
}

export interface SearchArgs {
  searchWord: string;
  pageSize: number;
  /** Zero-based (spec §7.2). */
  pageNum: number;
}

export interface WordSynItem {
  GUBN: string;
  WORD: string;
  WORD_ID: number;
  HANJA?: string;
}

export interface GubnItem {
  GUBN: string;
  TOTAL_CNT: number;
  REMAIN_CNT: number;
}

export type Reader = 'visitor' | 'free' | 'paid';

export interface WordSynItems {
  message?: string;
  authKey?: string;
  authKeyError?: boolean;
  reader: Reader;
  pyojaeItem: WordInfoItem & { LINK_URL: string };
  wordSynItems: WordSynItem[];
  gubnItems: GubnItem[];
}

export interface WordSynArgs {
  userId: number;
  pyojaeId: number;
  userAuthKey: string;
}

export interface ExternalLinkArgs {
  userId: number;
  linkType: 'natmal' | 'opendic';
  wordId: number;
}

export interface WordbookAddArgs {
  userId: number;
  pyojaeId: number;
  word: string;
  hanja: string;
  linkUrl: string;
}

/** What deleting from the history answers: its message and the list left. */
export interface HistoryChange {
  message: string;
  historyItems: HistoryEntry[];
}

/** The dictionary's calls of spec §7.2, plus suggestions and the session history. */
export const dictionaryApi = api.injectEndpoints({
  endpoints: (build) => ({
    searchHeadwords: build.query<PyojaeItems, SearchArgs>({
      query: (body) => ({ url: 'api/dic/search/pyojaeItems', method: 'POST', body }),
    }),
    /** Other headwords sharing one hanja character (美 → 美人, 美術 …). */
    hanjaItems: build.query<PyojaeItems, HanjaArgs>({
      query: (body) => ({ url: 'api/dic/search/hanjaItems', method: 'POST', body }),
    }),
    wordSynItems: build.query<WordSynItems, WordSynArgs>({
      query: (body) => ({ url: 'api/dic/search/wordSynItems', method: 'POST', body }),
      // Each view is a fact (statistics, history): never served from an old cache entry.
      keepUnusedDataFor: 0,
    }),
    suggestHeadwords: build.query<WordInfoItem[], string>({
      query: (q) => ({ url: 'api/dic/search/suggest', params: { q } }),
      transformResponse: (body: { suggestItems?: WordInfoItem[] }) => body.suggestItems ?? [],
    }),
    historyItems: build.query<HistoryEntry[], void>({
      query: () => ({ url: 'api/dic/search/historyItems', method: 'POST', body: {} }),
      transformResponse: (body: { historyItems?: HistoryEntry[] }) => body.historyItems ?? [],
      keepUnusedDataFor: 0,
    }),
    /** Takes one headword out of the session's history; the answer is the list left. */
    deleteHistoryItem: build.mutation<HistoryChange, number>({
      query: (itemId) => ({ url: 'api/dic/search/deleteHistoryItem', method: 'POST', body: { itemId } }),
      onQueryStarted: async (_itemId, { dispatch, queryFulfilled }): Promise<void> => {
        // The list the server answered replaces the cached one: the page needs no second call.
        const answer = await queryFulfilled.catch(() => null);
        if (answer) dispatch(dictionaryApi.util.upsertQueryData('historyItems', undefined, answer.data.historyItems));
      },
    }),
    clearHistoryItems: build.mutation<HistoryChange, void>({
      query: () => ({ url: 'api/dic/search/clearHistoryItems', method: 'POST', body: { confirm: true } }),
      onQueryStarted: async (_arg, { dispatch, queryFulfilled }): Promise<void> => {
        const answer = await queryFulfilled.catch(() => null);
        if (answer) dispatch(dictionaryApi.util.upsertQueryData('historyItems', undefined, answer.data.historyItems));
      },
    }),
    externalLink: build.mutation<void, ExternalLinkArgs>({
      query: (body) => ({ url: 'api/dic/search/externalLink', method: 'POST', body }),
    }),
    /** The member path of the detail page's wordbook button (the wordbook feature owns the list). */
    addHeadwordToWordbook: build.mutation<{ message?: string; duplicate?: boolean }, WordbookAddArgs>({
      query: (body) => ({ url: 'api/dic/wordbook/insertWordbookItem', method: 'POST', body }),
      invalidatesTags: ['Wordbook'],
    }),
  }),
});

export const {
  useSearchHeadwordsQuery,
  useHanjaItemsQuery,
  useWordSynItemsQuery,
  useSuggestHeadwordsQuery,
  useHistoryItemsQuery,
  useDeleteHistoryItemMutation,
  useClearHistoryItemsMutation,
  useExternalLinkMutation,
  useAddHeadwordToWordbookMutation,
} = dictionaryApi;
