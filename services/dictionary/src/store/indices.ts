import type { Client } from '@elastic/elasticsearch';
import { SourceTally, type DatasetSourceInfo } from '../data/convert/attribution';
import type { RecordSource } from '../domain/record';
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

/** What the importer writes into an index's `_meta` (see import.ts). */
export interface IndexMeta {
  datasetSha256?: string;
  /** MAPPING_VERSION of the code that built the index; missing on indices from before version 2. */
  mappingVersion?: number;
  documents?: number;
  /** Relations kept (directed: A→B and B→A are two); missing on indices imported before the dataset kept its figures. */
  relations?: number;
  /** Where the words come from, with the attribution to show; missing on those older indices. */
  sources?: DatasetSourceInfo[];
  /** Base name of the imported file, or null for a stream. */
  file?: string | null;
  importedAt?: string;
}

export async function readIndexMeta(client: Client, index: string): Promise<IndexMeta> {
  const res = await client.indices.getMapping({ index });
  const meta = res[index]?.mappings._meta;
  return (meta ?? {}) as IndexMeta;
}

/** The concrete index an alias serves now (the newest when, mid-move, it has two), or null. */
export async function servingIndex(client: Client, alias: string): Promise<string | null> {
  return (await aliasTargets(client, alias)).at(-1) ?? null;
}

export interface AliasWatchOptions {
  /** How often the alias is read; a move shows on every replica within this time. Default 1 s. */
  intervalMs?: number;
  onError?: (err: unknown) => void;
}

/**
 * Follows which index an alias serves, so that every process (every dictionary replica)
 * notices an import or a rollback made anywhere: the alias is read once a second (one
 * small cluster-state request) and listeners hear of each change. Caches key their
 * answers by `current()`, so a move invalidates them without any message between
 * processes.
 */
export class AliasWatcher {
  private index: string | null = null;
  private timer: NodeJS.Timeout | null = null;
  private readonly listeners = new Set<(index: string | null, previous: string | null) => void>();
  private checking: Promise<string | null> | null = null;

  constructor(
    private readonly client: Client,
    readonly alias: string,
    private readonly options: AliasWatchOptions = {},
  ) {}

  /** Reads the alias once, then keeps reading it in the background. */
  async start(): Promise<void> {
    await this.check().catch((err: unknown) => this.options.onError?.(err));
    if (this.timer) return;
    this.timer = setInterval(() => {
      this.check().catch((err: unknown) => this.options.onError?.(err));
    }, this.options.intervalMs ?? 1_000);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** The index last seen behind the alias (null before the first read or without an alias). */
  current(): string | null {
    return this.index;
  }

  onChange(listener: (index: string | null, previous: string | null) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Reads the alias now (one read at a time) and tells the listeners when it moved. */
  check(): Promise<string | null> {
    this.checking ??= servingIndex(this.client, this.alias)
      .then((index) => {
        const previous = this.index;
        if (index !== previous) {
          this.index = index;
          for (const listener of this.listeners) listener(index, previous);
        }
        return index;
      })
      .finally(() => {
        this.checking = null;
      });
    return this.checking;
  }
}

/** The figures and attribution of the dataset an index holds. */
export interface DatasetInfo {
  index: string;
  headwords: number;
  relations: number;
  sources: DatasetSourceInfo[];
  importedAt: string | null;
}

/**
 * Headwords are counted in the index; relations and sources come from its `_meta`, written
 * by the importer. An index imported before they were written is read through once and
 * its `_meta` completed, so the next call (on any replica) is cheap again.
 */
export async function datasetInfo(client: Client, index: string): Promise<DatasetInfo> {
  const [{ count }, meta] = await Promise.all([client.count({ index }), readIndexMeta(client, index)]);
  let { relations, sources } = meta;
  if (relations === undefined || sources === undefined) {
    const scanned = await scanDataset(client, index);
    relations = scanned.relations;
    sources = scanned.sources;
    await client.indices.putMapping({ index, _meta: { ...meta, relations, sources } });
  }
  return { index, headwords: count, relations, sources, importedAt: meta.importedAt ?? null };
}

interface ScannedSource {
  source: RecordSource;
  frequencyRank?: number | null;
  relations?: Array<{ source: RecordSource }>;
}

async function scanDataset(
  client: Client,
  index: string,
): Promise<{ relations: number; sources: DatasetSourceInfo[] }> {
  const tally = new SourceTally();
  let relations = 0;
  let res = await client.search<ScannedSource>({
    index,
    scroll: '1m',
    size: 5_000,
    sort: ['_doc'],
    _source: ['source', 'frequencyRank', 'relations.source'],
  });
  try {
    while (res.hits.hits.length > 0) {
      for (const hit of res.hits.hits) {
        const doc = hit._source;
        if (!doc) continue;
        const rels = doc.relations ?? [];
        relations += rels.length;
        tally.add({ source: doc.source, frequencyRank: doc.frequencyRank ?? null, relations: rels });
      }
      if (!res._scroll_id) break;
      res = await client.scroll<ScannedSource>({ scroll_id: res._scroll_id, scroll: '1m' });
    }
  } finally {
    if (res._scroll_id) await client.clearScroll({ scroll_id: res._scroll_id }).catch(() => undefined);
  }
  return { relations, sources: tally.sources() };
}
