import { z } from 'zod';
import { HEADWORDS_ALIAS } from './store/client';

/** The dictionary's own environment, validated with the shared fields at start-up. */
export const dictionaryConfigShape = {
  /** The index alias searches read; the test stack and the benchmark set their own. */
  DICTIONARY_ALIAS: z
    .string()
    .regex(/^[a-z0-9][a-z0-9._-]*$/, 'must be a lower-case Elasticsearch alias name')
    .default(HEADWORDS_ALIAS),
  /** How long "is this member paid?" is reused: it is asked on every detail view. */
  PASS_CACHE_MS: z.coerce.number().int().min(0).max(600_000).default(5_000),
  /** Search and detail answers the reader keeps (store/reader.ts); 0 turns the answer cache off (benchmarks). */
  ANSWER_CACHE_ENTRIES: z.coerce.number().int().min(0).max(1_000_000).default(20_000),
  /** `off` skips loading data/default.jsonl into an empty alias (benchmarks load their own). */
  LOAD_DEFAULT_DATA: z.enum(['on', 'off']).default('on'),
};

export type DictionaryConfig = z.infer<z.ZodObject<typeof dictionaryConfigShape>>;
