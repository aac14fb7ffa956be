// The query generator both benchmarks draw from (bench:search, bench:load): every headword of the
// loaded dataset file, in a seeded order, turned into the queries a reader types (exact, prefix,
// 초성, contains), each query text at most once, so a run can send thousands of queries that no
// cache (the dictionary's answer cache, Elasticsearch's request cache) has seen.
import { QUERY_KINDS, queryFor, type Query } from './dataset';
import { prng } from './ladder';

/** A seeded Fisher–Yates shuffle (a copy): the same seed gives the same order on every run. */
export function shuffled<T>(items: readonly T[], seed: number): T[] {
  const random = prng(seed);
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/**
 * Up to `count` queries with pairwise different texts: the headwords in a seeded order, each asked
 * as one kind in turn (exact, prefix, 초성, contains); later passes ask the same headwords as the
 * other kinds, so a small dataset still yields about four queries a headword. Fewer than `count`
 * when the dataset holds no more distinct ones.
 */
export function distinctQueries(words: readonly string[], count: number, seed: number): Query[] {
  const order = shuffled(words, seed);
  const seen = new Set<string>();
  const out: Query[] = [];
  for (let pass = 0; pass < QUERY_KINDS.length && out.length < count; pass++) {
    for (let i = 0; i < order.length && out.length < count; i++) {
      const kind = QUERY_KINDS[(i + pass) % QUERY_KINDS.length] ?? 'exact';
      const text = queryFor(order[i] ?? '', kind);
      if (text === '' || seen.has(text)) continue;
      seen.add(text);
      out.push({ kind, text });
    }
  }
  return out;
}

export interface Feed<T> {
  next(): T;
  /** The next `n` items next() will return, without taking them. */
  peek(n: number): T[];
  /** Items returned a second time (the list ran out). */
  readonly wrapped: number;
}

/** Each next() returns the next item, none twice until all are used (then it starts over and counts the repeats). */
export function feed<T>(items: readonly T[]): Feed<T> {
  if (items.length === 0) throw new Error('feed() needs at least one item');
  let i = 0;
  return {
    next: () => items[i++ % items.length] as T,
    peek: (n) => Array.from({ length: n }, (_, k) => items[(i + k) % items.length] as T),
    get wrapped() {
      return Math.max(0, i - items.length);
    },
  };
}
