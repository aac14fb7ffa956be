// What the dictionary service sends Elasticsearch for one search or one detail view, recorded off
// the wire: the service's own read path (store/read.ts: searchKorean, getHeadword) runs against
// the real cluster through a client whose every request is captured (method, path, query string,
// headers, serialized body), so the "straight to Elasticsearch" path replays exactly those calls:
// the _analyze call, the tiered search with lemma and spelling tiers, the typo search when the
// read path makes one. Recording runs each query once, which puts its answers into the shard
// request cache; the caller clears that cache before measuring (clearRequestCache).
import type { Client } from '@elastic/elasticsearch';
import { createClient } from '../../../services/dictionary/src/store/client';
import { getHeadword, searchKorean } from '../../../services/dictionary/src/store/read';
import type { Call } from './drive';

interface WireParams {
  method: string;
  path: string;
  querystring?: string;
  headers?: Record<string, string | string[] | undefined>;
  body?: unknown;
}

/** One client per worker, so the calls captured between two awaits are one request's. */
async function recordEach<T>(
  url: string,
  items: readonly T[],
  workers: number,
  read: (client: Client, item: T) => Promise<unknown>,
): Promise<Call[][]> {
  const traces: Call[][] = new Array<Call[]>(items.length);
  let nextIndex = 0;
  await Promise.all(
    Array.from({ length: Math.min(workers, items.length) }, async () => {
      const client = createClient(url);
      let current: Call[] = [];
      client.diagnostic.on('request', (_err, result) => {
        const p = result?.meta.request.params as WireParams | undefined;
        if (!p) return;
        const headers: Record<string, string> = {};
        for (const [k, v] of Object.entries(p.headers ?? {})) {
          if (v !== undefined && k.toLowerCase() !== 'content-length' && k.toLowerCase() !== 'user-agent') {
            headers[k] = Array.isArray(v) ? v.join(', ') : v;
          }
        }
        current.push({
          method: p.method === 'GET' ? 'GET' : 'POST',
          path: p.querystring ? `${p.path}?${p.querystring}` : p.path,
          headers,
          ...(typeof p.body === 'string' && p.body !== '' ? { body: p.body } : {}),
        });
      });
      try {
        for (let i = nextIndex++; i < items.length; i = nextIndex++) {
          current = [];
          await read(client, items[i] as T);
          traces[i] = current;
        }
      } finally {
        await client.close();
      }
    }),
  );
  return traces;
}

/**
 * The calls the service makes for the search page (`searchWord`, page 0, 10 rows, as the benchmark
 * asks the API) on an answer-cache miss. Few workers: Elasticsearch's _analyze pool is one thread
 * with a short queue, and a rejected analysis would change the body (the read path then goes on
 * without nori's reading).
 */
export function recordSearches(url: string, alias: string, queries: readonly string[]): Promise<Call[][]> {
  return recordEach(url, queries, 3, (client, q) => searchKorean(client, alias, q, 0, 10));
}

/** The call the service makes for a detail view of `id` on an answer-cache miss. */
export function recordDetails(url: string, alias: string, ids: readonly number[]): Promise<Call[][]> {
  return recordEach(url, ids, 4, (client, id) => getHeadword(client, alias, id));
}

/** Empties the shard request cache of the alias's index, so answers recorded above are not served from it. */
export async function clearRequestCache(url: string, alias: string): Promise<void> {
  const client = createClient(url);
  try {
    await client.indices.clearCache({ index: alias, request: true });
  } finally {
    await client.close();
  }
}
