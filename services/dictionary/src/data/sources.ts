import { readFile } from 'node:fs/promises';
import type { DefaultInputs } from './build';
import { CURATED_PATH, FREQUENCY_TSV_PATH, WIKTIONARY_TSV_PATH } from './paths';

export async function readDefaultInputs(): Promise<DefaultInputs> {
  const [curated, wiktionary, frequency] = await Promise.all([
    readFile(CURATED_PATH, 'utf8'),
    readFile(WIKTIONARY_TSV_PATH, 'utf8'),
    readFile(FREQUENCY_TSV_PATH, 'utf8'),
  ]);
  return { curated, wiktionary, frequency };
}
