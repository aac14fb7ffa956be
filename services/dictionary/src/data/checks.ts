// Data checks that fail the build of the default dataset: what a machine can catch of a wrong
// entry. Each check returns human-readable problems naming the words involved.
import type { Category } from '../domain/categories';
import type { HeadwordRecord } from '../domain/record';
import type { Frequency } from './build';
import { posClass } from './wiktionary';

/** Parts of speech of the NIKL list that count as content words for coverage. */
export const CONTENT_POS: ReadonlySet<string> = new Set(['명사', '동사', '형용사', '부사']);

/** Every top-3,000 NIKL content word is a headword of the default dataset. */
export const REQUIRED_TOP = 3000;

/** The n most frequent NIKL content words, in rank order. */
export function topContentWords(frequency: Map<string, Frequency>, n: number): string[] {
  return [...frequency.entries()]
    .filter(([, f]) => f.pos !== null && CONTENT_POS.has(f.pos))
    .sort((a, b) => a[1].rank - b[1].rank)
    .slice(0, n)
    .map(([w]) => w);
}

/** What each category must find on the other side. */
const MIRROR: Partial<Record<Category, Category>> = {
  비슷한말: '비슷한말',
  반대말: '반대말',
  참고어: '참고어',
  관련어: '관련어',
  상위어: '하위어',
  하위어: '상위어',
  준말: '본말',
  본말: '준말',
  // An honorific, humble or dialect form names its plain word as 관련어 (never as its own 높임말/낮춤말/방언).
  높임말: '관련어',
  낮춤말: '관련어',
  방언: '관련어',
};

/** Categories whose two words must share a part of speech. */
const SAME_POS: ReadonlySet<Category> = new Set(['비슷한말', '반대말', '상위어', '하위어']);
/** A word can sit in at most one of these on one entry: a synonym is not also an antonym or a kind. */
const EXCLUSIVE: ReadonlySet<Category> = new Set(['비슷한말', '반대말', '상위어', '하위어']);

export interface CheckOptions {
  /** Every one of the top N NIKL content words must be a headword (0 = no such check). */
  requireTop: number;
  frequency: Map<string, Frequency>;
}

export function checkDataset(records: HeadwordRecord[], options: CheckOptions): string[] {
  const problems: string[] = [];
  const byId = new Map(records.map((r) => [r.id, r]));
  const label = (r: HeadwordRecord) => (r.homograph ? `${r.word}#${r.homograph}` : r.word);

  for (const rec of records) {
    const seen = new Set<string>();
    const exclusive = new Map<number, Category>();
    for (const rel of rec.relations) {
      const target = byId.get(rel.target);
      if (rel.target === rec.id) problems.push(`${label(rec)}: related to itself (${rel.category})`);
      const key = `${rel.category}:${rel.target}`;
      if (seen.has(key))
        problems.push(`${label(rec)}: ${target ? label(target) : rel.target} twice under ${rel.category}`);
      seen.add(key);
      if (!target) {
        problems.push(`${label(rec)}: ${rel.category} target ${rel.target} is not a headword`);
        continue;
      }
      if (EXCLUSIVE.has(rel.category)) {
        const other = exclusive.get(rel.target);
        if (other && other !== rel.category) {
          problems.push(`${label(rec)}: ${label(target)} is both ${other} and ${rel.category}`);
        }
        exclusive.set(rel.target, rel.category);
      }
      const mirror = MIRROR[rel.category];
      // A 관련어 may be a form's link back to its plain word, which names it as 높임말/낮춤말/방언.
      const mirrored = target.relations.some(
        (r) =>
          r.target === rec.id &&
          (r.category === mirror ||
            (rel.category === '관련어' &&
              (r.category === '높임말' || r.category === '낮춤말' || r.category === '방언'))),
      );
      if (mirror && !mirrored) {
        problems.push(
          `${label(rec)} → ${rel.category} ${label(target)}, but ${label(target)} has no ${mirror} ${label(rec)}`,
        );
      }
      if (
        (rel.category === '높임말' || rel.category === '낮춤말') &&
        target.relations.some((r) => r.target === rec.id && (r.category === '높임말' || r.category === '낮춤말'))
      ) {
        problems.push(`${label(rec)} and ${label(target)} name each other as 높임말/낮춤말: the direction is wrong`);
      }
      if (SAME_POS.has(rel.category) && rel.source === 'editorial') {
        const a = posClass(rec.pos);
        const b = posClass(target.pos);
        if (a && b && a !== b) {
          problems.push(
            `${label(rec)} (${rec.pos}) → ${rel.category} ${label(target)} (${target.pos}): parts of speech differ`,
          );
        }
      }
    }
    if (rec.source === 'editorial' && !rec.pos)
      problems.push(`${label(rec)}: an editorial headword without a part of speech`);
  }

  if (options.requireTop > 0) {
    const words = new Set(records.map((r) => r.word));
    const missing = topContentWords(options.frequency, options.requireTop).filter((w) => !words.has(w));
    if (missing.length > 0) {
      problems.push(
        `${missing.length} of the top ${options.requireTop} NIKL content words are not headwords: ${missing.slice(0, 40).join(' ')}${missing.length > 40 ? ' …' : ''}`,
      );
    }
  }
  return problems;
}

export interface Coverage {
  top: number;
  words: number;
  found: number;
  withRelation: number;
  withSynonym: number;
}

/**
 * Of the top N NIKL content words: how many are headwords (found by exact search), how many show
 * at least one related word to a free member (every category shows its first words to them), and
 * how many have a 비슷한말.
 */
export function coverage(records: HeadwordRecord[], frequency: Map<string, Frequency>, top: number): Coverage {
  const byWord = new Map<string, HeadwordRecord[]>();
  for (const r of records) byWord.set(r.word, [...(byWord.get(r.word) ?? []), r]);
  const words = topContentWords(frequency, top);
  let found = 0;
  let withRelation = 0;
  let withSynonym = 0;
  for (const w of words) {
    const entries = byWord.get(w) ?? [];
    if (entries.length === 0) continue;
    found += 1;
    if (entries.some((e) => e.relations.length > 0)) withRelation += 1;
    if (entries.some((e) => e.relations.some((r) => r.category === '비슷한말'))) withSynonym += 1;
  }
  return { top, words: words.length, found, withRelation, withSynonym };
}
