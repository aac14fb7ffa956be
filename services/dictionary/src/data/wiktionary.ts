// Which rows of the sense-blind Wiktionary/WordNet file (../shared/data/ko-relations-wikt.tsv) a
// lexicographer would keep. Every rule is decided for the unordered pair of words, so a row and
// its mirror row (the file has both directions) are kept or dropped together and the imported
// relations stay symmetric.
import type { Category } from '../domain/categories';

export const WIKT_CATEGORIES: ReadonlySet<string> = new Set(['비슷한말', '반대말', '상위어', '하위어']);

export type DropReason =
  | 'editorial'
  | 'proper-noun'
  | 'encyclopedic'
  | 'polysemous'
  | 'part-of-speech'
  | 'not-a-headword-form'
  | 'editor-rejected'
  | 'duplicate';

export const DROP_REASONS: Record<DropReason, string> = {
  editorial: 'one of the words has an editorial entry, which is complete as written',
  'proper-noun': 'one of the words is a place or person name (data/wiktionary-exclusions.tsv)',
  encyclopedic: 'one of the words is an encyclopedic instance linked as a kind (data/wiktionary-exclusions.tsv)',
  polysemous: 'one of the words is a one-syllable word of the NIKL list: too polysemous for a sense-blind pair',
  'part-of-speech': 'the two words do not share a part of speech',
  'not-a-headword-form':
    'one of the words is an inflected form or a typo, not a dictionary form (data/wiktionary-exclusions.tsv)',
  'editor-rejected': 'an editor read the pair and rejected it (data/wiktionary-rejected.tsv)',
  duplicate: 'the pair is already related',
};

export interface WiktRow {
  /** 1-based line number in the file (the header is line 1). */
  line: number;
  headword: string;
  related: string;
  category: Category;
}

export interface DroppedRow extends WiktRow {
  reason: DropReason;
}

export function parseWiktionary(text: string): WiktRow[] {
  const rows: WiktRow[] = [];
  text.split('\n').forEach((raw, index) => {
    if (index === 0 || raw === '') return;
    const [headword, related, category] = raw.split('\t');
    if (headword && related && category && WIKT_CATEGORIES.has(category)) {
      rows.push({ line: index + 1, headword, related, category: category as Category });
    }
  });
  return rows;
}

/** Parts of speech compared as a reader would: nouns, pronouns and numerals are one class. */
export function posClass(pos: string | null | undefined): string | null {
  if (!pos) return null;
  if (pos === '명사' || pos === '대명사' || pos === '수사' || pos === '의존명사') return '체언';
  if (pos === '보조 용언') return '동사';
  return pos;
}

/**
 * What the build knows of a word's part of speech: an editorial entry's, else the NIKL list's,
 * else only its form (a dictionary-form predicate ends in 다; anything else is not one).
 */
export interface PosKnowledge {
  exact: string | null;
  predicate: boolean;
}

export function posOf(word: string, editorialPos: string | null, niklPos: string | null): PosKnowledge {
  const exact = posClass(editorialPos ?? niklPos);
  const predicate = exact ? exact === '동사' || exact === '형용사' : word.length >= 2 && word.endsWith('다');
  return { exact, predicate };
}

export function posAgree(a: PosKnowledge, b: PosKnowledge): boolean {
  if (a.exact && b.exact) return a.exact === b.exact;
  return a.predicate === b.predicate;
}

export type Exclusion = 'proper-noun' | 'encyclopedic' | 'not-a-headword-form';
const EXCLUSIONS: ReadonlySet<string> = new Set(['proper-noun', 'encyclopedic', 'not-a-headword-form']);

/** data/wiktionary-exclusions.tsv: `word<TAB>reason` (one of Exclusion), # comments. */
export function parseExclusions(text: string): Map<string, Exclusion> {
  const out = new Map<string, Exclusion>();
  text.split('\n').forEach((raw, index) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return;
    const [word, reason] = line.split('\t');
    if (!word || !reason || !EXCLUSIONS.has(reason)) {
      throw new Error(`wiktionary-exclusions.tsv line ${index + 1}: expected "word<TAB>${[...EXCLUSIONS].join('|')}"`);
    }
    out.set(word, reason as Exclusion);
  });
  return out;
}

/** data/wiktionary-rejected.tsv: `word<TAB>related<TAB>reason` pairs an editor rejected, # comments. */
export function parseRejectedPairs(text: string): Set<string> {
  const out = new Set<string>();
  text.split('\n').forEach((raw, index) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return;
    const [a, b] = line.split('\t');
    if (!a || !b) throw new Error(`wiktionary-rejected.tsv line ${index + 1}: expected "word<TAB>related<TAB>reason"`);
    out.add(pairKey(a, b));
  });
  return out;
}

/** One key for both orders of a pair of words. */
export function pairKey(a: string, b: string): string {
  return a < b ? `${a}\t${b}` : `${b}\t${a}`;
}
