// Import, alias swap, rollback and idempotency against the real Elasticsearch.
import { Readable } from 'node:stream';
import { DEFAULT_DATASET_PATH } from '../src/data/paths';
import { loadDefaultIfEmpty } from '../src/store/defaults';
import { importDataset, ImportError, type ImportProgress } from '../src/store/import';
import { aliasTargets, importedIndices } from '../src/store/indices';
import { getHeadword, isEmpty, search } from '../src/store/read';
import { rollback, RollbackError } from '../src/store/rollback';
import { aRecord, aRelation, toJsonl } from './builders';
import { useImportSandbox } from './harness';

const sandbox = useImportSandbox('import');
const { client, newAlias } = sandbox;

const { file } = sandbox;

const good = [
  aRecord({ id: 1, word: '사랑', relations: [aRelation('비슷한말', 2)] }),
  aRecord({ id: 2, word: '애정', hanja: '愛情', relations: [aRelation('비슷한말', 1)] }),
  aRecord({ id: 3, word: '미움' }),
];

describe('importing a dataset file', () => {
  it('reports bad lines by number and reason and, when the operator allows that many, imports the rest', async () => {
    const alias = newAlias('bad');
    const path = await file(
      'bad.jsonl',
      toJsonl([
        good[0]!,
        '{"id": 2, "word": ',
        good[1]!,
        JSON.stringify({ ...good[2], frequencyRank: -5 }),
        JSON.stringify(aRecord({ id: 4, word: '증오', relations: [aRelation('반대말', 99)] })),
        JSON.stringify(aRecord({ id: 1, word: '중복' })),
      ]),
    );
    const progress: ImportProgress[] = [];
    const summary = await importDataset(client, path, { alias, maxRejected: 3, onProgress: (p) => progress.push(p) });

    expect(summary).toMatchObject({ lines: 6, imported: 3, skipped: 3, warnings: 1, droppedRelations: 1 });
    expect(summary.problems).toEqual([
      { line: 2, severity: 'error', reason: expect.stringMatching(/^invalid JSON/) },
      { line: 4, severity: 'error', reason: expect.stringContaining('frequencyRank') },
      { line: 5, severity: 'warning', reason: 'relation dropped: 반대말 target 99 does not exist' },
      { line: 6, severity: 'error', reason: 'duplicate id 1 (first on line 1)' },
    ]);
    expect((await client.count({ index: alias })).count).toBe(3);
    expect((await getHeadword(client, alias, 4))?.groups).toEqual([]);
    expect(progress.at(-1)).toEqual({ phase: 'finish', done: 3, total: 3 });
    expect(progress.some((p) => p.phase === 'index')).toBe(true);
  });

  it('fails without touching the alias when no line is valid', async () => {
    const alias = newAlias('empty');
    await importDataset(client, Readable.from([toJsonl(good)]), { alias });
    const before = await aliasTargets(client, alias);
    await expect(importDataset(client, Readable.from(['nope\n']), { alias })).rejects.toThrow(ImportError);
    expect(await aliasTargets(client, alias)).toEqual(before);
  });

  it('moves the alias to a new index, keeps the previous one for rollback and rolls back', async () => {
    const alias = newAlias('swap');
    expect(await isEmpty(client, alias)).toBe(true);
    const first = await importDataset(client, Readable.from([toJsonl(good)]), { alias });
    expect(first.previousIndex).toBeNull();
    const v2 = [...good, aRecord({ id: 5, word: '연모', hanja: '戀慕' })];
    const second = await importDataset(client, Readable.from([toJsonl(v2)]), { alias });

    expect(second.index).not.toBe(first.index);
    expect(second.previousIndex).toBe(first.index);
    expect(await aliasTargets(client, alias)).toEqual([second.index]);
    expect(await importedIndices(client, alias)).toEqual([first.index, second.index]);
    expect((await search(client, alias, '연모', 0, 10)).total).toBe(1);

    expect(await rollback(client, alias)).toEqual({ from: second.index, to: first.index });
    expect(await aliasTargets(client, alias)).toEqual([first.index]);
    expect((await search(client, alias, '연모', 0, 10)).total).toBe(0);
    await expect(rollback(client, alias)).rejects.toThrow(RollbackError);
  });

  it('deletes indices older than the previous one', async () => {
    const alias = newAlias('prune');
    const one = await importDataset(client, Readable.from([toJsonl(good.slice(0, 1))]), { alias });
    const two = await importDataset(client, Readable.from([toJsonl(good.slice(0, 2))]), { alias });
    const three = await importDataset(client, Readable.from([toJsonl(good)]), { alias });
    expect(three.deletedIndices).toEqual([one.index]);
    expect(await importedIndices(client, alias)).toEqual([two.index, three.index]);
  });

  it('is idempotent: the same file again changes nothing, unless forced', async () => {
    const alias = newAlias('again');
    const path = await file('again.jsonl', toJsonl(good));
    const first = await importDataset(client, path, { alias });
    const again = await importDataset(client, path, { alias });
    expect(again).toMatchObject({ unchanged: true, index: first.index, imported: 3 });
    expect(await importedIndices(client, alias)).toEqual([first.index]);
    expect((await client.count({ index: alias })).count).toBe(3);

    const forced = await importDataset(client, path, { alias, force: true });
    expect(forced.unchanged).toBe(false);
    expect((await client.count({ index: alias })).count).toBe(3);
    expect(await aliasTargets(client, alias)).toEqual([forced.index]);
  });

  it('loads the default dataset without a problem, and it answers the curated examples', async () => {
    const alias = newAlias('default');
    const summary = await importDataset(client, DEFAULT_DATASET_PATH, { alias });
    expect(summary.problems).toEqual([]);
    expect(summary.imported).toBeGreaterThan(3000);
    const sarang = await search(client, alias, 'ㅅㄹ', 0, 10);
    expect(sarang.items.map((i) => i.word)).toContain('사랑');
    const bae = await search(client, alias, '배', 0, 10);
    expect(bae.items.slice(0, 4).map((i) => i.homograph)).toEqual([1, 2, 3, 4]);
    expect((await search(client, alias, '愛情', 0, 10)).items[0]?.word).toBe('애정');
    const meokda = (await search(client, alias, '먹다', 0, 1)).items[0];
    const detail = await getHeadword(client, alias, meokda?.id ?? 0);
    expect(detail?.groups.find((g) => g.category === '높임말')?.words.map((w) => w.word)).toEqual([
      '드시다',
      '잡수시다',
    ]);
  });
});

describe('loading the default dataset on start', () => {
  it('imports into an empty alias and leaves a filled one alone', async () => {
    const alias = newAlias('boot');
    const path = await file('boot.jsonl', toJsonl(good));
    const first = await loadDefaultIfEmpty(client, { alias }, path);
    expect(first?.imported).toBe(3);
    expect(await loadDefaultIfEmpty(client, { alias }, path)).toBeNull();
    expect(await importedIndices(client, alias)).toHaveLength(1);
  });
});
