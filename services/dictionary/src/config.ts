// The dictionary service's whole environment: the kit's shared fields and its own.
import { configSchema, parseConfig, runtimeShape, storeShapes, urls, type Env } from '@syn/kit';
import { z } from 'zod';

/** The alias every reader uses; imports swap it from one index to the next. */
export const HEADWORDS_ALIAS = 'headwords';

export const configShape = {
  ...runtimeShape(4002),
  ...storeShapes.postgres,
  ...storeShapes.redis,
  ...storeShapes.elastic,
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

export const dictionaryConfigSchema = configSchema(configShape);
export type DictionaryConfig = z.output<typeof dictionaryConfigSchema>;

export function loadConfig(env: Env = process.env): DictionaryConfig {
  return parseConfig(dictionaryConfigSchema, env);
}

/** ELASTICSEARCH_URL for the operator scripts (import, rollback, benchmarks): the local server when unset. */
export function elasticsearchUrl(env: Env = process.env): string {
  return parseConfig(z.object({ ELASTICSEARCH_URL: urls.elasticsearch }), env).ELASTICSEARCH_URL;
}
