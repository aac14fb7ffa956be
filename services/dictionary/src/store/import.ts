// Imports a JSON Lines dataset into a fresh index and moves the alias to it only when
// everything was indexed and counted; the previous index stays for rollback. An import
// never makes the live dictionary worse by accident: it is refused (alias untouched) when
// lines were rejected beyond what the operator allows, or when the new dataset is far
// smaller than the live one and the operator did not force it.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { basename } from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import type { Client } from '@elastic/elasticsearch';
import { plainIndex, toDocument, type HeadwordDocument, type TargetInfo } from '../domain/headword';
import { SourceTally, type DatasetSourceInfo } from '../data/convert/attribution';
import { DatasetValidator, type LineProblem, type ValidatedRecord } from '../domain/record';
import { aliasTargets, importedIndices, pointAlias, readIndexMeta, type IndexMeta } from './indices';
import { HEADWORD_MAPPINGS, headwordIndexSettings, indexNameFor, MAPPING_VERSION, SERVING_SETTINGS } from './mapping';

export type ImportPhase = 'read' | 'index' | 'merge' | 'finish';

export interface ImportProgress {
  phase: ImportPhase;
  /** Lines read, or documents indexed. */
  done: number;
  /** Documents to index; 0 while reading. */
  total: number;
}

export interface ImportOptions {
  alias: string;
  onProgress?: (progress: ImportProgress) => void;
  /**
   * Re-import even when the alias already serves the same content, and move the alias
   * even when the new dataset is far smaller than the live one.
   */
  force?: boolean;
  /** How many rejected (skipped) lines are tolerated; more refuses the import. Default 0. */
  maxRejected?: number;
  /** Below this share of the live headword count the import is refused unless forced. Default 0.5. */
  minShareOfLive?: number;
  /** Attribution to store with the index; by default derived from the records' sources. */
  sources?: DatasetSourceInfo[];
  replicas?: number;
  /** Bulk request size and how many run at once. */
  flushBytes?: number;
  concurrency?: number;
  /** How many problems to keep in the summary (all are counted). Default 1,000,000. */
  maxProblems?: number;
}

export interface ImportSummary {
  /** The index the alias points to after the import. */
  index: string;
  /** The index the alias pointed to before (kept for rollback), if any. */
  previousIndex: string | null;
  deletedIndices: string[];
  /** True when the alias already served exactly this content, so nothing changed. */
  unchanged: boolean;
  lines: number;
  imported: number;
  skipped: number;
  warnings: number;
  relations: number;
  droppedRelations: number;
  /** Problems by line number (all of them up to maxProblems); `skipped + warnings` counts them all. */
  problems: LineProblem[];
  /** Rejected lines by kind of reason (invalid JSON, duplicate id, field …). */
  rejectedByReason: Record<string, number>;
  sha256: string;
  elapsedMs: number;
}

/** What validation found, before anything was indexed. */
export type ValidationSummary = Pick<
  ImportSummary,
  | 'lines'
  | 'imported'
  | 'skipped'
  | 'warnings'
  | 'relations'
  | 'droppedRelations'
  | 'problems'
  | 'rejectedByReason'
  | 'sha256'
>;

export class ImportError extends Error {}

/** The import was refused by a guard; the alias was not touched. */
export class ImportRefusedError extends ImportError {
  constructor(
    message: string,
    readonly validation: ValidationSummary,
    /** The live index's headword count, when one was compared. */
    readonly liveHeadwords: number | null = null,
  ) {
    super(message);
  }
}

/** What a rejected line's reason is about: invalid JSON, duplicate id, missing field … */
export function reasonKind(reason: string): string {
  if (reason.startsWith('invalid JSON')) return 'invalid JSON';
  if (reason.startsWith('duplicate id')) return 'duplicate id';
  if (reason.startsWith('duplicate word')) return 'duplicate word + homograph';
  if (reason.includes('Unrecognized key')) return 'unknown field';
  if (/received undefined/u.test(reason)) return 'missing field';
  return 'invalid field';
}

export type { IndexMeta } from './indices';

async function readDataset(
  input: string | Readable,
  validator: DatasetValidator,
  onLine: (lines: number) => void,
): Promise<string> {
  const stream = typeof input === 'string' ? createReadStream(input) : input;
  const lines = createInterface({ input: stream, crlfDelay: Infinity });
  // The hash covers the lines as read, so CRLF and LF copies of one file are the same content.
  const hash = createHash('sha256');
  for await (const line of lines) {
    hash.update(line);
    hash.update('\n');
    validator.addLine(line);
    if (validator.lineCount % 10_000 === 0) onLine(validator.lineCount);
  }
  onLine(validator.lineCount);
  return hash.digest('hex');
}

