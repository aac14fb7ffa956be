// The generated 500k headword / 1.5M relation set the benchmarks run on (bench:search, bench:load):
// generated once into .local/dictionary/, imported into its own alias (never `headwords`: generated
// data is for benchmarks only), and sampled into deterministic query and id lists; also the flags
// and the test stack every benchmark on it shares.
import { execFileSync } from 'node:child_process';
import { createReadStream, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { chars, choseongOf } from '../../services/dictionary/src/domain/korean';
import { DEFAULT_DATASET_PATH, LOCAL_DIR } from '../../services/dictionary/src/data/paths';
import { createClient } from '../../services/dictionary/src/store/client';
import { importDataset, type ImportSummary } from '../../services/dictionary/src/store/import';
import { startStack, type Stack } from '../stack';
import { dictionaryReplicas, ROOT, topology } from '../topology';

export const HEADWORDS = 500_000;
export const RELATIONS = 1_500_000;
export const SEED = 1;
/** The generated set's own alias: marked as benchmark data by its name and by every record's `generated: true`. */
export const ALIAS = 'bench-generated-headwords';
export const DATASET = join(LOCAL_DIR, `generated-${HEADWORDS}-${RELATIONS}-seed${SEED}.jsonl`);
const IMPORT_RECORD = join(LOCAL_DIR, `bench-import-${ALIAS}.json`);

/** Environment for startStack: the dictionary reads the generated alias and loads no default data. */
export const DATASET_STACK_ENV: Readonly<Record<string, string>> = {
  DICTIONARY_ALIAS: ALIAS,
  LOAD_DEFAULT_DATA: 'off',
};

/**
 * The flags of every benchmark on this set, for parseArgs: --dataset picks the generated set or the
 * small default one (a quick run), --reimport imports the generated set again, --offset places the
 * test stack (TEST_STACK_OFFSET; each benchmark has its own default so they can run side by side).
 */
export function datasetFlags(defaultOffset: string) {
  return {
    dataset: { type: 'string', default: 'generated' },
    reimport: { type: 'boolean', default: false },
    offset: { type: 'string', default: process.env.TEST_STACK_OFFSET ?? defaultOffset },
  } as const;
}

export type DatasetKind = 'generated' | 'default';

export function datasetKind(flag: string): DatasetKind {
  if (flag !== 'generated' && flag !== 'default') throw new Error('--dataset must be generated or default');
  return flag;
}

/** The data a benchmark runs on: the file its queries come from, the alias the stack's dictionary reads. */
export interface BenchDataset {
  kind: DatasetKind;
  file: string;
  alias: string;
  /** Set for the generated set: how its import went. */
  imported: Imported | null;
}

/**
 * generated: the 500k set, generated and imported when missing; default: data/default.jsonl, which
 * the test stack's dictionary loads into its own alias (TEST_STACK_OFFSET must be set before).
 */
export async function prepareDataset(
  kind: DatasetKind,
  opts: { reimport: boolean; log: (line: string) => void },
): Promise<BenchDataset> {
  if (kind === 'default') {
    return { kind, file: DEFAULT_DATASET_PATH, alias: topology('test').env.DICTIONARY_ALIAS ?? '', imported: null };
  }
  return { kind, file: DATASET, alias: ALIAS, imported: await ensureDataset(opts) };
}

/** Starts a test stack (its ports placed by TEST_STACK_OFFSET) whose dictionary reads the dataset's alias. */
export function startDatasetStack(
  d: BenchDataset,
  offset: string,
  log: (line: string) => void,
  env: Record<string, string> = {},
): Promise<Stack> {
  log(`starting a test stack (offset ${offset}) whose dictionary reads ${d.alias} …`);
  const own = d.kind === 'generated' ? DATASET_STACK_ENV : {};
  // Two dictionary replicas unless DICTIONARY_REPLICAS says otherwise: the shape production runs.
  return startStack({
    mode: 'test',
    env: { ...own, LOG_LEVEL: 'warn', ...env },
    log,
    dictionaryReplicas: dictionaryReplicas(2),
  });
}

export interface Sampled {
  id: number;
  word: string;
}

export type QueryKind = 'exact' | 'prefix' | 'choseong' | 'contains';
export const QUERY_KINDS: readonly QueryKind[] = ['exact', 'prefix', 'choseong', 'contains'];

export interface Query {
  kind: QueryKind;
  text: string;
}

export interface Imported {
  summary: ImportSummary | null;
  /** How long the import took (NaN when it ran outside these scripts and left no record). */
  seconds: number;
  when: string;
}

/** Every headword (id and word) of a dataset file in JSON Lines. */
export async function readHeadwords(file: string): Promise<Sampled[]> {
  const out: Sampled[] = [];
  for await (const line of createInterface({ input: createReadStream(file), crlfDelay: Infinity })) {
    if (line.trim() === '') continue;
    const { id, word } = JSON.parse(line) as Sampled;
    out.push({ id, word });
  }
  return out;
}

/** Every n-th headword of the file (deterministic), about `count` of them. */
export async function sampleHeadwords(file: string, count: number): Promise<Sampled[]> {
  const all = await readHeadwords(file);
  const every = Math.max(1, Math.floor(all.length / count));
  return all.filter((_, i) => i % every === 0).slice(0, count);
}

/** The query of `kind` a reader would type for `word`. */
export function queryFor(word: string, kind: QueryKind): string {
  const c = chars(word);
  switch (kind) {
    case 'exact':
      return word;
    case 'prefix':
      return c.slice(0, Math.max(1, Math.min(2, c.length - 1))).join('');
    case 'choseong':
      return choseongOf(c.slice(0, Math.min(3, c.length)).join('')) || word;
    case 'contains':
      return c.length > 2 ? c.slice(1, 3).join('') : c.slice(-1).join('');
  }
}

/** Generates the file when missing and imports it into ALIAS unless the alias already serves it. */
export async function ensureDataset(opts: { reimport?: boolean; log: (line: string) => void }): Promise<Imported> {
  const { log } = opts;
  if (!existsSync(DATASET)) {
    log(`generating ${DATASET} …`);
    execFileSync(
      process.execPath,
      [
        '--import',
        'tsx',
        join(ROOT, 'services/dictionary/scripts/generate.ts'),
        '--headwords',
        String(HEADWORDS),
        '--relations',
        String(RELATIONS),
        '--seed',
        String(SEED),
      ],
      { cwd: ROOT, stdio: 'inherit' },
    );
  }
  const es = createClient();
  try {
    log(`importing ${DATASET} into alias ${ALIAS} (skipped when the alias already serves it) …`);
    const summary = await importDataset(es, DATASET, { alias: ALIAS, force: opts.reimport ?? false });
    if (!summary.unchanged) {
      const record = { seconds: summary.elapsedMs / 1000, when: new Date().toISOString(), index: summary.index };
      writeFileSync(IMPORT_RECORD, JSON.stringify(record, null, 2));
      return { summary, seconds: record.seconds, when: record.when };
    }
    const earlier = existsSync(IMPORT_RECORD)
      ? (JSON.parse(readFileSync(IMPORT_RECORD, 'utf8')) as { seconds: number; when: string })
      : { seconds: NaN, when: 'unknown (imported outside these scripts)' };
    return { summary, seconds: earlier.seconds, when: earlier.when };
  } finally {
    await es.close();
  }
}
