import { api } from '../../app/api';

/** Spec §3 wordbook item. */
export interface WordbookItem {
  ID: string;
  WORD: string;
  HANJA: string;
  WORD_ID: number;
  LINK_URL: string;
}

export interface WordbookPage {
  wordBookItems: WordbookItem[];
  totalPages: number;
  totalElements: number;
}

/** Spec §7.2 insertWordbookItem params. */
export interface InsertWordbookItemArgs {
  userId: number;
  pyojaeId: number;
  word: string;
  hanja: string;
  linkUrl: string;
}

/** Spec §9: ten a page. */
export const WORDBOOK_PAGE_SIZE = 10;

/**
 * Spec §8 messages of the wordbook calls. The spec elides their ending ("..."); it is
 * completed as its full search-failure message is, and as the detail page's save says.
 */
export const WORDBOOK_MESSAGES = {
  loadFailed: '단어장을 불러오는 중에 오류가 발생하였습니다. 다시 시도해 주세요.',
  saveFailed: '저장중에 오류가 발생하였습니다. 다시 시도해 주세요.',
  deleteFailed: '데이터를 삭제하는 중에 오류가 발생하였습니다. 다시 시도해 주세요.',
  exportFailed: '단어장을 내보내는 중에 오류가 발생하였습니다. 다시 시도해 주세요.',
} as const;

export const wordbookApi = api.injectEndpoints({
  endpoints: (build) => ({
    searchWordbookItems: build.query<WordbookPage, { userId: number; pageNum: number; pageSize?: number }>({
      query: ({ userId, pageNum, pageSize = WORDBOOK_PAGE_SIZE }) => ({
        url: 'api/dic/wordbook/searchWordbookItems',
        method: 'POST',
        body: { userId, pageSize, pageNum },
      }),
      providesTags: ['Wordbook'],
    }),
    /** The detail page's wordbook-add button calls this (spec §2.3). */
    insertWordbookItem: build.mutation<{ message: string; duplicate?: boolean }, InsertWordbookItemArgs>({
      query: (body) => ({ url: 'api/dic/wordbook/insertWordbookItem', method: 'POST', body }),
      invalidatesTags: ['Wordbook'],
    }),
    deleteWordbookItem: build.mutation<{ message: string }, { userId: number; itemId: string }>({
      query: (body) => ({ url: 'api/dic/wordbook/deleteWordbookItem', method: 'POST', body }),
      invalidatesTags: ['Wordbook'],
    }),
  }),
});

export const { useSearchWordbookItemsQuery, useInsertWordbookItemMutation, useDeleteWordbookItemMutation } =
  wordbookApi;

export type ExportFormat = 'csv' | 'anki';

/** Downloads the member's wordbook through the browser (the session cookie goes along). */
export async function downloadWordbook(format: ExportFormat): Promise<void> {
  const res = await fetch(`/api/dic/wordbook/export?format=${format}`, { credentials: 'include' });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { message?: unknown } | null;
    throw new Error(typeof body?.message === 'string' ? body.message : '');
  }
  const blob = await res.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = format === 'csv' ? 'wordbook.csv' : 'wordbook-anki.txt';
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the blob to the download; free it on the next tick.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
