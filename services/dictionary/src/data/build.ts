// Builds the default dataset from the curated sample, the Wiktionary relations and the
// frequency ranks. Pure: the same three texts always give the same bytes.
import { inverseCategory, type Category } from '../domain/categories';
import type { HeadwordRecord, RelationRecord, Source } from '../domain/record';
import { CURATED_ID_LIMIT, CuratedFormatError, parseCurated, type CuratedEntry } from './curated';

export interface DefaultInputs {
  curated: string;
  /** ko-relations-wikt.tsv: headword, related, relation. */
  wiktionary: string;
  /** ko-frequency.tsv: word, rank, pos, source. */
  frequency: string;
}

export interface BuildStats {
  headwords: number;
  curatedHeadwords: number;
  introducedByCurated: string[];
  introducedByWiktionary: number;
  relations: Record<Source, number>;
  /** Wiktionary rows left out, and why. */
  skippedWiktionary: { ambiguousHomograph: number; curatedWins: number; duplicate: number };
  withFrequency: number;
}

export interface BuiltDataset {
  jsonl: string;
  records: HeadwordRecord[];
  stats: BuildStats;
}

interface Frequency {
  rank: number;
  pos: string | null;
}

const WIKT_CATEGORIES = new Set<string>(['비슷한말', '반대말', '상위어', '하위어']);

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

