// npm run eval:search [-- --alias eval-headwords --verbose]
//
// Search quality for issue 10: runs every query of scripts/eval/queries.tsv through the same
// search the API serves (searchKorean) over data/default.jsonl, imported into an alias of its
// own, and prints top-1 and top-5 accuracy by class. Exact and prefix queries are also checked
// against the plain ranked search: exact and prefix rows must keep their places (no regression).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULT_DATASET_PATH } from '../../services/dictionary/src/data/paths';
import { createClient } from '../../services/dictionary/src/store/client';
import { importDataset } from '../../services/dictionary/src/store/import';
import { search, searchKorean, type KoreanSearch } from '../../services/dictionary/src/store/read';

const { values: args } = parseArgs({
  options: {
    alias: { type: 'string', default: 'eval-headwords' },
    verbose: { type: 'boolean', default: false },
  },
});

export interface EvalQuery {
  kind: string;
  query: string;
  expected: string;
}

export function readQueries(path = join(__dirname, 'queries.tsv')): EvalQuery[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.startsWith('#'))
    .map((line, i) => {
      const [kind, query, expected] = line.split('\t');
      if (!kind || !query || !expected) throw new Error(`queries.tsv row ${i + 1}: needs class, query and expected`);
      return { kind, query, expected };
    });
}

/** The words a user would read first for this class of query, best first. */
export function rankedWords(kind: string, found: KoreanSearch): string[] {
  const rows = found.page.items.map((h) => h.word);
  const lists: string[][] = [];
  if (kind === 'honorific') lists.push(found.honorific?.plain.map((p) => p.word) ?? []);
  if (kind === 'typo' || kind === 'spelling') lists.push(found.didYouMean.map((h) => h.word));
  if (found.baseForm) lists.push(found.baseForm.lemmas);
  lists.push(rows);
  return [...new Set(lists.flat())];
}

const log = (line: string) => process.stdout.write(`${line}\n`);
const pct = (n: number, d: number) => (d === 0 ? '   -  ' : `${((100 * n) / d).toFixed(1).padStart(5)}%`);

async function main(): Promise<void> {
  const client = createClient();
  const queries = readQueries();
  const summary = await importDataset(client, DEFAULT_DATASET_PATH, { alias: args.alias });
  log(`${summary.unchanged ? 'alias already serves' : 'imported'} ${summary.imported} headwords into ${args.alias}`);

  const headwords = new Set<string>();
  for (const line of readFileSync(DEFAULT_DATASET_PATH, 'utf8').split('\n')) {
    if (line) headwords.add((JSON.parse(line) as { word: string }).word);
  }
  const unknown = queries.filter((q) => !headwords.has(q.expected));
  if (unknown.length > 0)
    throw new Error(`expected words that are not headwords: ${unknown.map((q) => q.expected).join(', ')}`);

  const byKind = new Map<string, { n: number; top1: number; top5: number; misses: string[] }>();
  let regressions = 0;
  for (const q of queries) {
    const found = await searchKorean(client, args.alias, q.query, 0, 10);
    const ranked = rankedWords(q.kind, found);
    const at = ranked.indexOf(q.expected);
    const s = byKind.get(q.kind) ?? { n: 0, top1: 0, top5: 0, misses: [] };
    s.n += 1;
    if (at === 0) s.top1 += 1;
    if (at >= 0 && at < 5) s.top5 += 1;
    if (at !== 0) s.misses.push(`${q.query}→${q.expected} (got ${ranked.slice(0, 3).join(',') || 'nothing'})`);
    byKind.set(q.kind, s);
    if (q.kind === 'exact' || q.kind === 'prefix') {
      // No regression: exact and prefix rows keep their places at the top; the other plain
      // rows keep their order, below any dictionary-form or spelling rows search added.
      const plain = await search(client, args.alias, q.query, 0, 10);
      const ids = found.page.items.map((h) => h.id);
      const plainIds = new Set(plain.items.map((h) => h.id));
      const kept = ids.filter((id) => plainIds.has(id));
      const head = plain.items.filter((h) => h.word.startsWith(q.query) || (h.hanja ?? '').startsWith(q.query));
      const same =
        kept.join() ===
          plain.items
            .slice(0, kept.length)
            .map((h) => h.id)
            .join() && head.every((h, i) => ids[i] === h.id);
      if (!same) {
        regressions += 1;
        log(
          `REGRESSION ${q.query}: plain ${plain.items.map((h) => h.word).join(',')} ≠ ${found.page.items.map((h) => h.word).join(',')}`,
        );
      }
    }
  }
  log(`\n${'class'.padEnd(10)} ${'n'.padStart(4)}  top-1    top-5`);
  let n = 0;
  let t1 = 0;
  let t5 = 0;
  for (const [kind, s] of byKind) {
    n += s.n;
    t1 += s.top1;
    t5 += s.top5;
    log(`${kind.padEnd(10)} ${String(s.n).padStart(4)}  ${pct(s.top1, s.n)}  ${pct(s.top5, s.n)}`);
  }
  log(`${'all'.padEnd(10)} ${String(n).padStart(4)}  ${pct(t1, n)}  ${pct(t5, n)}`);
  const inflection = [...byKind].filter(([k]) => !['honorific', 'typo', 'spelling', 'exact', 'prefix'].includes(k));
  const inN = inflection.reduce((a, [, s]) => a + s.n, 0);
  const in1 = inflection.reduce((a, [, s]) => a + s.top1, 0);
  log(`inflections (regular + irregular): top-1 ${pct(in1, inN)} of ${inN} (target ≥ 95%)`);
  const typo = byKind.get('typo');
  if (typo) log(`typos at jamo distance 1: top-1 ${pct(typo.top1, typo.n)} of ${typo.n} (target ≥ 90%)`);
  log(`exact/prefix queries whose exact and prefix rows moved: ${regressions}`);
  const misses = [...byKind].flatMap(([k, s]) => s.misses.map((m) => `${k}: ${m}`));
  if (misses.length > 0) {
    log(`\nnot first (${misses.length}):`);
    for (const m of args.verbose ? misses : misses.slice(0, 40)) log(`  ${m}`);
  }
  await client.close();
}

if (require.main === module) {
  main().catch((err: unknown) => {
    process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exit(1);
  });
}
