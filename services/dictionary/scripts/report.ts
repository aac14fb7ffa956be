// `npm run dict:report [-- --file DATASET.jsonl]`: what a dataset holds. Headwords and relations
// per source, relations per category and source, and how much of the NIKL frequency list it covers
// (top 1,000 / 2,000 / 3,000 / 5,000 content words). Default: the committed default dataset, plus
// the Wiktionary rows its build left out, by reason.
import { readFile } from 'node:fs/promises';
import { buildDefaultDataset, parseFrequency } from '../src/data/build';
import { coverage } from '../src/data/checks';
import { DEFAULT_DATASET_PATH, FREQUENCY_TSV_PATH } from '../src/data/paths';
import { readDefaultInputs } from '../src/data/sources';
import { DROP_REASONS, type DropReason } from '../src/data/wiktionary';
import { CATEGORIES } from '../src/domain/categories';
import type { HeadwordRecord } from '../src/domain/record';

const pct = (n: number, of: number) => (of === 0 ? '–' : `${((100 * n) / of).toFixed(1)} %`);

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const fileArg = args.indexOf('--file');
  const file = fileArg >= 0 ? args[fileArg + 1] : DEFAULT_DATASET_PATH;
  if (!file) throw new Error('--file needs a path');
  const records = (await readFile(file, 'utf8'))
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as HeadwordRecord);
  const frequency = parseFrequency(await readFile(FREQUENCY_TSV_PATH, 'utf8'));

  console.log(`dataset ${file}`);
  const sources = [...new Set(records.map((r) => r.source))].sort();
  const relSources = [...new Set(records.flatMap((r) => r.relations.map((x) => x.source)))].sort();
  const relations = records.reduce((n, r) => n + r.relations.length, 0);
  console.log(
    `headwords ${records.length}: ${sources.map((s) => `${s} ${records.filter((r) => r.source === s).length}`).join(', ')}`,
  );
  console.log(
    `  with a part of speech ${records.filter((r) => r.pos).length}, with hanja ${records.filter((r) => r.hanja).length}, ` +
      `homograph entries ${records.filter((r) => r.homograph > 0).length}`,
  );
  console.log(`relations ${relations}`);
  console.log(`\n${'category'.padEnd(8)}${relSources.map((s) => s.padStart(12)).join('')}${'all'.padStart(10)}`);
  for (const c of CATEGORIES) {
    const counts = relSources.map((s) =>
      records.reduce((n, r) => n + r.relations.filter((x) => x.category === c && x.source === s).length, 0),
    );
    console.log(
      `${c.padEnd(8)}${counts.map((n) => String(n).padStart(12)).join('')}${String(counts.reduce((a, b) => a + b, 0)).padStart(10)}`,
    );
  }

  console.log('\ncoverage of the NIKL learner list (명사, 동사, 형용사, 부사 in rank order)');
  console.log('top     found (exact search)   with a related word (free member)   with a 비슷한말');
  for (const top of [1000, 2000, 3000, 5000]) {
    const c = coverage(records, frequency, top);
    console.log(
      `${String(top).padEnd(8)}${`${c.found} (${pct(c.found, c.words)})`.padEnd(23)}${`${c.withRelation} (${pct(c.withRelation, c.words)})`.padEnd(36)}${c.withSynonym} (${pct(c.withSynonym, c.words)})`,
    );
  }

  if (file === DEFAULT_DATASET_PATH) {
    const built = buildDefaultDataset(await readDefaultInputs());
    console.log(`\nWiktionary rows: kept ${built.stats.keptWiktionary}, dropped ${built.dropped.length}`);
    for (const [reason, n] of Object.entries(built.stats.droppedWiktionary)) {
      console.log(`  ${String(n).padStart(5)}  ${reason}: ${DROP_REASONS[reason as DropReason]}`);
    }
    console.log('  (every dropped row: npx tsx services/dictionary/scripts/build-default.ts --dropped)');
  }
}

main().catch((err: unknown) => {
  console.error(`report failed: ${(err as Error).message}`);
  process.exitCode = 1;
});
