import { z } from 'zod';

/** Spec §5 Search: keyword required. */
export const SEARCH_REQUIRED = '검색할 내용을 입력해 주세요.';

/**
 * The longest search word served (the spec names no limit): longer than any headword or phrase
 * someone looks up, and short enough that a query never bloats statistics or an outbox row.
 */
export const SEARCH_WORD_MAX = 100;
export const SEARCH_TOO_LONG = `검색어는 ${SEARCH_WORD_MAX}자 이하로 입력해 주세요.`;

/** The search box and the search API check the same rule, so the box says what the server would. */
export const searchKeyword = z
  .string({ message: SEARCH_REQUIRED })
  .trim()
  .min(1, { message: SEARCH_REQUIRED })
  .max(SEARCH_WORD_MAX, { message: SEARCH_TOO_LONG });
