// A deterministic full-size dataset for benchmarks and scale tests: real Korean words
// plus noun compounds, with random relations. Every record says generated: true.
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { CATEGORIES, type Category } from '../domain/categories';
import type { HeadwordRecord, RelationRecord } from '../domain/record';
import type { BaseWord } from './wordlist';

export interface GenerateOptions {
  headwords: number;
  relations: number;
  seed: number;
  words: readonly BaseWord[];
}

// Roughly how often each category occurs in a real thesaurus: synonyms dominate.
const CATEGORY_WEIGHTS: Record<Category, number> = {
  비슷한말: 40,
  반대말: 8,
  높임말: 2,
  낮춤말: 2,
  준말: 3,
  본말: 3,
  방언: 4,
  상위어: 10,
  하위어: 10,
  참고어: 8,
  관련어: 10,
};

// Common hanja to give a quarter of the records a (synthetic) hanja spelling.
const HANJA_POOL = Array.from(
  '學生人間時日月水火木金土山川心性情愛國家道理言語文字手足口目耳天地事物大小上下中外東西南北',
);

/** How many homograph pairs to make: 1 in 50 headwords. */
const HOMOGRAPH_SHARE = 50;

export class GenerateError extends Error {}

export function* generateRecords(options: GenerateOptions): Generator<HeadwordRecord> {
  const { headwords, relations, seed, words } = options;
  if (!Number.isInteger(headwords) || headwords < 2) throw new GenerateError('--headwords must be at least 2');
  if (!Number.isInteger(relations) || relations < 0) throw new GenerateError('--relations must be 0 or more');
  if (relations > headwords * 1000) throw new GenerateError('at most 1000 relations per headword');
  const nouns = words.filter((w) => w.pos === '명사');
  if (nouns.length < 2) throw new GenerateError('the word list has too few nouns');
  const rng = xoroshiro128plus(seed);
  const int = (min: number, max: number): number => uniformInt(rng, min, max);
  const compound = (): string =>
    (nouns[int(0, nouns.length - 1)] as BaseWord).word + (nouns[int(0, nouns.length - 1)] as BaseWord).word;

  // 1. Pick the entries: base words (shuffled when there are more than needed), then
  //    noun+noun compounds until the count is reached, then some homograph twins.
  const twins = Math.floor(headwords / HOMOGRAPH_SHARE);
  const distinct = headwords - twins;
  const chosen: BaseWord[] = [...words];
  for (let i = chosen.length - 1; i > 0; i -= 1) {
    const j = int(0, i);
    [chosen[i], chosen[j]] = [chosen[j] as BaseWord, chosen[i] as BaseWord];
  }
  chosen.length = Math.min(chosen.length, distinct);
  const used = new Set(chosen.map((w) => w.word));
  for (let misses = 0; chosen.length < distinct;) {
    const word = compound();
    if (used.has(word) || word.length > 10) {
      misses += 1;
      if (misses > distinct * 20) throw new GenerateError('could not build enough distinct compounds');
      continue;
    }
    used.add(word);
    chosen.push({ word, pos: '명사' });
  }
  const homograph = new Array<number>(headwords).fill(0);
  for (let t = 0; t < twins; t += 1) {
    const original = int(0, distinct - 1);
    if (homograph[original] !== 0) continue;
    homograph[original] = 1;
    homograph[chosen.length] = 2;
    chosen.push(chosen[original] as BaseWord);
  }
  // Twins whose original was already twinned get a fresh compound instead.
  for (let i = chosen.length; i < headwords; i += 1) {
    let word = compound();
    while (used.has(word)) word = compound();
    used.add(word);
    chosen.push({ word, pos: '명사' });
  }

  // 2. Relations: an even share per headword (the remainder to the first ones).
  const weightTotal = CATEGORIES.reduce((sum, c) => sum + CATEGORY_WEIGHTS[c], 0);
  const category = (): Category => {
    let pick = int(1, weightTotal);
    for (const c of CATEGORIES) {
      pick -= CATEGORY_WEIGHTS[c];
      if (pick <= 0) return c;
    }
    return '비슷한말';
  };
  const share = Math.floor(relations / headwords);
  const extra = relations % headwords;

  for (let i = 0; i < headwords; i += 1) {
    const id = i + 1;
    const entry = chosen[i] as BaseWord;
    const count = share + (i < extra ? 1 : 0);
    const rels: RelationRecord[] = [];
    const seen = new Set<string>();
    while (rels.length < count) {
      const target = int(1, headwords);
      const c = category();
      const key = `${c}:${target}`;
      if (target === id || seen.has(key)) continue;
      seen.add(key);
      rels.push({ category: c, target, source: 'generated' });
    }
    const hasHanja = int(0, 3) === 0 && entry.pos === '명사';
    yield {
      id,
      word: entry.word,
      hanja: hasHanja
        ? `${HANJA_POOL[int(0, HANJA_POOL.length - 1)] ?? ''}${HANJA_POOL[int(0, HANJA_POOL.length - 1)] ?? ''}`
        : null,
      homograph: homograph[i] ?? 0,
      pos: entry.pos,
      sense: null,
      frequencyRank: int(1, 1_000_000),
      source: 'generated',
      generated: true,
      relations: rels,
    };
  }
}

/** JSON Lines text in chunks of up to `linesPerChunk` lines, for streaming to a file. */
export function* generateJsonl(options: GenerateOptions, linesPerChunk = 1000): Generator<string> {
  let chunk: string[] = [];
  for (const record of generateRecords(options)) {
    chunk.push(JSON.stringify(record));
    if (chunk.length >= linesPerChunk) {
      yield chunk.join('\n') + '\n';
      chunk = [];
    }
  }
  if (chunk.length > 0) yield chunk.join('\n') + '\n';
}
