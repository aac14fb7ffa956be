import { z } from 'zod';
import { SEARCH_REQUIRED, searchWordProblem } from './plain';

/** The search box and the search API check the same rule, so the box says what the server would. */
export const searchKeyword = z
  .string({ message: SEARCH_REQUIRED })
  .trim()
  .superRefine((word, ctx) => {
    const problem = searchWordProblem(word);
    if (problem !== null) ctx.addIssue({ code: 'custom', message: problem });
  });
