import type { Client } from '@elastic/elasticsearch';
import { isIndexOf } from './mapping';

/** Indices that currently carry the alias (normally one). */
export async function aliasTargets(client: Client, alias: string): Promise<string[]> {
  const exists = await client.indices.existsAlias({ name: alias });
  if (!exists) return [];
  const res = await client.indices.getAlias({ name: alias });
  return Object.keys(res).sort();
}

/** Every index created for this alias by an import, oldest first. */
export async function importedIndices(client: Client, alias: string): Promise<string[]> {
  const res = await client.indices.get({ index: `${alias}-*`, ignore_unavailable: true, allow_no_indices: true });
  return Object.keys(res)
    .filter((name) => isIndexOf(alias, name))
    .sort();
}

/** Moves the alias in one atomic request: readers see the old index or the new, never neither. */
export async function pointAlias(client: Client, alias: string, from: readonly string[], to: string): Promise<void> {
  await client.indices.updateAliases({
    actions: [
      ...from.filter((index) => index !== to).map((index) => ({ remove: { index, alias } })),
      { add: { index: to, alias } },
    ],
  });
}
