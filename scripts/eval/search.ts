// npm run eval:search [-- --datasets default,generated --parts dev,heldout,heldout2 --verbose]
//
// Search quality: runs every row of the development part (dev.tsv) and of the
// held-out parts (heldout.tsv, written before the nori change, and heldout-2.tsv, subtitle word forms
// written before the second round; neither tuned on; see README.md here) through the same search the API serves (searchKorean), on the default dataset (imported
// into an alias of its own) and on the generated 500k set (the benchmark's alias, imported when
// missing), and prints top-1 and top-3 by class. A row whose expected word is not a headword of
// the dataset is counted apart, not scored. Exact and prefix rows of the development part are
// also checked against the plain ranked search (no regression).
import { createReadStream, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import type { Client } from '@elastic/elasticsearch';
import { DEFAULT_DATASET_PATH } from '../../services/dictionary/src/data/paths';
import { lemmaCandidates } from '../../services/dictionary/src/domain/lemma';
import { confusionVariants } from '../../services/dictionary/src/domain/spelling';
import { createClient } from '../../services/dictionary/src/store/client';
import { importDataset } from '../../services/dictionary/src/store/import';
import { search, searchKorean, type KoreanSearch } from '../../services/dictionary/src/store/read';
import { ALIAS as GENERATED_ALIAS, DATASET as GENERATED_PATH, ensureDataset } from '../bench/dataset';

export interface EvalQuery {
  kind: string;
  query: string;
  expected: string;
}

export const PARTS = { dev: 'dev.tsv', heldout: 'heldout.tsv', heldout2: 'heldout-2.tsv' } as const;
export type Part = keyof typeof PARTS;

/** Rows of one part: class <TAB> query <TAB> expected [<TAB> where it comes from]; # starts a comment. */
export function readQueries(path: string): EvalQuery[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.startsWith('#'))
    .map((line, i) => {
      const [kind, query, expected] = line.split('\t');
      if (!kind || !query || !expected) throw new Error(`${path} row ${i + 1}: needs class, query and expected`);
      return { kind, query, expected };
    });
}

/** The words a user would read first for this class of query, best first. */
export function rankedWords(kind: string, found: KoreanSearch): string[] {
  const rows = found.page.items.map((h) => h.word);
  // A correctly spelled word must simply be the first row: nothing may be put before it.
  if (kind === 'correct' || kind === 'exact' || kind === 'prefix') return [...new Set(rows)];
  const lists: string[][] = [];
  if (kind === 'honorific') lists.push(found.honorific?.plain.map((p) => p.word) ?? []);
  if (kind === 'typo' || kind === 'spelling') lists.push(found.didYouMean.map((h) => h.word));
  if (found.baseForm) lists.push(found.baseForm.lemmas);
  lists.push(rows);
  return [...new Set(lists.flat())];
}

/** Classes that are inflections of a verb or adjective (the development part's inflection classes included). */
const NOT_INFLECTION = new Set(['honorific', 'typo', 'spelling', 'exact', 'prefix', 'particle', 'correct', 'spacing']);
const isInflection = (kind: string) => !NOT_INFLECTION.has(kind);

interface ClassStats {
  n: number;
  notHeadword: number;
  top1: number;
  top3: number;
  misses: string[];
}

interface PartResult {
  byKind: Map<string, ClassStats>;
  regressions: string[];
  latenciesMs: number[];
  spellingCovered: number;
  spellingRows: number;
  honorificCovered: number;
  honorificRows: number;
}

const log = (line: string) => process.stdout.write(`${line}\n`);
const pct = (n: number, d: number) => (d === 0 ? '    -  ' : `${((100 * n) / d).toFixed(1).padStart(6)}%`);

interface DatasetWords {
  headwords: Set<string>;
  /** Honorific or humble word → the plain words that list it (the dataset's 높임말/낮춤말 relations). */
  plainOf: Map<string, Set<string>>;
}

