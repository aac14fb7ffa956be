// The headword as stored in Elasticsearch and as the service hands it out.
// Relations live on the headword document with their target words copied in,
// so a detail view is a single GET by id.
import { CATEGORIES, categoryRank, type Category } from './categories';
import { headwordKeys, type HeadwordKeys } from './korean';
import type { DatasetRecord, RecordSource } from './record';

export interface StoredRelation {
  category: Category;
  targetId: number;
  targetWord: string;
  targetHanja: string | null;
  source: RecordSource;
}

export interface HeadwordDocument extends HeadwordKeys {
  id: number;
  word: string;
  hanja: string | null;
  homograph: number;
  pos: string | null;
  sense: string | null;
  frequencyRank: number | null;
  source: RecordSource;
  generated: boolean;
  relations: StoredRelation[];
  /** Each Han character of the hanja (美人 → 美, 人): the hanja-morpheme links. */
  hanjaChars: string[];
  /** Headwords this word is the 높임말/낮춤말 of (드시다 → 먹다), for "shown as such" in search. */
  plainOf: PlainRef[];
}

/** A plain word that lists this headword as its honorific (높임말) or humble (낮춤말) form. */
export interface PlainRef {
  category: '높임말' | '낮춤말';
  id: number;
  word: string;
}

/** What a search or suggestion row carries. */
export interface HeadwordSummary {
  id: number;
  word: string;
  hanja: string | null;
  homograph: number;
  sense: string | null;
}

export interface RelatedWord {
  id: number;
  word: string;
  hanja: string | null;
  source: RecordSource;
}

export interface RelationGroup {
  category: Category;
  words: RelatedWord[];
}

export interface Headword extends HeadwordSummary {
  pos: string | null;
  frequencyRank: number | null;
  source: RecordSource;
  generated: boolean;
  /** Only the categories that have words, in the order of CATEGORIES. */
  groups: RelationGroup[];
}

export interface TargetInfo {
  word: string;
  hanja: string | null;
  frequencyRank: number | null;
}

// Converted dictionary exports rank with the other imported relations, after our own.
const SOURCE_PRIORITY: Record<RecordSource, number> = {
  editorial: 0,
  wiktionary: 1,
  urimalsaem: 1,
  stdict: 1,
  generated: 2,
};

/** Builds the document to index; `targets` resolves every relation target id. */
export function toDocument(
  record: DatasetRecord,
  targets: (id: number) => TargetInfo | undefined,
  plainOf: (id: number) => PlainRef[] = () => [],
): HeadwordDocument {
  const ranked: Array<{ relation: StoredRelation; order: number }> = [];
  record.relations.forEach((rel, index) => {
    const target = targets(rel.target);
    if (!target) return;
    // Editorial words keep the order their author chose (the best word first, which is
    // the one a visitor sees); imported ones follow how common the target word is.
    const order = rel.source === 'editorial' ? index : (target.frequencyRank ?? Number.MAX_SAFE_INTEGER);
    ranked.push({
      relation: {
        category: rel.category,
        targetId: rel.target,
        targetWord: target.word,
        targetHanja: target.hanja,
        source: rel.source,
      },
      order,
    });
  });
  ranked.sort(
    (a, b) =>
      categoryRank(a.relation.category) - categoryRank(b.relation.category) ||
      SOURCE_PRIORITY[a.relation.source] - SOURCE_PRIORITY[b.relation.source] ||
      a.order - b.order ||
      a.relation.targetId - b.relation.targetId,
  );
  const relations = ranked.map((r) => r.relation);
  return {
    id: record.id,
    word: record.word,
    hanja: record.hanja,
    homograph: record.homograph,
    pos: record.pos,
    sense: record.sense ?? null,
    frequencyRank: record.frequencyRank,
    source: record.source,
    generated: record.generated,
    relations,
    hanjaChars: hanjaCharsOf(record.hanja),
    plainOf: plainOf(record.id),
    ...headwordKeys(record.word, record.hanja),
  };
}

const HAN_CHAR = /\p{Script=Han}/u;

/** Distinct Han characters of a hanja spelling, in order (醜하다 → 醜). */
export function hanjaCharsOf(hanja: string | null): string[] {
  if (!hanja) return [];
  return [...new Set(Array.from(hanja).filter((ch) => HAN_CHAR.test(ch)))];
}

/**
 * The reverse of every 높임말/낮춤말 relation: target id → the plain words that list it
 * (먹다 → 드시다 (높임말) gives 드시다 ← 먹다), so a search for 드시다 can show 먹다.
 */
export function plainIndex(
  records: Iterable<Pick<DatasetRecord, 'id' | 'word' | 'relations'>>,
): Map<number, PlainRef[]> {
  const out = new Map<number, PlainRef[]>();
  for (const r of records) {
    for (const rel of r.relations) {
      if (rel.category !== '높임말' && rel.category !== '낮춤말') continue;
      const list = out.get(rel.target) ?? [];
      if (!list.some((p) => p.id === r.id)) list.push({ category: rel.category, id: r.id, word: r.word });
      out.set(rel.target, list);
    }
  }
  return out;
}

/** The stored fields a search row needs; the key arrays are never fetched. */
export const SUMMARY_FIELDS = ['id', 'word', 'hanja', 'homograph', 'sense'] as const;

export type SummarySource = Pick<HeadwordDocument, (typeof SUMMARY_FIELDS)[number]>;

export function toSummary(source: SummarySource): HeadwordSummary {
  return {
    id: source.id,
    word: source.word,
    hanja: source.hanja ?? null,
    homograph: source.homograph,
    sense: source.sense ?? null,
  };
}

/** Groups a document's relations by category, in display order, keeping the stored order within one. */
export function groupRelations(relations: readonly StoredRelation[]): RelationGroup[] {
  const byCategory = new Map<Category, RelatedWord[]>();
  for (const rel of relations) {
    const words = byCategory.get(rel.category) ?? [];
    words.push({ id: rel.targetId, word: rel.targetWord, hanja: rel.targetHanja ?? null, source: rel.source });
    byCategory.set(rel.category, words);
  }
  return CATEGORIES.filter((c) => byCategory.has(c)).map((category) => ({
    category,
    words: byCategory.get(category) ?? [],
  }));
}

export type StoredHeadword = Omit<HeadwordDocument, keyof HeadwordKeys>;

export function toHeadword(source: StoredHeadword): Headword {
  return {
    ...toSummary(source),
    pos: source.pos ?? null,
    frequencyRank: source.frequencyRank ?? null,
    source: source.source,
    generated: source.generated,
    groups: groupRelations(source.relations),
  };
}