export function buildDefaultDataset(inputs: DefaultInputs): BuiltDataset {
  const curated = parseCurated(inputs.curated);
  const frequency = parseFrequency(inputs.frequency);
  const drafts = new Map<number, Draft>();
  const byWord = new Map<string, Draft[]>();
  const add = (d: Draft): void => {
    drafts.set(d.id, d);
    byWord.set(d.word, [...(byWord.get(d.word) ?? []), d]);
  };

  for (const e of curated) {
    if (drafts.has(e.id)) throw new CuratedFormatError(`line ${e.line}: id ${e.id} is used twice`);
    if ((byWord.get(e.word) ?? []).some((d) => d.homograph === e.homograph)) {
      throw new CuratedFormatError(`line ${e.line}: ${e.word} with homograph ${e.homograph} is listed twice`);
    }
    add({ ...e, source: 'curated', relations: [] });
  }
  for (const [word, list] of byWord) {
    if (list.length > 1 && list.some((d) => d.homograph === 0)) {
      throw new CuratedFormatError(`${word} has homographs, so each of its entries needs a homograph number`);
    }
  }

  // Words named only as targets become headwords; numbered after every curated id, in word order.
  const pendingWords = new Set<string>();
  const wiktRows = tsvRows(inputs.wiktionary).filter(([h, r, c]) => h && r && c && WIKT_CATEGORIES.has(c));
  const curatedTargetWords = curated.flatMap((e) => e.relations.map((r) => r.target.split('#')[0] ?? r.target));
  for (const w of curatedTargetWords) if (!byWord.has(w)) pendingWords.add(w);
  const introducedByCurated = [...pendingWords].sort(byCodePoint);
  for (const [h, r] of wiktRows) {
    for (const w of [h, r] as string[]) if (!byWord.has(w)) pendingWords.add(w);
  }
  let nextId = CURATED_ID_LIMIT;
  const curatedIntroduced = new Set(introducedByCurated);
  for (const word of [...pendingWords].sort(byCodePoint)) {
    add({
      id: nextId,
      word,
      homograph: 0,
      hanja: null,
      pos: null,
      sense: null,
      source: curatedIntroduced.has(word) ? 'curated' : 'wiktionary',
      relations: [],
    });
    nextId += 1;
  }

  const resolve = (ref: string, line: number): Draft => {
    const [word, hom] = ref.split('#') as [string, string | undefined];
    const list = byWord.get(word) ?? [];
    const found =
      hom === undefined ? (list.length === 1 ? list[0] : undefined) : list.find((d) => d.homograph === Number(hom));
    if (!found) {
      throw new CuratedFormatError(
        `line ${line}: "${ref}" ${list.length > 1 ? 'is a homograph: write it as word#n' : 'names no headword'}`,
      );
    }
    return found;
  };

  // A curated pair, in either direction, means the curated entry has the final word on it.
  const curatedPairs = new Set<string>();
  const pairKey = (a: number, b: number): string => (a < b ? `${a}:${b}` : `${b}:${a}`);
  const hasRelation = (from: Draft, to: number, category?: Category): boolean =>
    from.relations.some((r) => r.target === to && (category === undefined || r.category === category));

  const curatedById = new Map<number, CuratedEntry>(curated.map((e) => [e.id, e]));
  for (const e of curated) {
    const from = drafts.get(e.id) as Draft;
    for (const rel of e.relations) {
      const to = resolve(rel.target, e.line);
      if (to.id === from.id) throw new CuratedFormatError(`line ${e.line}: ${e.word} is related to itself`);
      if (hasRelation(from, to.id, rel.category)) continue;
      from.relations.push({ category: rel.category, target: to.id, source: 'curated' });
      curatedPairs.add(pairKey(from.id, to.id));
    }
  }
  // The other direction of a curated relation, unless the author wrote that side already.
  for (const e of curated) {
    const from = drafts.get(e.id) as Draft;
    for (const rel of [...from.relations]) {
      const inverse = inverseCategory(rel.category);
      const to = drafts.get(rel.target) as Draft;
      if (!inverse) continue;
      const authoredBack = curatedById.has(to.id) && hasRelation(to, from.id);
      if (authoredBack || hasRelation(to, from.id, inverse)) continue;
      to.relations.push({ category: inverse, target: from.id, source: 'curated' });
    }
  }

  // Categories a curated entry fills, or declares empty with `category: -`.
  const curatedCategories = new Set<string>();
  for (const d of drafts.values()) for (const rel of d.relations) curatedCategories.add(`${d.id}:${rel.category}`);
  for (const e of curated) for (const c of e.emptyCategories) curatedCategories.add(`${e.id}:${c}`);
  const skipped = { ambiguousHomograph: 0, curatedWins: 0, duplicate: 0 };
  for (const [h, r, c] of wiktRows as Array<[string, string, Category]>) {
    const froms = byWord.get(h) ?? [];
    const tos = byWord.get(r) ?? [];
    // The Wiktionary data is sense-blind: it cannot say which homograph it means.
    if (froms.length !== 1 || tos.length !== 1) {
      skipped.ambiguousHomograph += 1;
      continue;
    }
    const from = froms[0] as Draft;
    const to = tos[0] as Draft;
    // Curated wins: a curated entry is complete as written, so imported rows never add to
    // it, nor point into it in a category its entry fills or declares empty (`상위어: -`).
    const inverse = inverseCategory(c);
    if (
      from.source === 'curated' ||
      curatedPairs.has(pairKey(from.id, to.id)) ||
      (inverse !== null && to.source === 'curated' && curatedCategories.has(`${to.id}:${inverse}`))
    ) {
      skipped.curatedWins += 1;
      continue;
    }
    if (hasRelation(from, to.id)) {
      skipped.duplicate += 1;
      continue;
    }
    from.relations.push({ category: c, target: to.id, source: 'wiktionary' });
  }

  // An imported word left with no relation either way (all its rows lost to curated
  // entries or homographs) has nothing to show: leave it out.
  const referenced = new Set<number>();
  for (const d of drafts.values()) for (const rel of d.relations) referenced.add(rel.target);
  const records: HeadwordRecord[] = [...drafts.values()]
    .filter((d) => d.source === 'curated' || d.relations.length > 0 || referenced.has(d.id))
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

  const relationCounts: Record<Source, number> = { curated: 0, wiktionary: 0, generated: 0 };
  for (const rec of records) for (const rel of rec.relations) relationCounts[rel.source] += 1;
  return {
    jsonl: records.map((r) => JSON.stringify(r)).join('\n') + '\n',
    records,
    stats: {
      headwords: records.length,
      curatedHeadwords: curated.length,
      introducedByCurated,
      introducedByWiktionary: records.filter((r) => r.source === 'wiktionary').length,
      relations: relationCounts,
      skippedWiktionary: skipped,
      withFrequency: records.filter((r) => r.frequencyRank !== null).length,
    },
  };
}
