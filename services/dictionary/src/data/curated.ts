// The curated sample is written by hand in a compact text form (data/curated.txt)
// that names related words instead of ids; buildDefaultDataset resolves them.
import { isCategory, type Category } from '../domain/categories';

export interface CuratedRelation {
  category: Category;
  /** `word`, or `word#n` for one homograph. */
  target: string;
}

export interface CuratedEntry {
  /** The editorial file the entry is written in (curated.txt, editorial/batch-01.txt …). */
  file: string;
  line: number;
  id: number;
  word: string;
  homograph: number;
  hanja: string | null;
  pos: string | null;
  sense: string | null;
  relations: CuratedRelation[];
  /** Categories written as `category: -`: the author says this word has none. */
  emptyCategories: Category[];
}

export class CuratedFormatError extends Error {}

/** Curated ids stay below this; words the build introduces are numbered from it. */
export const CURATED_ID_LIMIT = 100_000;

const COLUMNS = 7;

function optional(text: string | undefined): string | null {
  const t = (text ?? '').trim();
  return t === '' ? null : t;
}

function parseRelations(text: string, line: string): { relations: CuratedRelation[]; empty: Category[] } {
  const out: CuratedRelation[] = [];
  const empty: Category[] = [];
  for (const group of text.split(';')) {
    if (group.trim() === '') continue;
    const colon = group.indexOf(':');
    if (colon < 0) throw new CuratedFormatError(`${line}: "${group.trim()}" needs "category: word, word"`);
    const category = group.slice(0, colon).trim();
    if (!isCategory(category)) throw new CuratedFormatError(`${line}: unknown category "${category}"`);
    if (group.slice(colon + 1).trim() === '-') {
      empty.push(category);
      continue;
    }
    for (const target of group.slice(colon + 1).split(',')) {
      const t = target.trim();
      if (t !== '') out.push({ category, target: t });
    }
  }
  return { relations: out, empty };
}

/**
 * Parses curated.txt: `id | word | homograph | hanja | pos | sense | relations`, where
 * relations read `비슷한말: 애정, 연모; 반대말: 미움`, and `상위어: -` says there is none
 * (so no imported relation of that category is added). Lines starting with # are comments.
 */
export function parseCurated(text: string, file = 'curated.txt'): CuratedEntry[] {
  const entries: CuratedEntry[] = [];
  text.split('\n').forEach((raw, index) => {
    const lineNo = index + 1;
    // Messages name the place of a mistake as "line N" (curated.txt) or "FILE line N".
    const line = file === 'curated.txt' ? `line ${lineNo}` : `${file} line ${lineNo}`;
    const trimmed = raw.trim();
    if (trimmed === '' || trimmed.startsWith('#')) return;
    const cols = trimmed.split('|').map((c) => c.trim());
    if (cols.length !== COLUMNS) {
      throw new CuratedFormatError(`${line}: expected ${COLUMNS} columns separated by |, got ${cols.length}`);
    }
    const [idText, word, homographText, hanja, pos, sense, relations] = cols as [
      string,
      string,
      string,
      string,
      string,
      string,
      string,
    ];
    if (idText === 'new') {
      throw new CuratedFormatError(
        `${line}: id "new": run \`npx tsx services/dictionary/scripts/build-default.ts --assign-ids\``,
      );
    }
    const id = Number(idText);
    if (!Number.isInteger(id) || id <= 0 || id >= CURATED_ID_LIMIT) {
      throw new CuratedFormatError(`${line}: id must be an integer from 1 to ${CURATED_ID_LIMIT - 1}`);
    }
    if (word === '') throw new CuratedFormatError(`${line}: word is empty`);
    const homograph = homographText === '' ? 0 : Number(homographText);
    if (!Number.isInteger(homograph) || homograph < 0) {
      throw new CuratedFormatError(`${line}: homograph must be a number`);
    }
    const parsed = parseRelations(relations, line);
    entries.push({
      file,
      line: lineNo,
      id,
      word,
      homograph,
      hanja: optional(hanja),
      pos: optional(pos),
      sense: optional(sense),
      relations: parsed.relations,
      emptyCategories: parsed.empty,
    });
  });
  return entries;
}
