// A caching front for the read side. Dictionary data changes only when an import moves
// the alias, so answers may be reused for a short while: popular words then cost no
// Elasticsearch round trip at all, which is what keeps p99 low on a small machine.
import type { Client } from '@elastic/elasticsearch';
import { answerCache } from '@syn/kit';
import { LRUCache } from 'lru-cache';
import type { Headword, HeadwordSummary } from '../domain/headword';
import { normalizeQuery } from '../domain/korean';
import type { SearchPage } from '../domain/query';
import { getHeadword, search, searchHanja, searchKorean, suggest, type KoreanSearch } from './read';

export interface ReaderOptions {
  alias: string;
  /** Entries kept per kind of answer; 0 keeps none (every answer is asked of Elasticsearch). */
  maxEntries?: number;
  /** How long an answer may be reused; an import shows after at most this long. */
  ttlMs?: number;
  /**
   * The index the alias serves now (AliasWatcher.current): when it changes (an import or a
   * rollback, made by any process), every cached answer is dropped.
   */
  servingIndex?: () => string | null;
}

type Answer = KoreanSearch | SearchPage<HeadwordSummary> | HeadwordSummary[] | Headword | { missing: true };

export class HeadwordReader {
  private readonly cache: LRUCache<string, Promise<Answer>> | null;
  private cachedFor: string | null = null;

  constructor(
    private readonly client: Client,
    private readonly options: ReaderOptions,
  ) {
    const max = options.maxEntries ?? 20_000;
    this.cache = max > 0 ? new LRUCache<string, Promise<Answer>>({ max, ttl: options.ttlMs ?? 60_000 }) : null;
  }

  /** Shares one in-flight request between identical callers; failures are not kept. */
  private remember<T extends Answer>(key: string, load: () => Promise<T>): Promise<T> {
    const cache = this.cache;
    if (!cache) return load();
    const serving = this.options.servingIndex?.() ?? null;
    if (serving !== this.cachedFor) {
      cache.clear();
      this.cachedFor = serving;
    }
    const hit = cache.get(key);
    answerCache.inc({ service: 'dictionary', result: hit ? 'hit' : 'miss' });
    if (hit) return hit as Promise<T>;
    const pending = load();
    cache.set(key, pending);
    pending.catch(() => cache.delete(key));
    return pending;
  }

  search(query: string, page: number, size: number): Promise<SearchPage<HeadwordSummary>> {
    const q = normalizeQuery(query);
    return this.remember(`s\u0000${q}\u0000${page}\u0000${size}`, () =>
      search(this.client, this.options.alias, q, page, size),
    );
  }

  /** Search with dictionary forms, did-you-mean and the honorific line (what the API serves). */
  searchKorean(query: string, page: number, size: number): Promise<KoreanSearch> {
    const q = normalizeQuery(query);
    return this.remember(`k\u0000${q}\u0000${page}\u0000${size}`, () =>
      searchKorean(this.client, this.options.alias, q, page, size),
    );
  }

  hanja(hanjaChar: string, page: number, size: number): Promise<SearchPage<HeadwordSummary>> {
    return this.remember(`j\u0000${hanjaChar}\u0000${page}\u0000${size}`, () =>
      searchHanja(this.client, this.options.alias, hanjaChar, page, size),
    );
  }

  suggest(query: string): Promise<HeadwordSummary[]> {
    const q = normalizeQuery(query);
    return this.remember(`g\u0000${q}`, () => suggest(this.client, this.options.alias, q));
  }

  async getHeadword(id: number): Promise<Headword | null> {
    const answer = await this.remember<Headword | { missing: true }>(`h\u0000${id}`, async () => {
      return (await getHeadword(this.client, this.options.alias, id)) ?? { missing: true };
    });
    return 'missing' in answer ? null : answer;
  }

  /** Forget every answer, e.g. right after this process imported a dataset. */
  clear(): void {
    this.cache?.clear();
  }
}