async function wordsOf(path: string): Promise<DatasetWords> {
  const headwords = new Set<string>();
  const byId = new Map<number, string>();
  const links: Array<[number, string]> = [];
  for await (const line of createInterface({ input: createReadStream(path), crlfDelay: Infinity })) {
    if (!line) continue;
    const r = JSON.parse(line) as { id: number; word: string; relations?: Array<{ category: string; target: number }> };
    headwords.add(r.word);
    byId.set(r.id, r.word);
    for (const rel of r.relations ?? []) {
      if (rel.category === '높임말' || rel.category === '낮춤말') links.push([rel.target, r.word]);
    }
  }
  const plainOf = new Map<string, Set<string>>();
  for (const [target, plain] of links) {
    const word = byId.get(target);
    if (word) plainOf.set(word, new Set([...(plainOf.get(word) ?? []), plain]));
  }
  return { headwords, plainOf };
}

async function evaluate(client: Client, alias: string, queries: readonly EvalQuery[], words: DatasetWords) {
  const { headwords, plainOf } = words;
  const result: PartResult = {
    byKind: new Map(),
    regressions: [],
    latenciesMs: [],
    spellingCovered: 0,
    spellingRows: 0,
    honorificCovered: 0,
    honorificRows: 0,
  };
  for (const q of queries) {
    const s = result.byKind.get(q.kind) ?? { n: 0, notHeadword: 0, top1: 0, top3: 0, misses: [] };
    result.byKind.set(q.kind, s);
    if (!headwords.has(q.expected)) {
      s.notHeadword += 1;
      continue;
    }
    // Coverage of our own tables, reported as coverage: does a table row or rule reach the answer?
    if (q.kind === 'spelling') {
      result.spellingRows += 1;
      if (confusionVariants(q.query.replace(/\s+/gu, '')).includes(q.expected)) result.spellingCovered += 1;
    }
    if (q.kind === 'honorific') {
      result.honorificRows += 1;
      // The rule lemmatiser gives the word, or an honorific headword whose plain word it is (드셨어요 → 드시다 → 먹다).
      const lemmas = lemmaCandidates(q.query).map((c) => c.lemma);
      if (lemmas.some((l) => l === q.expected || plainOf.get(l)?.has(q.expected))) result.honorificCovered += 1;
    }
    const started = process.hrtime.bigint();
    const found = await searchKorean(client, alias, q.query, 0, 10);
    result.latenciesMs.push(Number(process.hrtime.bigint() - started) / 1e6);
    const ranked = rankedWords(q.kind, found);
    const at = ranked.indexOf(q.expected);
    s.n += 1;
    if (at === 0) s.top1 += 1;
    if (at >= 0 && at < 3) s.top3 += 1;
    if (at !== 0) s.misses.push(`${q.query}→${q.expected} (got ${ranked.slice(0, 3).join(',') || 'nothing'})`);
    if (q.kind === 'exact' || q.kind === 'prefix') {
      // No regression: exact rows stay first, and prefix rows keep their order right after them
      // and after the readings of the whole query (a headword whose stem and part of
      // speech match the query ranks right after an exact match).
      const plain = await search(client, alias, q.query, 0, 10);
      const head = plain.items.filter((h) => h.word.startsWith(q.query) || (h.hanja ?? '').startsWith(q.query));
      const headIds = new Set(head.map((h) => h.id));
      const ids = found.page.items.filter((h) => headIds.has(h.id)).map((h) => h.id);
      const exactFirst = found.page.items
        .slice(0, 1)
        .every((h) => h.word === q.query || !plain.items.some((p) => p.word === q.query));
      if (!exactFirst || !head.every((h, i) => ids[i] === h.id)) {
        result.regressions.push(
          `${q.query}: plain ${plain.items.map((h) => h.word).join(',')} ≠ ${found.page.items.map((h) => h.word).join(',')}`,
        );
      }
    }
  }
  return result;
}

function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

