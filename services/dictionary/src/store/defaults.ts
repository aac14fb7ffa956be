import type { Client } from '@elastic/elasticsearch';
import { DEFAULT_DATASET_PATH } from '../data/paths';
import { currentMeta, importDataset, type ImportOptions, type ImportSummary } from './import';
import { aliasTargets } from './indices';
import { MAPPING_VERSION } from './mapping';
import { isEmpty } from './read';

/**
 * What `npm start` does on boot: load the committed default dataset when the alias is
 * missing or empty, or built with an older MAPPING_VERSION. Returns the import summary, or null when there was data already.
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
    if ((meta.mappingVersion ?? 1) >= MAPPING_VERSION) return null;
    return importDataset(client, path, { ...options, force: true });
  }
  return importDataset(client, path, options);
}
