import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { DefaultInputs, EditorialFile } from './build';
import {
  CURATED_PATH,
  EDITORIAL_DIR,
  EXCLUSIONS_PATH,
  FREQUENCY_TSV_PATH,
  REJECTED_PAIRS_PATH,
  WIKTIONARY_TSV_PATH,
} from './paths';

/** curated.txt, then every editorial/*.txt in name order: the order ids are read in. */
export async function readEditorialFiles(): Promise<EditorialFile[]> {
  const batches = (await readdir(EDITORIAL_DIR).catch(() => [] as string[])).filter((n) => n.endsWith('.txt')).sort();
  return [
    { name: 'curated.txt', text: await readFile(CURATED_PATH, 'utf8') },
    ...(await Promise.all(
      batches.map(async (n) => ({ name: `editorial/${n}`, text: await readFile(join(EDITORIAL_DIR, n), 'utf8') })),
    )),
  ];
}

export async function readDefaultInputs(): Promise<DefaultInputs> {
  const [editorial, wiktionary, frequency, exclusions, rejected] = await Promise.all([
    readEditorialFiles(),
    readFile(WIKTIONARY_TSV_PATH, 'utf8'),
    readFile(FREQUENCY_TSV_PATH, 'utf8'),
    readFile(EXCLUSIONS_PATH, 'utf8'),
    readFile(REJECTED_PAIRS_PATH, 'utf8'),
  ]);
  return { editorial, wiktionary, frequency, exclusions, rejected };
}
