import type { Client } from '@elastic/elasticsearch';
import { aliasTargets, importedIndices, pointAlias } from './indices';

export class RollbackError extends Error {}

export interface RollbackResult {
  from: string;
  to: string;
}

/** Points the alias back at the newest index older than the one it serves now. */
export async function rollback(client: Client, alias: string): Promise<RollbackResult> {
  const current = (await aliasTargets(client, alias)).at(-1);
  if (!current) throw new RollbackError(`alias "${alias}" does not exist: nothing to roll back`);
  const older = (await importedIndices(client, alias)).filter((name) => name < current);
  const target = older.at(-1);
  if (!target) throw new RollbackError(`no index older than ${current} is left for alias "${alias}"`);
  await pointAlias(client, alias, [current], target);
  return { from: current, to: target };
}
