// The documented response keys of spec §7.2 (ID, WORD, HANJA, GUBN, WORD_ID …), made only
// here at the edge; the rest of the service speaks in headwords, categories and readers.
import type { Category } from './categories';
import type { Headword, HeadwordSummary } from './headword';
import type { SearchPage } from './query';
import type { Reader, VisibleGroup } from './visibility';

/** The detail page of a headword, as the web app routes it (spec §2.1). */
export function headwordLinkUrl(id: number): string {
  return `/dictionary/Search/${id}`;
}

export interface WordInfoItem {
  ID: number;
  WORD: string;
  /** '' when the headword has no hanja. */
  HANJA: string;
  /** Beyond the spec: tells homographs without hanja apart (배: 신체 부위 / 탈것 / 과일). */
  HOMOGRAPH: number;
  SENSE: string;
}

export function toWordInfoItem(h: HeadwordSummary): WordInfoItem {
  return { ID: h.id, WORD: h.word, HANJA: h.hanja ?? '', HOMOGRAPH: h.homograph, SENSE: h.sense ?? '' };
}

export interface PyojaeItemsResponse {
  totalElements: number;
  totalPages: number;
  results: { wordInfoItems: WordInfoItem[] };
}

/** Additions beside the spec's keys (which stay as they are). */
export interface KoreanExtras {
  baseForm: { query: string; lemma: string; lemmas: string[] } | null;
  didYouMean: HeadwordSummary[];
  honorific: { word: string; plain: Array<{ category: Category; id: number; word: string }> } | null;
}

export interface KoreanPyojaeItemsResponse extends PyojaeItemsResponse {
  results: PyojaeItemsResponse['results'] & {
    /** '아름다운'의 기본형 '아름답다': the rows are the lemma's. Absent when the query itself matched. */
    baseForm?: { query: string; lemma: string; lemmas: string[] };
    /** '혹시 이것을 찾으셨나요?' words; absent when there are none. */
    didYouMean?: WordInfoItem[];
    /** The shown word is the 높임말/낮춤말 of these plain words (드시다 → 먹다). */
    honorific?: { WORD: string; plainItems: Array<{ GUBN: Category; WORD: string; WORD_ID: number }> };
  };
}

export function toKoreanPyojaeItems(
  page: SearchPage<HeadwordSummary>,
  extras: KoreanExtras,
): KoreanPyojaeItemsResponse {
  const base = toPyojaeItems(page);
  return {
    ...base,
    results: {
      ...base.results,
      ...(extras.baseForm ? { baseForm: extras.baseForm } : {}),
      ...(extras.didYouMean.length > 0 ? { didYouMean: extras.didYouMean.map(toWordInfoItem) } : {}),
      ...(extras.honorific
        ? {
            honorific: {
              WORD: extras.honorific.word,
              plainItems: extras.honorific.plain.map((p) => ({ GUBN: p.category, WORD: p.word, WORD_ID: p.id })),
            },
          }
        : {}),
    },
  };
}

export function toPyojaeItems(page: SearchPage<HeadwordSummary>): PyojaeItemsResponse {
  return {
    totalElements: page.total,
    totalPages: page.totalPages,
    results: { wordInfoItems: page.items.map(toWordInfoItem) },
  };
}

export interface WordSynItem {
  GUBN: Category;
  WORD: string;
  WORD_ID: number;
  HANJA: string;
}

export interface GubnItem {
  GUBN: Category;
  /** Every word of the category, shown or not. */
  TOTAL_CNT: number;
  /** Words of the category this reader may not see (the badge's number); never the words themselves. */
  REMAIN_CNT: number;
}

export interface WordSynItemsResponse {
  message: string;
  authKey: string;
  authKeyError: false;
  /** Who the server served: visitor (1 a category), free (2) or paid (all). */
  reader: Reader;
  pyojaeItem: WordInfoItem & { LINK_URL: string };
  wordSynItems: WordSynItem[];
  gubnItems: GubnItem[];
}

export function toWordSynItems(
  headword: Headword,
  groups: readonly VisibleGroup[],
  reader: Reader,
  authKey: string,
): WordSynItemsResponse {
  return {
    message: '',
    authKey,
    authKeyError: false,
    reader,
    pyojaeItem: { ...toWordInfoItem(headword), LINK_URL: headwordLinkUrl(headword.id) },
    wordSynItems: groups.flatMap((g) =>
      g.words.map((w) => ({ GUBN: g.category, WORD: w.word, WORD_ID: w.id, HANJA: w.hanja ?? '' })),
    ),
    gubnItems: groups.map((g) => ({ GUBN: g.category, TOTAL_CNT: g.words.length + g.hidden, REMAIN_CNT: g.hidden })),
  };
}
