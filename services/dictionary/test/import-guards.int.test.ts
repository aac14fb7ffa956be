// An import never makes the live dictionary worse by accident, against the real
// Elasticsearch: rejected lines and far smaller datasets leave the alias where it was, and
// the index carries its figures and attribution.
import { join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { SOURCE_INFO } from '../src/data/convert/attribution';
import { convertExport } from '../src/data/convert';
import { importDataset, ImportRefusedError } from '../src/store/import';
import { aliasTargets, datasetInfo, readIndexMeta } from '../src/store/indices';
import { aRecord, aRelation, toJsonl } from './builders';
import { useImportSandbox } from './harness';

const sandbox = useImportSandbox('guards');
const { client, newAlias } = sandbox;

const good = [
  aRecord({ id: 1, word: '사랑', relations: [aRelation('비슷한말', 2)] }),
  aRecord({ id: 2, word: '애정', hanja: '愛情', relations: [aRelation('비슷한말', 1)] }),
  aRecord({ id: 3, word: '미움' }),
];
const ten = Array.from({ length: 10 }, (_, i) => aRecord({ id: 100 + i, word: `낱말${i}` }));
// Three good lines and two bad ones: the file that once replaced the live dictionary.
const threeGoodTwoBad = toJsonl([good[0]!, '{"id": 9, "word": ', good[1]!, '{"id": 10, "word": "빈칸"}', good[2]!]);

async function refusal(promise: Promise<unknown>): Promise<ImportRefusedError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ImportRefusedError);
  return err as ImportRefusedError;
}

describe('rejected lines', () => {
  it('refuse the import and leave the live alias where it was, reporting every line', async () => {
    const alias = newAlias('reject');
    const live = await importDataset(client, Readable.from([toJsonl(ten)]), { alias });
    const err = await refusal(importDataset(client, Readable.from([threeGoodTwoBad]), { alias }));
    expect(err.message).toMatch(/2 line\(s\) rejected, more than the 0 allowed/u);
    expect(err.validation.problems).toEqual([
      { line: 2, severity: 'error', reason: expect.stringMatching(/^invalid JSON/u) },
      { line: 4, severity: 'error', reason: expect.stringContaining('hanja') },
    ]);
    expect(err.validation).toMatchObject({ lines: 5, imported: 3, skipped: 2 });
    expect(err.validation.rejectedByReason).toEqual({ 'invalid JSON': 1, 'missing field': 1 });
    expect(await aliasTargets(client, alias)).toEqual([live.index]);
  });

  it('are tolerated up to --max-rejected', async () => {
    const alias = newAlias('tolerate');
    await refusal(importDataset(client, Readable.from([threeGoodTwoBad]), { alias, maxRejected: 1 }));
    expect(await aliasTargets(client, alias)).toEqual([]);
    const summary = await importDataset(client, Readable.from([threeGoodTwoBad]), { alias, maxRejected: 2 });
    expect(summary).toMatchObject({ imported: 3, skipped: 2 });
    expect(await aliasTargets(client, alias)).toEqual([summary.index]);
  });

  it('all of them, with no valid line, are still each reported by number', async () => {
    const alias = newAlias('allbad');
    const err = await refusal(importDataset(client, Readable.from(['nope\n{"id":1}\n']), { alias, maxRejected: 5 }));
    expect(err.message).toMatch(/no valid headword/u);
    expect(err.validation.problems.map((p) => p.line)).toEqual([1, 2]);
  });
});

describe('a far smaller dataset', () => {
  it('is refused below half of the live headwords, accepted at half, and forced through with force', async () => {
    const alias = newAlias('shrink');
    const live = await importDataset(client, Readable.from([toJsonl(ten)]), { alias });
    const err = await refusal(importDataset(client, Readable.from([toJsonl(good)]), { alias }));
    expect(err.liveHeadwords).toBe(10);
    expect(err.message).toMatch(/3 headwords, less than 50 % of the 10/u);
    expect(await aliasTargets(client, alias)).toEqual([live.index]);

    const half = await importDataset(client, Readable.from([toJsonl(ten.slice(0, 5))]), { alias });
    expect(await aliasTargets(client, alias)).toEqual([half.index]);

    const forced = await importDataset(client, Readable.from([toJsonl(good.slice(0, 1))]), { alias, force: true });
    expect(await aliasTargets(client, alias)).toEqual([forced.index]);
    expect((await client.count({ index: alias })).count).toBe(1);
  });
});

describe('the figures and attribution stored with the index', () => {
  it('are the relation count and the sources of the records', async () => {
    const alias = newAlias('meta');
    const summary = await importDataset(client, Readable.from([toJsonl(good)]), { alias });
    const meta = await readIndexMeta(client, summary.index);
    expect(meta).toMatchObject({ documents: 3, relations: 2, sources: [SOURCE_INFO.editorial] });
    expect(await datasetInfo(client, summary.index)).toMatchObject({ headwords: 3, relations: 2 });
  });

  it('are worked out once for an index imported before they were written, then stored', async () => {
    const alias = newAlias('legacy');
    const records = [
      aRecord({ id: 1, word: '사랑', frequencyRank: 10, relations: [aRelation('비슷한말', 2)] }),
      aRecord({
        id: 2,
        word: '애정',
        source: 'wiktionary',
        relations: [{ category: '비슷한말', target: 1, source: 'wiktionary' }],
      }),
    ];
    const summary = await importDataset(client, Readable.from([toJsonl(records)]), { alias });
    const meta = await readIndexMeta(client, summary.index);
    await client.indices.putMapping({
      index: summary.index,
      _meta: { ...meta, relations: undefined, sources: undefined },
    });
    expect((await readIndexMeta(client, summary.index)).relations).toBeUndefined();

    const info = await datasetInfo(client, summary.index);
    expect(info).toMatchObject({ headwords: 2, relations: 2 });
    expect(info.sources.map((s) => s.id)).toEqual(['editorial', 'wiktionary', 'frequency']);
    expect(await readIndexMeta(client, summary.index)).toMatchObject({ relations: 2, documents: 2 });
  });

  it('name 국립국어원 우리말샘 under CC BY-SA 2.0 KR for a converted export', async () => {
    const alias = newAlias('nikl');
    const out = join(sandbox.dir(), 'urimalsaem.jsonl');
    const stats = await convertExport([resolve(__dirname, 'fixtures', 'nikl', 'urimalsaem.xml')], 'urimalsaem', out);
    const summary = await importDataset(client, out, { alias });
    expect(summary).toMatchObject({ imported: stats.headwords, skipped: 0, warnings: 0, relations: stats.relations });
    const info = await datasetInfo(client, summary.index);
    expect(info).toMatchObject({ headwords: stats.headwords, relations: stats.relations });
    expect(info.sources).toEqual([SOURCE_INFO.urimalsaem]);
    expect(info.sources[0]?.license).toBe('CC BY-SA 2.0 KR');
  });
});
