import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import type { Client } from '@elastic/elasticsearch';
import { DEFAULT_DATASET_PATH } from '../data/paths';
import { currentMeta, importDataset, type ImportOptions, type ImportSummary } from './import';
import { aliasTargets } from './indices';
import { MAPPING_VERSION } from './mapping';
import { isEmpty } from './read';

/**
 * What `npm start` does on boot: load the committed default dataset when the alias is
 * missing or empty, or when it serves the default dataset built with an older
 * MAPPING_VERSION or from other content (the committed file changed since: a pull brought new
 * editorial entries). An alias serving another dataset (a converted 우리말샘, say) is never
 * replaced by the small default one: its operator re-imports it. Returns the import
 * summary, or null when there was data already.
 */
export async function loadDefaultIfEmpty(
  client: Client,
  options: ImportOptions,
  path: string = DEFAULT_DATASET_PATH,
): Promise<ImportSummary | null> {
  if (!(await isEmpty(client, options.alias))) {
    // An index built before the current MAPPING_VERSION lacks fields search now reads
    // (hanjaChars, plainOf): import again, keeping the old index for rollback.
    const current = (await aliasTargets(client, options.alias)).at(-1);
    const meta = current ? await currentMeta(client, current) : {};
    if (meta.file !== basename(path)) return null;
    const stale = (meta.mappingVersion ?? 1) < MAPPING_VERSION || meta.datasetSha256 !== (await lineHash(path));
    if (!stale) return null;
    return importDataset(client, path, { ...options, force: true });
  }
  return importDataset(client, path, options);
}

/** The importer's content hash (each line and a newline), so CRLF and LF copies compare equal. */
async function lineHash(path: string): Promise<string> {
  const hash = createHash('sha256');
  const lines = (await readFile(path, 'utf8')).split(/\r?\n/);
  if (lines.at(-1) === '') lines.pop();
  for (const line of lines) hash.update(`${line}\n`);
  return hash.digest('hex');
}
