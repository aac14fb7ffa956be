import { resolve } from 'node:path';

/** services/dictionary, from both src/data (tsx, jest) and dist/data (built). */
export const PACKAGE_ROOT = resolve(__dirname, '..', '..');
export const REPO_ROOT = resolve(PACKAGE_ROOT, '..', '..');
/** The shared data folder sits beside the repository on every machine, CI included. */
export const SHARED_DATA_DIR = resolve(REPO_ROOT, '..', 'shared', 'data');

export const CURATED_PATH = resolve(PACKAGE_ROOT, 'data', 'curated.txt');
/** Editorial batches beside curated.txt, one file each (editorial/batch-01.txt …). */
export const EDITORIAL_DIR = resolve(PACKAGE_ROOT, 'data', 'editorial');
export const EXCLUSIONS_PATH = resolve(PACKAGE_ROOT, 'data', 'wiktionary-exclusions.tsv');
export const REJECTED_PAIRS_PATH = resolve(PACKAGE_ROOT, 'data', 'wiktionary-rejected.tsv');
/** The dataset `npm start` loads into an empty index. */
export const DEFAULT_DATASET_PATH = resolve(PACKAGE_ROOT, 'data', 'default.jsonl');
export const WIKTIONARY_TSV_PATH = resolve(SHARED_DATA_DIR, 'ko-relations-wikt.tsv');
export const FREQUENCY_TSV_PATH = resolve(SHARED_DATA_DIR, 'ko-frequency.tsv');
/** Where generated datasets go by default: never inside the tracked tree. */
export const LOCAL_DIR = resolve(REPO_ROOT, '.local', 'dictionary');
