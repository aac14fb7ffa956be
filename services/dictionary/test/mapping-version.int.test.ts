// Start-up re-imports the default dataset into an alias whose index predates MAPPING_VERSION.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadDefaultIfEmpty } from '../src/store/defaults';
import { currentMeta, importDataset } from '../src/store/import';
import { aliasTargets } from '../src/store/indices';
import { MAPPING_VERSION } from '../src/store/mapping';
import { aRecord, dropIndicesOf, testClient, toJsonl, uniqueAlias } from './builders';

const es = testClient();
const alias = uniqueAlias('mapver');
const dir = mkdtempSync(join(tmpdir(), 'dict-mapver-'));
const file = join(dir, 'one.jsonl');

afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await dropIndicesOf(es, alias);
  await es.close();
});

it('leaves a current index alone and re-imports one built by an older mapping version', async () => {
  writeFileSync(file, toJsonl([aRecord({ id: 1, word: '미인', hanja: '美人' })]));
  await importDataset(es, file, { alias });
  const [first] = await aliasTargets(es, alias);
  expect((await currentMeta(es, first!)).mappingVersion).toBe(MAPPING_VERSION);
  expect(await loadDefaultIfEmpty(es, { alias }, file)).toBeNull();

  // An index as version 1 wrote it: no mappingVersion in _meta.
  const meta = await currentMeta(es, first!);
  await es.indices.putMapping({ index: first!, _meta: { ...meta, mappingVersion: undefined } });
  const summary = await loadDefaultIfEmpty(es, { alias }, file);
  expect(summary?.unchanged).toBe(false);
  const [second] = await aliasTargets(es, alias);
  expect(second).not.toBe(first);
  expect((await currentMeta(es, second!)).mappingVersion).toBe(MAPPING_VERSION);
  const hit = await es.search<{ word: string }>({ index: alias, query: { term: { hanjaChars: '美' } } });
  expect(hit.hits.hits.map((h) => h._source?.word)).toEqual(['미인']);
});

it('re-imports the default dataset when its committed file changed since it was loaded', async () => {
  const changedAlias = uniqueAlias('mapver-changed');
  const path = join(dir, 'default.jsonl');
  try {
    writeFileSync(path, toJsonl([aRecord({ id: 1, word: '미인', hanja: '美人' })]));
    expect((await loadDefaultIfEmpty(es, { alias: changedAlias }, path))?.imported).toBe(1);
    expect(await loadDefaultIfEmpty(es, { alias: changedAlias }, path)).toBeNull();
    // A pull brings new editorial entries: the next start loads them.
    writeFileSync(
      path,
      toJsonl([aRecord({ id: 1, word: '미인', hanja: '美人' }), aRecord({ id: 2, word: '가인', hanja: '佳人' })]),
    );
    const summary = await loadDefaultIfEmpty(es, { alias: changedAlias }, path);
    expect(summary?.imported).toBe(2);
    expect((await es.count({ index: changedAlias })).count).toBe(2);
  } finally {
    await dropIndicesOf(es, changedAlias);
  }
});
