// Gathers export parts into headwords while the file streams past, then resolves the
// relations (by link_target_code, else by word and homograph number) and writes dataset
// records. Only what a record needs is kept per headword: the word, hanja, part of
// speech, a 30-character sense note and the relations as small tuples, so memory grows
// with the number of headwords, not with the size of the file (definitions, examples,
// pronunciations and the rest are never held).
import { CATEGORIES, type Category } from '../../domain/categories';
import type { DatasetRecord, DatasetRelation } from '../../domain/record';
import type { ExportFormat, ExportPart } from './items';
import { cleanWord, DROPPED_SENSE_TYPES, hanjaOf, mapPos, relationCategory, senseNote, WORD_UNITS } from './mapping';

/** Relations a record may hold (the dataset schema's limit). */
const MAX_RELATIONS = 1000;

interface Entry {
  word: string;
  supNo: number | null;
  hanja: string | null;
  pos: string | null;
  note: string | null;
  /** Category index, target word, its homograph number or -1, target code or null. */
  relations: Array<[number, string, number, string | null]>;
}

export interface ConvertStats {
  format: ExportFormat;
  items: number;
  headwords: number;
  homographs: number;
  withHanja: number;
  /** Parts (senses or entries) left out, by reason. */
  droppedParts: Record<string, number>;
  relations: number;
  relationsByCategory: Record<string, number>;
  /** Relation rows left out, by export type (unmapped types) or by reason. */
  droppedRelationTypes: Record<string, number>;
  droppedRelations: Record<string, number>;
}

function codeKey(code: string): number | string {
  return /^\d{1,15}$/u.test(code) ? Number(code) : code;
}

function bump(counts: Record<string, number>, key: string, by = 1): void {
  counts[key] = (counts[key] ?? 0) + by;
}

export class ExportCollector {
  private readonly entries: Entry[] = [];
  private readonly byKey = new Map<string, number>();
  // Codes are numbers in both exports; numeric keys cost a fraction of string keys.
  private readonly byCode = new Map<number | string, number>();
  private readonly byWord = new Map<string, number[]>();
  private items = 0;
  private readonly droppedParts: Record<string, number> = {};
  private readonly droppedRelationTypes: Record<string, number> = {};

  constructor(readonly format: ExportFormat) {}

  /** Counts one item of the export (an item may give no part, or several). */
  countItem(): void {
    this.items += 1;
  }

  add(part: ExportPart): void {
    const reason = this.rejection(part);
    if (reason !== null) {
      bump(this.droppedParts, reason);
      return;
    }
    const cleaned = cleanWord(part.word) as { word: string; supNo: number | null };
    const pos = mapPos(part.pos);
    let index = this.byKey.get(part.key);
    if (index === undefined) {
      index = this.entries.length;
      this.entries.push({
        word: cleaned.word,
        supNo: part.supNo ?? cleaned.supNo,
        hanja: hanjaOf(part.origins),
        pos: 'pos' in pos ? pos.pos : null,
        note: senseNote(part.definition),
        relations: [],
      });
      this.byKey.set(part.key, index);
      const same = this.byWord.get(cleaned.word);
      if (same) same.push(index);
      else this.byWord.set(cleaned.word, [index]);
    }
    const entry = this.entries[index] as Entry;
    // A later sense of the same entry may be the first with a part of speech or gloss.
    if (entry.pos === null && 'pos' in pos) entry.pos = pos.pos;
    entry.note ??= senseNote(part.definition);
    for (const code of part.codes) this.byCode.set(codeKey(code), index);
    for (const rel of part.relations) {
      const category = relationCategory(rel.type);
      if (category === null) {
        bump(this.droppedRelationTypes, rel.type.replace(/\s+/gu, ' '));
        continue;
      }
      const target = cleanWord(rel.word);
      if ('bound' in target) {
        bump(this.droppedRelationTypes, `${rel.type} (affix target)`);
        continue;
      }
      entry.relations.push([CATEGORIES.indexOf(category), target.word, target.supNo ?? -1, rel.code]);
    }
  }

