import { Client } from '@elastic/elasticsearch';
import { LOCAL_SETTINGS } from '@syn/kit';
import { elasticsearchUrl, HEADWORDS_ALIAS } from '../config';

export { HEADWORDS_ALIAS };
export const DEFAULT_ELASTICSEARCH_URL = LOCAL_SETTINGS.ELASTICSEARCH_URL;

export function createClient(url: string = elasticsearchUrl()): Client {
  return new Client({ node: url, requestTimeout: 60_000 });
}
