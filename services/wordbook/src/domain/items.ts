// The wordbook item and its documented response keys (spec §3, §7.2), made only here.

/** A member's saved word. */
export interface WordbookItem {
  id: string;
  userId: number;
  headwordId: number;
  word: string;
  /** '' when the headword has no hanja. */
  hanja: string;
  linkUrl: string;
  createdAt: Date;
}

/** Spec §3 wordbook item. */
export interface WordbookItemResponse {
  ID: string;
  WORD: string;
  HANJA: string;
  WORD_ID: number;
  LINK_URL: string;
}

export function toResponseItem(item: WordbookItem): WordbookItemResponse {
  return { ID: item.id, WORD: item.word, HANJA: item.hanja, WORD_ID: item.headwordId, LINK_URL: item.linkUrl };
}

/** Spec §9: ten a page. */
export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;

export interface Page<T> {
  items: T[];
  total: number;
  pageSize: number;
  pageNum: number;
}

export function totalPages(total: number, pageSize: number): number {
  return total === 0 ? 0 : Math.ceil(total / pageSize);
}

export interface SearchWordbookResponse {
  wordBookItems: WordbookItemResponse[];
  totalPages: number;
  totalElements: number;
}

export function toSearchResponse(page: Page<WordbookItem>): SearchWordbookResponse {
  return {
    wordBookItems: page.items.map(toResponseItem),
    totalPages: totalPages(page.total, page.pageSize),
    totalElements: page.total,
  };
}

/** The detail page of a headword as the web app routes it (spec §2.1). */
export function headwordLinkUrl(headwordId: number): string {
  return `/dictionary/Search/${headwordId}`;
}
