// Rebuilds data/default.jsonl from data/curated.txt and ../shared/data (run after
// editing the curated sample): npx tsx services/dictionary/scripts/build-default.ts
import { writeFile } from 'node:fs/promises';
import { buildDefaultDataset } from '../src/data/build';
import { DEFAULT_DATASET_PATH } from '../src/data/paths';
import { readDefaultInputs } from '../src/data/sources';

async function main(): Promise<void> {
  const built = buildDefaultDataset(await readDefaultInputs());
  await writeFile(DEFAULT_DATASET_PATH, built.jsonl);
  const { stats } = built;
  console.log(`wrote ${DEFAULT_DATASET_PATH}`);
  console.log(
    `headwords ${stats.headwords} (curated ${stats.curatedHeadwords}, introduced by curated relations ` +
      `${stats.introducedByCurated.length}, by Wiktionary ${stats.introducedByWiktionary}); ` +
      `with a frequency rank ${stats.withFrequency}`,
  );
  console.log(
    `relations curated ${stats.relations.curated}, wiktionary ${stats.relations.wiktionary}; Wiktionary rows ` +
      `skipped: homograph ${stats.skippedWiktionary.ambiguousHomograph}, curated wins ` +
      `${stats.skippedWiktionary.curatedWins}, duplicate ${stats.skippedWiktionary.duplicate}`,
  );
  if (stats.introducedByCurated.length > 0) {
    console.log(
      `words named by curated relations without an entry of their own: ${stats.introducedByCurated.join(' ')}`,
    );
  }
}

main().catch((err: unknown) => {
  console.error(`build failed: ${(err as Error).message}`);
  process.exitCode = 1;
});