function report(dataset: string, part: Part, r: PartResult, verbose: boolean): void {
  log(`\n== ${dataset} dataset, ${part} part ==`);
  log(`${'class'.padEnd(11)} ${'n'.padStart(4)} ${'no hw'.padStart(6)}   top-1    top-3`);
  let n = 0;
  let t1 = 0;
  let t3 = 0;
  for (const [kind, s] of [...r.byKind].sort(([a], [b]) => a.localeCompare(b))) {
    n += s.n;
    t1 += s.top1;
    t3 += s.top3;
    log(
      `${kind.padEnd(11)} ${String(s.n).padStart(4)} ${String(s.notHeadword).padStart(6)}  ${pct(s.top1, s.n)}  ${pct(s.top3, s.n)}`,
    );
  }
  log(`${'all'.padEnd(11)} ${String(n).padStart(4)} ${''.padStart(6)}  ${pct(t1, n)}  ${pct(t3, n)}`);
  const group = (pred: (kind: string) => boolean) =>
    [...r.byKind].filter(([k]) => pred(k)).reduce((a, [, s]) => ({ n: a.n + s.n, t: a.t + s.top1 }), { n: 0, t: 0 });
  const inflections = group(isInflection);
  const targets: Array<[string, { n: number; t: number }, number]> = [
    ['inflections', inflections, 95],
    ['nouns with particles', group((k) => k === 'particle'), 95],
    ['honorifics', group((k) => k === 'honorific'), 90],
    ['misspellings', group((k) => k === 'spelling'), 90],
    ['typos', group((k) => k === 'typo'), 90],
  ];
  for (const [what, g, target] of targets) {
    if (g.n === 0) continue;
    const met = (100 * g.t) / g.n >= target;
    log(
      `${what}: top-1 ${pct(g.t, g.n)} of ${g.n} (target ≥ ${target}%${part !== 'dev' ? (met ? ': met' : ': MISSED') : ''})`,
    );
  }
  log(
    `coverage of our tables (not accuracy): spelling table ${pct(r.spellingCovered, r.spellingRows)} of ${r.spellingRows} misspellings; ` +
      `rule lemmatiser with the 높임말 links ${pct(r.honorificCovered, r.honorificRows)} of ${r.honorificRows} honorifics`,
  );
  log(
    `searchKorean per query: p50 ${percentile(r.latenciesMs, 50).toFixed(1)} ms, p99 ${percentile(r.latenciesMs, 99).toFixed(1)} ms (sequential, one client)`,
  );
  if (r.regressions.length > 0)
    log(`exact/prefix rows that moved: ${r.regressions.length}\n  ${r.regressions.join('\n  ')}`);
  const misses = [...r.byKind].flatMap(([k, s]) => s.misses.map((m) => `${k}: ${m}`));
  if (misses.length > 0) {
    log(`not first (${misses.length}):`);
    for (const m of verbose ? misses : misses.slice(0, 25)) log(`  ${m}`);
  }
}

async function main(): Promise<void> {
  const { values: args } = parseArgs({
    options: {
      alias: { type: 'string', default: 'eval-headwords' },
      datasets: { type: 'string', default: 'default,generated' },
      parts: { type: 'string', default: 'dev,heldout,heldout2' },
      verbose: { type: 'boolean', default: false },
    },
  });
  const parts = (args.parts.split(',') as Part[]).filter((p) => p in PARTS);
  const client = createClient();
  try {
    for (const dataset of args.datasets.split(',')) {
      let alias: string;
      let path: string;
      if (dataset === 'default') {
        const summary = await importDataset(client, DEFAULT_DATASET_PATH, { alias: args.alias });
        log(
          `${summary.unchanged ? 'alias already serves' : 'imported'} ${summary.imported} headwords into ${args.alias}`,
        );
        alias = args.alias;
        path = DEFAULT_DATASET_PATH;
      } else if (dataset === 'generated') {
        await ensureDataset({ log });
        alias = GENERATED_ALIAS;
        path = GENERATED_PATH;
      } else {
        throw new Error(`unknown dataset ${dataset} (default or generated)`);
      }
      const words = await wordsOf(path);
      for (const part of parts) {
        const queries = readQueries(join(__dirname, PARTS[part]));
        report(dataset, part, await evaluate(client, alias, queries, words), args.verbose);
      }
    }
  } finally {
    await client.close();
  }
}

if (require.main === module) {
  main().catch((err: unknown) => {
    process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exit(1);
  });
}