export async function currentMeta(client: Client, index: string): Promise<IndexMeta> {
  return readIndexMeta(client, index);
}

async function createIndex(
  client: Client,
  alias: string,
  replicas: number,
  meta: Record<string, unknown>,
): Promise<string> {
  for (let attempt = 0; ; attempt += 1) {
    const index = indexNameFor(alias, new Date());
    try {
      await client.indices.create({
        index,
        settings: headwordIndexSettings({ replicas }),
        mappings: { ...HEADWORD_MAPPINGS, _meta: meta },
      });
      return index;
    } catch (err) {
      const type = (err as { body?: { error?: { type?: string } } }).body?.error?.type;
      // Two imports in the same millisecond: take the next one.
      if (type !== 'resource_already_exists_exception' || attempt >= 5) throw err;
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
  }
}

function* documents(records: readonly ValidatedRecord[]): Generator<HeadwordDocument> {
  const targets = new Map<number, TargetInfo>();
  for (const { record } of records) {
    targets.set(record.id, { word: record.word, hanja: record.hanja, frequencyRank: record.frequencyRank });
  }
  const plain = plainIndex(records.map((r) => r.record));
  for (const { record } of records)
    yield toDocument(
      record,
      (id) => targets.get(id),
      (id) => plain.get(id) ?? [],
    );
}

async function bulkIndex(
  client: Client,
  index: string,
  records: readonly ValidatedRecord[],
  options: ImportOptions,
): Promise<void> {
  const total = records.length;
  let done = 0;
  const failures: string[] = [];
  const source = documents(records);
  const stats = await client.helpers.bulk<HeadwordDocument>({
    datasource: (async function* () {
      yield* source;
    })(),
    onDocument: (doc) => ({ index: { _index: index, _id: String(doc.id) } }),
    flushBytes: options.flushBytes ?? 4_000_000,
    concurrency: options.concurrency ?? 3,
    retries: 3,
    refreshOnCompletion: false,
    onSuccess: () => {
      done += 1;
      if (done % 2_000 === 0 || done === total) options.onProgress?.({ phase: 'index', done, total });
    },
    onDrop: (dropped) => {
      if (failures.length < 10) failures.push(`id ${dropped.document.id}: ${dropped.error?.reason ?? dropped.status}`);
    },
  });
  if (stats.failed > 0) {
    throw new ImportError(`${stats.failed} documents were rejected by Elasticsearch: ${failures.join('; ')}`);
  }
}

/**
 * Validates every line (bad lines are skipped and reported), bulk-indexes into a new
 * timestamped index, refreshes and checks the count, then moves the alias atomically.
 * Keeps the previous index and deletes the ones older than it. On failure the new
 * index is deleted and the alias is left where it was.
 */
/** How long a force-merge of a fresh index may take (500k headwords: about 10 s on a quiet machine). */
const MERGE_LIMIT_MS = 30 * 60_000;
const MERGE_POLL_MS = 500;

/**
 * Merges the index to one segment as a task and polls it: a single request waiting for the whole
 * merge would hit the client's 60 s transport timeout on a busy machine (a per-request timeout cannot
 * lengthen undici's header timeout), and the import would fail though the merge went on.
 */
async function forceMerge(client: Client, index: string): Promise<void> {
  const started = await client.indices.forcemerge({ index, max_num_segments: 1, wait_for_completion: false });
  const taskId = started.task;
  if (taskId === undefined) return; // answered synchronously: already merged
  const deadline = Date.now() + MERGE_LIMIT_MS;
  for (;;) {
    const status = await client.tasks.get({ task_id: String(taskId) });
    if (status.completed) {
      if (status.error) throw new ImportError(`force-merge of ${index} failed: ${JSON.stringify(status.error)}`);
      return;
    }
    if (Date.now() > deadline) {
      throw new ImportError(`force-merge of ${index} did not finish within ${MERGE_LIMIT_MS / 60_000} min`);
    }
    await new Promise((resolve) => setTimeout(resolve, MERGE_POLL_MS));
  }
}

export async function importDataset(
  client: Client,
  input: string | Readable,
  options: ImportOptions,
): Promise<ImportSummary> {
  const started = Date.now();
  const { alias } = options;
  const validator = new DatasetValidator(options.maxProblems ?? 1_000_000);
  const sha256 = await readDataset(input, validator, (done) => options.onProgress?.({ phase: 'read', done, total: 0 }));
  const records = validator.finish();
  const relations = records.reduce((sum, r) => sum + r.record.relations.length, 0);
  const problems = [...validator.problems].sort((a, b) => a.line - b.line);
  const rejectedByReason: Record<string, number> = {};
  for (const p of problems) {
    if (p.severity === 'error')
      rejectedByReason[reasonKind(p.reason)] = (rejectedByReason[reasonKind(p.reason)] ?? 0) + 1;
  }
  const summaryBase: ValidationSummary = {
    lines: validator.lineCount,
    imported: records.length,
    skipped: validator.errorCount,
    warnings: validator.warningCount,
    relations,
    droppedRelations: validator.droppedRelationCount,
    problems,
    rejectedByReason,
    sha256,
  };
  if (records.length === 0) {
    throw new ImportRefusedError('the dataset has no valid headword: nothing was imported', summaryBase);
  }
  const maxRejected = options.maxRejected ?? 0;
  if (validator.errorCount > maxRejected) {
    throw new ImportRefusedError(
      `${validator.errorCount} line(s) rejected, more than the ${maxRejected} allowed (--max-rejected): the alias was not moved`,
      summaryBase,
    );
  }

  const before = await aliasTargets(client, alias);
  const previous = before.at(-1) ?? null;
  if (previous && before.length === 1 && !options.force) {
    const meta = await currentMeta(client, previous);
    const { count } = await client.count({ index: previous });
    const sameMapping = (meta.mappingVersion ?? 1) >= MAPPING_VERSION;
    if (sameMapping && meta.datasetSha256 === sha256 && meta.documents === records.length && count === records.length) {
      options.onProgress?.({ phase: 'finish', done: records.length, total: records.length });
      return {
        ...summaryBase,
        index: previous,
        previousIndex: previous,
        deletedIndices: [],
        unchanged: true,
        elapsedMs: Date.now() - started,
      };
    }
  }

  if (previous && !options.force) {
    // A far smaller dataset is more often a truncated or wrong file than an intent.
    const { count: live } = await client.count({ index: alias });
    const share = options.minShareOfLive ?? 0.5;
    if (live > 0 && records.length < live * share) {
      throw new ImportRefusedError(
        `the dataset has ${records.length} headwords, less than ${Math.round(share * 100)} % of the ${live} ` +
          `the alias serves now: the alias was not moved (use --force to replace it anyway)`,
        summaryBase,
        live,
      );
    }
  }

  const tally = new SourceTally();
  for (const { record } of records) tally.add(record);
  const meta: IndexMeta = {
    datasetSha256: sha256,
    mappingVersion: MAPPING_VERSION,
    documents: records.length,
    relations,
    sources: options.sources ?? tally.sources(),
    file: typeof input === 'string' ? basename(input) : null,
    importedAt: new Date().toISOString(),
  };
  const index = await createIndex(client, alias, options.replicas ?? 0, { ...meta });
  try {
    options.onProgress?.({ phase: 'index', done: 0, total: records.length });
    await bulkIndex(client, index, records, options);
    await client.indices.putSettings({ index, settings: SERVING_SETTINGS });
    await client.indices.refresh({ index });
    // The index is read-only from here on: one segment makes every term lookup a single seek.
    options.onProgress?.({ phase: 'merge', done: records.length, total: records.length });
    await forceMerge(client, index);
    const { count } = await client.count({ index });
    if (count !== records.length) {
      throw new ImportError(`index ${index} holds ${count} documents, expected ${records.length}`);
    }
    await pointAlias(client, alias, before, index);
  } catch (err) {
    await client.indices.delete({ index }, { ignore: [404] }).catch(() => undefined);
    throw err;
  }

  // Keep the new index and the one it replaced; anything older has had its rollback chance.
  const deletedIndices = previous ? (await importedIndices(client, alias)).filter((name) => name < previous) : [];
  if (deletedIndices.length > 0) await client.indices.delete({ index: deletedIndices });
  options.onProgress?.({ phase: 'finish', done: records.length, total: records.length });
  return {
    ...summaryBase,
    index,
    previousIndex: previous,
    deletedIndices,
    unchanged: false,
    elapsedMs: Date.now() - started,
  };
}
