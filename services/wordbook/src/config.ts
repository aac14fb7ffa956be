// The wordbook service's whole environment: the kit's shared fields and its own.
import { configSchema, parseConfig, runtimeShape, storeShapes, type Env } from '@syn/kit';
import { z } from 'zod';

export const configShape = {
  ...runtimeShape(4003),
  ...storeShapes.mongo,
  /** The dictionary service's internal URL; default: the first of DICTIONARY_URLS, else :4002 (not in production). */
  DICTIONARY_URL: z.string().url().optional(),
  DICTIONARY_URLS: z.string().optional(),
  DICTIONARY_TIMEOUT_MS: z.coerce.number().int().positive().default(3_000),
  /** How long a headword's existence is trusted; headwords change only at a dictionary import. */
  HEADWORD_CACHE_TTL_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(10 * 60_000),
};

export const wordbookConfigSchema = configSchema(configShape, {
  production: (c, problem) => {
    if (c.DICTIONARY_URL === undefined && !c.DICTIONARY_URLS?.trim())
      problem('DICTIONARY_URL', 'is required in production (or DICTIONARY_URLS)');
  },
});
export type WordbookConfig = z.output<typeof wordbookConfigSchema>;

export function loadConfig(env: Env = process.env): WordbookConfig {
  return parseConfig(wordbookConfigSchema, env);
}

export function dictionaryUrlOf(config: Pick<WordbookConfig, 'DICTIONARY_URL' | 'DICTIONARY_URLS'>): string {
  const first = config.DICTIONARY_URLS?.split(',')
    .map((u) => u.trim())
    .find(Boolean);
  return (config.DICTIONARY_URL ?? first ?? 'http://127.0.0.1:4002').replace(/\/+$/, '');
}

/**
 * Every dictionary replica the wordbook may ask: DICTIONARY_URL alone when set, else each of
 * DICTIONARY_URLS, else :4002. The client moves on to the next when one cannot be reached.
 */
export function dictionaryUrlsOf(config: Pick<WordbookConfig, 'DICTIONARY_URL' | 'DICTIONARY_URLS'>): string[] {
  if (config.DICTIONARY_URL) return [dictionaryUrlOf(config)];
  const all = (config.DICTIONARY_URLS ?? '')
    .split(',')
    .map((u) => u.trim().replace(/\/+$/, ''))
    .filter(Boolean);
  return all.length > 0 ? all : [dictionaryUrlOf(config)];
}
