// Builds the default dataset from the editorial entries (data/curated.txt and data/editorial/*.txt),
// the Wiktionary relations and the frequency ranks. Pure: the same texts always give the same bytes.
import { inverseCategory, type Category } from '../domain/categories';
import type { HeadwordRecord, RelationRecord, Source } from '../domain/record';
import { CURATED_ID_LIMIT, CuratedFormatError, parseCurated, type CuratedEntry } from './curated';
import {
  pairKey,
  parseExclusions,
  parseRejectedPairs,
  parseWiktionary,
  posAgree,
  posOf,
  type DropReason,
  type DroppedRow,
  type PosKnowledge,
} from './wiktionary';

export interface EditorialFile {
  /** Path under services/dictionary/data/, e.g. `curated.txt` or `editorial/batch-01.txt`. */
  name: string;
  text: string;
}

export interface DefaultInputs {
  editorial: EditorialFile[];
  /** ko-relations-wikt.tsv: headword, related, relation. */
  wiktionary: string;
  /** ko-frequency.tsv: word, rank, pos, source. */
  frequency: string;
  /** data/wiktionary-exclusions.tsv: words whose imported rows are left out, and why. */
  exclusions: string;
  /** data/wiktionary-rejected.tsv: pairs an editor read and rejected. */
  rejected: string;
}

export interface BuildStats {
  headwords: number;
  editorialHeadwords: number;
  introducedByWiktionary: number;
  relations: Record<Source, number>;
  /** Wiktionary rows left out, by reason. */
  droppedWiktionary: Record<DropReason, number>;
  keptWiktionary: number;
  withFrequency: number;
}

export interface BuiltDataset {
  jsonl: string;
  records: HeadwordRecord[];
  stats: BuildStats;
  /** Every Wiktionary row left out, with its line in the file and the reason. */
  dropped: DroppedRow[];
  /** The editorial entries the records came from (for the data checks). */
  editorial: CuratedEntry[];
}

export interface Frequency {
  rank: number;
  pos: string | null;
}

function tsvRows(text: string): string[][] {
  // Skip the header line; the files are LF-only.
  return text
    .split('\n')
    .slice(1)
    .filter((l) => l !== '')
    .map((l) => l.split('\t'));
}

export function parseFrequency(text: string): Map<string, Frequency> {
  const out = new Map<string, Frequency>();
  for (const [word, rank, pos, source] of tsvRows(text)) {
    if (!word || !rank) continue;
    out.set(word, { rank: Number(rank), pos: source === 'nikl' && pos ? pos : null });
  }
  return out;
}

interface Draft {
  id: number;
  word: string;
  homograph: number;
  hanja: string | null;
  pos: string | null;
  sense: string | null;
  source: Source;
  relations: RelationRecord[];
}

