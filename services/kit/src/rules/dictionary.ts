import { z } from 'zod';
import { SEARCH_REQUIRED, SEARCH_TOO_LONG, SEARCH_WORD_MAX } from './plain';

/**
 * The search API's rule; the search box checks the same one without zod (plain.ts,
 * checkSearchWord). Written with min/max so the API document states the bounds.
 */
export const searchKeyword = z
  .string({ message: SEARCH_REQUIRED })
  .trim()
  .min(1, { message: SEARCH_REQUIRED })
  .max(SEARCH_WORD_MAX, { message: SEARCH_TOO_LONG });
