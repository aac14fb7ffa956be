import { z } from 'zod';

/** Spec §5 Search: keyword required. */
export const SEARCH_REQUIRED = '검색할 내용을 입력해 주세요.';

export const searchKeyword = z.string({ message: SEARCH_REQUIRED }).trim().min(1, { message: SEARCH_REQUIRED });