function byCodePoint(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * The plain word of an honorific or humble form, and the standard word of a dialect form, is shown
 * on that form as a 관련어 (it is not the form's own 높임말, 낮춤말 or 방언).
 */
function backCategory(category: Category): Category | null {
  if (category === '높임말' || category === '낮춤말' || category === '방언') return '관련어';
  return inverseCategory(category);
}

const MAX_LISTED_PROBLEMS = 60;

function fail(problems: string[]): never {
  const shown = problems.slice(0, MAX_LISTED_PROBLEMS);
  const more = problems.length > shown.length ? `\n… and ${problems.length - shown.length} more` : '';
  throw new CuratedFormatError(`${problems.length} problem(s) in the editorial data:\n${shown.join('\n')}${more}`);
}

export function buildDefaultDataset(inputs: DefaultInputs): BuiltDataset {
  const editorial = inputs.editorial.flatMap((f) => parseCurated(f.text, f.name));
  const frequency = parseFrequency(inputs.frequency);
  const exclusions = parseExclusions(inputs.exclusions);
  const rejected = parseRejectedPairs(inputs.rejected);
  const where = (e: CuratedEntry) => (e.file === 'curated.txt' ? `line ${e.line}` : `${e.file} line ${e.line}`);
  const problems: string[] = [];

  const drafts = new Map<number, Draft>();
  const byWord = new Map<string, Draft[]>();
  const add = (d: Draft): void => {
    drafts.set(d.id, d);
    byWord.set(d.word, [...(byWord.get(d.word) ?? []), d]);
  };

  for (const e of editorial) {
    if (drafts.has(e.id)) {
      problems.push(`${where(e)}: id ${e.id} is used twice`);
      continue;
    }
    if ((byWord.get(e.word) ?? []).some((d) => d.homograph === e.homograph)) {
      problems.push(`${where(e)}: ${e.word} with homograph ${e.homograph} is listed twice`);
      continue;
    }
    add({ ...e, source: 'editorial', relations: [] });
  }
  for (const [word, list] of byWord) {
    if (list.length > 1 && list.some((d) => d.homograph === 0)) {
      problems.push(`${word} has homographs, so each of its entries needs a homograph number`);
    }
  }

  const resolve = (ref: string, e: CuratedEntry): Draft | undefined => {
    const [word, hom] = ref.split('#') as [string, string | undefined];
    const list = byWord.get(word) ?? [];
    const found =
      hom === undefined ? (list.length === 1 ? list[0] : undefined) : list.find((d) => d.homograph === Number(hom));
    if (!found) {
      problems.push(
        `${where(e)}: "${ref}" ${list.length > 1 ? 'is a homograph: write it as word#n' : 'names no headword: give it an entry'}`,
      );
    }
    return found;
  };
  const hasRelation = (from: Draft, to: number, category?: Category): boolean =>
    from.relations.some((r) => r.target === to && (category === undefined || r.category === category));

  for (const e of editorial) {
    const from = drafts.get(e.id);
    if (!from || from.word !== e.word || from.homograph !== e.homograph) continue;
    for (const rel of e.relations) {
      const to = resolve(rel.target, e);
      if (!to) continue;
      if (to.id === from.id) {
        problems.push(`${where(e)}: ${e.word} is related to itself`);
        continue;
      }
      if (hasRelation(from, to.id, rel.category)) {
        problems.push(`${where(e)}: ${rel.target} is listed twice under ${rel.category}`);
        continue;
      }
      from.relations.push({ category: rel.category, target: to.id, source: 'editorial' });
    }
  }
  if (problems.length > 0) fail(problems);

  // The other direction of an editorial relation, unless the other entry already relates the two.
  for (const e of editorial) {
    const from = drafts.get(e.id) as Draft;
    for (const rel of [...from.relations]) {
      const back = backCategory(rel.category);
      const to = drafts.get(rel.target) as Draft;
      if (!back || hasRelation(to, from.id)) continue;
      to.relations.push({ category: back, target: from.id, source: 'editorial' });
    }
  }

  // Imported rows: decided per unordered pair, so a row and its mirror row share one fate.
  const wiktRows = parseWiktionary(inputs.wiktionary);
  const pos = (word: string): PosKnowledge => {
    const list = byWord.get(word) ?? [];
    return posOf(word, list.length === 1 ? (list[0]?.pos ?? null) : null, frequency.get(word)?.pos ?? null);
  };
  const polysemous = (word: string): boolean => word.length === 1 && frequency.get(word)?.pos != null;
  const reasonFor = (a: string, b: string): DropReason | null => {
    if (byWord.has(a) || byWord.has(b)) return 'editorial';
    for (const w of [a, b]) {
      const excluded = exclusions.get(w);
      if (excluded) return excluded;
    }
    if (polysemous(a) || polysemous(b)) return 'polysemous';
    if (!posAgree(pos(a), pos(b))) return 'part-of-speech';
    if (rejected.has(pairKey(a, b))) return 'editor-rejected';
    return null;
  };
  const dropped: DroppedRow[] = [];
  const kept = wiktRows.filter((row) => {
    const reason = reasonFor(row.headword, row.related);
    if (reason) dropped.push({ ...row, reason });
    return reason === null;
  });

  // Words only the kept rows name become headwords, numbered after every editorial id, in word order.
  const introduced = new Set<string>();
  for (const row of kept) for (const w of [row.headword, row.related]) if (!byWord.has(w)) introduced.add(w);
  let nextId = CURATED_ID_LIMIT;
  for (const word of [...introduced].sort(byCodePoint)) {
    add({ id: nextId, word, homograph: 0, hanja: null, pos: null, sense: null, source: 'wiktionary', relations: [] });
    nextId += 1;
  }
  let keptCount = 0;
  for (const row of kept) {
    const from = (byWord.get(row.headword) as Draft[])[0] as Draft;
    const to = (byWord.get(row.related) as Draft[])[0] as Draft;
    // One pair, one category: a second row for the same pair (비슷한말 and 상위어 both) is a duplicate.
    if (hasRelation(from, to.id)) {
      dropped.push({ ...row, reason: 'duplicate' });
      continue;
    }
    from.relations.push({ category: row.category, target: to.id, source: 'wiktionary' });
    keptCount += 1;
  }

  const records: HeadwordRecord[] = [...drafts.values()]
    .sort((a, b) => a.id - b.id)
    .map((d) => {
      const freq = frequency.get(d.word);
      return {
        id: d.id,
        word: d.word,
        hanja: d.hanja,
        homograph: d.homograph,
        pos: d.pos ?? freq?.pos ?? null,
        sense: d.sense,
        frequencyRank: freq?.rank ?? null,
        source: d.source,
        generated: false,
        relations: d.relations,
      };
    });

  const relationCounts: Record<Source, number> = { editorial: 0, wiktionary: 0, generated: 0 };
  for (const rec of records) for (const rel of rec.relations) relationCounts[rel.source] += 1;
  const droppedCounts: Record<DropReason, number> = {
    editorial: 0,
    'proper-noun': 0,
    encyclopedic: 0,
    polysemous: 0,
    'part-of-speech': 0,
    'not-a-headword-form': 0,
    'editor-rejected': 0,
    duplicate: 0,
  };
  for (const d of dropped) droppedCounts[d.reason] += 1;
  return {
    jsonl: records.map((r) => JSON.stringify(r)).join('\n') + '\n',
    records,
    dropped: dropped.sort((a, b) => a.line - b.line),
    editorial,
    stats: {
      headwords: records.length,
      editorialHeadwords: editorial.length,
      introducedByWiktionary: records.filter((r) => r.source === 'wiktionary').length,
      relations: relationCounts,
      droppedWiktionary: droppedCounts,
      keptWiktionary: keptCount,
      withFrequency: records.filter((r) => r.frequencyRank !== null).length,
    },
  };
}
