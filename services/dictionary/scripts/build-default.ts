// Rebuilds data/default.jsonl from the editorial entries (data/curated.txt, data/editorial/*.txt)
// and ../shared/data, after the data checks pass:
//   npx tsx services/dictionary/scripts/build-default.ts [--assign-ids] [--dropped]
// --assign-ids first gives every entry written with id `new` the next free id (in file order).
// --dropped prints every Wiktionary row left out, with its line and reason.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { buildDefaultDataset, parseFrequency } from '../src/data/build';
import { checkDataset, REQUIRED_TOP } from '../src/data/checks';
import { CURATED_ID_LIMIT } from '../src/data/curated';
import { DEFAULT_DATASET_PATH, FREQUENCY_TSV_PATH, PACKAGE_ROOT } from '../src/data/paths';
import { readDefaultInputs, readEditorialFiles } from '../src/data/sources';
import { DROP_REASONS, type DropReason } from '../src/data/wiktionary';

async function assignIds(): Promise<number> {
  const files = await readEditorialFiles();
  const ID = /^\s*(\d+)\s*\|/;
  let max = 0;
  for (const f of files) for (const l of f.text.split('\n')) max = Math.max(max, Number(ID.exec(l)?.[1] ?? 0));
  let next = max + 1;
  for (const f of files) {
    if (!/^\s*new\s*\|/m.test(f.text)) continue;
    const text = f.text
      .split('\n')
      .map((l) => l.replace(/^(\s*)new(\s*\|)/, (_, a: string, b: string) => `${a}${next++}${b}`))
      .join('\n');
    await writeFile(join(PACKAGE_ROOT, 'data', f.name), text);
  }
  if (next >= CURATED_ID_LIMIT) throw new Error(`editorial ids reached ${CURATED_ID_LIMIT}`);
  return next - max - 1;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args.includes('--assign-ids')) console.log(`assigned ${await assignIds()} new ids`);
  const built = buildDefaultDataset(await readDefaultInputs());
  const frequency = parseFrequency(await readFile(FREQUENCY_TSV_PATH, 'utf8'));
  const problems = checkDataset(built.records, { requireTop: REQUIRED_TOP, frequency });
  if (problems.length > 0) {
    console.error(problems.join('\n'));
    throw new Error(`${problems.length} data check(s) failed; default.jsonl not written`);
  }
  await writeFile(DEFAULT_DATASET_PATH, built.jsonl);
  const { stats } = built;
  console.log(`wrote ${DEFAULT_DATASET_PATH}`);
  console.log(
    `headwords ${stats.headwords} (editorial ${stats.editorialHeadwords}, introduced by Wiktionary rows ` +
      `${stats.introducedByWiktionary}); with a frequency rank ${stats.withFrequency}`,
  );
  console.log(`relations editorial ${stats.relations.editorial}, wiktionary ${stats.relations.wiktionary}`);
  console.log(`Wiktionary rows kept ${stats.keptWiktionary}; dropped:`);
  for (const [reason, n] of Object.entries(stats.droppedWiktionary)) {
    console.log(`  ${String(n).padStart(5)}  ${reason}: ${DROP_REASONS[reason as DropReason]}`);
  }
  if (args.includes('--dropped')) {
    for (const d of built.dropped)
      console.log(`line ${d.line}\t${d.headword}\t${d.related}\t${d.category}\t${d.reason}`);
  }
}

main().catch((err: unknown) => {
  console.error(`build failed: ${(err as Error).message}`);
  process.exitCode = 1;
});