  /** Why a part makes no headword, or null when it does. */
  private rejection(part: ExportPart): string | null {
    if (part.wordUnit !== null && !WORD_UNITS.includes(part.wordUnit)) return `unit ${part.wordUnit}`;
    if (part.senseType !== null && DROPPED_SENSE_TYPES.includes(part.senseType)) return `type ${part.senseType}`;
    const cleaned = cleanWord(part.word);
    if ('bound' in cleaned) return 'affix or ending';
    const pos = mapPos(part.pos);
    if ('drop' in pos) return pos.drop;
    if (cleaned.word === '' || /\s/u.test(cleaned.word)) return 'not one word';
    if (Array.from(cleaned.word).length > 40) return 'longer than 40 characters';
    return null;
  }

  /**
   * Homograph numbers: the export's own when every entry of a spelling has a distinct one,
   * else 1, 2, … in file order. -1 marks an entry past the 99th of its spelling (the dataset
   * allows 0–99), which is left out.
   */
  private homographs(): number[] {
    const numbers = new Array<number>(this.entries.length).fill(0);
    for (const indices of this.byWord.values()) {
      if (indices.length === 1) continue;
      const own = indices.map((i) => this.entries[i]?.supNo ?? null);
      const usable = own.every((n) => n !== null && n >= 1 && n <= 99) && new Set(own).size === own.length;
      indices.forEach((entryIndex, k) => {
        numbers[entryIndex] = usable ? (own[k] as number) : k < 99 ? k + 1 : -1;
      });
    }
    return numbers;
  }

  /** The headword a relation points at, or why it points at none. */
  private resolve(word: string, supNo: number, code: string | null, homograph: number[]): number | string {
    const found = this.lookUp(word, supNo, code);
    return typeof found === 'number' && homograph[found] === -1 ? 'target not a headword' : found;
  }

  private lookUp(word: string, supNo: number, code: string | null): number | string {
    if (code !== null) {
      const byCode = this.byCode.get(codeKey(code));
      if (byCode !== undefined) return byCode;
    }
    const candidates = this.byWord.get(word);
    if (!candidates) return 'target not a headword';
    if (candidates.length === 1) return candidates[0] as number;
    if (supNo >= 0) {
      const match = candidates.filter((i) => this.entries[i]?.supNo === supNo);
      if (match.length === 1) return match[0] as number;
    }
    return 'ambiguous homograph';
  }

  /**
   * Dataset records in file order (ids 1, 2, …), one at a time; the generator returns the
   * conversion figures when done. Call once, after the last part.
   */
  *records(): Generator<DatasetRecord, ConvertStats> {
    const homograph = this.homographs();
    const source = this.format;
    const stats: ConvertStats = {
      format: this.format,
      items: this.items,
      headwords: this.entries.length,
      homographs: homograph.filter((n) => n > 0).length,
      withHanja: this.entries.filter((e) => e.hanja !== null).length,
      droppedParts: { ...this.droppedParts },
      relations: 0,
      relationsByCategory: {},
      droppedRelationTypes: { ...this.droppedRelationTypes },
      droppedRelations: {},
    };
    const beyond = homograph.filter((n) => n === -1).length;
    if (beyond > 0) {
      stats.headwords -= beyond;
      bump(stats.droppedParts, 'homograph past the 99th', beyond);
    }
    for (let index = 0; index < this.entries.length; index += 1) {
      const entry = this.entries[index] as Entry;
      if (homograph[index] === -1) continue;
      const id = index + 1;
      const seen = new Set<string>();
      const relations: DatasetRelation[] = [];
      for (const [categoryIndex, word, supNo, code] of entry.relations) {
        const target = this.resolve(word, supNo, code, homograph);
        if (typeof target === 'string') {
          bump(stats.droppedRelations, target);
          continue;
        }
        const category = CATEGORIES[categoryIndex] as Category;
        const key = `${category}\u0000${target}`;
        if (target === index) bump(stats.droppedRelations, 'relation to itself');
        else if (seen.has(key)) bump(stats.droppedRelations, 'repeated');
        else if (relations.length >= MAX_RELATIONS)
          bump(stats.droppedRelations, `over ${MAX_RELATIONS} on one headword`);
        else {
          seen.add(key);
          relations.push({ category, target: target + 1, source });
          bump(stats.relationsByCategory, category);
        }
      }
      stats.relations += relations.length;
      yield {
        id,
        word: entry.word,
        hanja: entry.hanja,
        homograph: homograph[index] ?? 0,
        pos: entry.pos,
        // The note only tells homographs apart; a single entry needs none.
        sense: (homograph[index] ?? 0) > 0 ? entry.note : null,
        frequencyRank: null,
        source,
        generated: false,
        relations,
      };
    }
    return stats;
  }
}
