// Converts 국립국어원 exports (우리말샘, 표준국어대사전; JSON or XML, plain or gzipped, one
// file or a folder of the numbered files the download unpacks to) into a JSON Lines
// dataset that the importer loads like any other.
import { createWriteStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { once } from 'node:events';
import { ExportCollector, type ConvertStats } from './collect';
import { stdictParts, urimalsaemParts, type ExportFormat } from './items';
import { DROPPED_SENSE_TYPES } from './mapping';
import { readExportItems } from './read';

export { ExportFormatError } from './read';
export type { ConvertStats } from './collect';
export type { ExportFormat } from './items';

export const EXPORT_FORMATS: readonly ExportFormat[] = ['urimalsaem', 'stdict'];

export interface ConvertProgress {
  /** Bytes read from disk so far, over all files, and their total. */
  bytes: number;
  totalBytes: number;
  items: number;
}

const EXPORT_FILE = /\.(json|xml)(\.gz)?$/iu;

/** The files to read: each path itself, or a folder's .json/.xml(.gz) files in name order. */
export async function exportFiles(paths: readonly string[]): Promise<string[]> {
  const files: string[] = [];
  for (const path of paths) {
    if ((await stat(path)).isDirectory()) {
      const names = (await readdir(path)).filter((n) => EXPORT_FILE.test(n));
      names.sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
      files.push(...names.map((n) => join(path, n)));
    } else files.push(path);
  }
  return files;
}

/** Feeds every item of the files to a collector. */
export async function collectExport(
  files: readonly string[],
  format: ExportFormat,
  onProgress?: (p: ConvertProgress) => void,
): Promise<ExportCollector> {
  const collector = new ExportCollector(format);
  const sizes = await Promise.all(files.map(async (f) => (await stat(f)).size));
  const totalBytes = sizes.reduce((a, b) => a + b, 0);
  let bytes = 0;
  let items = 0;
  for (const file of files) {
    for await (const item of readExportItems(file, (n) => (bytes += n))) {
      collector.countItem();
      items += 1;
      const parts = format === 'urimalsaem' ? urimalsaemParts(item) : stdictParts(item, DROPPED_SENSE_TYPES);
      for (const part of parts) collector.add(part);
      if (items % 5_000 === 0) onProgress?.({ bytes, totalBytes, items });
    }
  }
  onProgress?.({ bytes: totalBytes, totalBytes, items });
  return collector;
}

/** Converts the export files into a dataset file at `out` (one record per line). */
export async function convertExport(
  paths: readonly string[],
  format: ExportFormat,
  out: string,
  onProgress?: (p: ConvertProgress) => void,
): Promise<ConvertStats> {
  const collector = await collectExport(await exportFiles(paths), format, onProgress);
  const stream = createWriteStream(out);
  const records = collector.records();
  let batch: string[] = [];
  for (;;) {
    const next = records.next();
    if (!next.done) batch.push(JSON.stringify(next.value));
    // Written in batches, waiting for the disk, so the output is never held whole.
    if (batch.length >= 2_000 || (next.done && batch.length > 0)) {
      if (!stream.write(batch.join('\n') + '\n')) await once(stream, 'drain');
      batch = [];
    }
    if (next.done) {
      stream.end();
      await once(stream, 'finish');
      return next.value;
    }
  }
}
