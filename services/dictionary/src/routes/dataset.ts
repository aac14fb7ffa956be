// GET /api/dic/search/dataset: what the loaded dictionary holds, for the pages that
// quote figures ("표제어 N개, 관계어 M건") and for the attribution its licences require.
// Read from the index the alias serves; cached briefly and dropped when the alias moves.
import { HttpError } from '@syn/kit';
import type { Client } from '@elastic/elasticsearch';
import type { Router } from 'express';
import type { z } from 'zod';
import { currentSourceInfo } from '../data/convert/attribution';
import { datasetInfo, type AliasWatcher, type DatasetInfo } from '../store/indices';
import type { datasetInfoBody } from './contract';

export type DatasetInfoBody = z.infer<typeof datasetInfoBody>;

export const DATASET_UNAVAILABLE = '사전 데이터를 아직 불러오지 못했습니다. 잠시 후 다시 시도해 주세요.';

export function toDatasetInfoBody(info: DatasetInfo): DatasetInfoBody {
  return {
    headwords: info.headwords,
    relations: info.relations,
    sources: info.sources.map(currentSourceInfo),
    generated: info.sources.some((s) => s.id === 'generated'),
    importedAt: info.importedAt,
  };
}

/** The figures of the serving index, reused for `ttlMs` and never across an alias move. */
export class DatasetInfoCache {
  private entry: { index: string; at: number; info: Promise<DatasetInfo> } | null = null;

  constructor(
    private readonly client: Client,
    private readonly watcher: AliasWatcher,
    private readonly ttlMs = 30_000,
  ) {}

  async get(): Promise<DatasetInfo | null> {
    const index = this.watcher.current() ?? (await this.watcher.check());
    if (index === null) return null;
    const now = Date.now();
    if (this.entry && this.entry.index === index && now - this.entry.at < this.ttlMs) return this.entry.info;
    const info = datasetInfo(this.client, index);
    this.entry = { index, at: now, info };
    info.catch(() => {
      if (this.entry?.info === info) this.entry = null;
    });
    return info;
  }
}

export function datasetRoutes(router: Router, cache: DatasetInfoCache): void {
  router.get('/api/dic/search/dataset', async (_req, res) => {
    const info = await cache.get();
    if (!info) throw new HttpError(503, DATASET_UNAVAILABLE);
    res.json(toDatasetInfoBody(info));
  });
}
