// The wordbook service's API contract (spec §7.2 plus export): request schemas the handlers
// parse with, success bodies, error statuses and callers. scripts/openapi.ts publishes it.
import type { ServiceContract } from '@syn/kit/contract';
import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../domain/items';
import { MESSAGES } from '../domain/messages';

const INT32_MAX = 2_147_483_647;

// --- requests the handlers parse (wordbook.ts imports these) --------------------------------

export const insertRequest = z.object({
  pyojaeId: z.coerce
    .number({ message: MESSAGES.headwordIdInvalid })
    .int({ message: MESSAGES.headwordIdInvalid })
    .positive({ message: MESSAGES.headwordIdInvalid })
    .max(INT32_MAX, { message: MESSAGES.headwordIdInvalid }),
  word: z
    .string({ message: MESSAGES.wordInvalid })
    .trim()
    .min(1, { message: MESSAGES.wordInvalid })
    .max(100, { message: MESSAGES.wordInvalid }),
  hanja: z
    .string({ message: MESSAGES.wordInvalid })
    .trim()
    .max(100, { message: MESSAGES.wordInvalid })
    .nullish()
    .transform((h) => h ?? ''),
  // Accepted for compatibility; the stored link is always the headword's own detail page.
  linkUrl: z.string().max(2_000).nullish(),
});

export const searchRequest = z.object({
  pageSize: z.coerce
    .number({ message: MESSAGES.pageSizeInvalid })
    .int({ message: MESSAGES.pageSizeInvalid })
    .min(1, { message: MESSAGES.pageSizeInvalid })
    .default(DEFAULT_PAGE_SIZE)
    // A page larger than the cap is served at the cap rather than refused.
    .transform((n) => Math.min(n, MAX_PAGE_SIZE)),
  pageNum: z.coerce
    .number({ message: MESSAGES.pageNumInvalid })
    .int({ message: MESSAGES.pageNumInvalid })
    .min(0, { message: MESSAGES.pageNumInvalid })
    .max(1_000_000, { message: MESSAGES.pageNumInvalid })
    .default(0),
});

export const deleteRequest = z.object({
  itemId: z.union([z.string(), z.number()], { message: MESSAGES.itemIdInvalid }).transform((id, ctx) => {
    const text = String(id);
    if (!/^[0-9a-f]{24}$/i.test(text)) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.itemIdInvalid });
      return z.NEVER;
    }
    return text.toLowerCase();
  }),
});

export const exportRequest = z.object({
  format: z.enum(['csv', 'anki'], { message: MESSAGES.formatInvalid }).default('csv'),
});

// --- success bodies -------------------------------------------------------------------------

const wordbookItem = z.object({
  ID: z.string(),
  WORD: z.string(),
  HANJA: z.string(),
  WORD_ID: z.number().int(),
  LINK_URL: z.string(),
});

export const wordbookContract: ServiceContract = {
  service: 'wordbook',
  description: "The member's wordbook (MongoDB): save, page, delete, CSV and Anki export",
  routes: [
    {
      method: 'post',
      path: '/api/dic/wordbook/insertWordbookItem',
      summary: 'Save a headword (a second save answers duplicate: true)',
      access: 'member',
      request: insertRequest,
      response: z.union([
        z.object({ message: z.string(), duplicate: z.literal(false), itemId: z.string() }),
        z.object({ message: z.string(), duplicate: z.literal(true) }),
      ]),
      errors: [400, 401, 404, 503],
    },
    {
      method: 'post',
      path: '/api/dic/wordbook/searchWordbookItems',
      summary: "A page of the member's saved words, newest first (zero-based pages)",
      access: 'member',
      request: searchRequest,
      response: z.object({
        wordBookItems: z.array(wordbookItem),
        totalPages: z.number().int(),
        totalElements: z.number().int(),
      }),
      errors: [400, 401],
    },
    {
      method: 'post',
      path: '/api/dic/wordbook/deleteWordbookItem',
      summary: "Delete one of the member's own items",
      access: 'member',
      request: deleteRequest,
      response: z.object({ message: z.string() }),
      errors: [400, 401, 404],
    },
    {
      method: 'get',
      path: '/api/dic/wordbook/export',
      summary: 'Download the wordbook: CSV (UTF-8 BOM) or Anki import text',
      access: 'member',
      request: exportRequest,
      response: z.string(),
      responseMediaTypes: ['text/csv', 'text/plain'],
      errors: [400, 401, 503],
    },
  ],
};
