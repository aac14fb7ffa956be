import { Client } from '@elastic/elasticsearch';

export const DEFAULT_ELASTICSEARCH_URL = 'http://127.0.0.1:9200';
/** The alias every reader uses; imports swap it from one index to the next. */
export const HEADWORDS_ALIAS = 'headwords';

export function createClient(url: string = process.env.ELASTICSEARCH_URL ?? DEFAULT_ELASTICSEARCH_URL): Client {
  return new Client({ node: url, requestTimeout: 60_000 });
}
