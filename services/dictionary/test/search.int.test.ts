// Ranking, 초성, hanja, homographs, paging and detail against the real Elasticsearch.
import { Readable } from 'node:stream';
import type { HeadwordRecord } from '../src/domain/record';
import { PagingError } from '../src/domain/query';
import { importDataset } from '../src/store/import';
import { getHeadword, isEmpty, search, suggest } from '../src/store/read';
import { HeadwordReader } from '../src/store/reader';
import { aRecord, aRelation, dropIndicesOf, testClient, toJsonl, uniqueAlias } from './builders';

const client = testClient();
const alias = uniqueAlias('search');

const records: HeadwordRecord[] = [
  // Built so each tier is visible: 사랑 exact, 사랑니/사랑방 prefix, 첫사랑 contains.
  aRecord({
    id: 1,
    word: '사랑',
    frequencyRank: 300,
    relations: [
      aRelation('관련어', 6),
      aRelation('비슷한말', 20),
      aRelation('반대말', 21),
      aRelation('비슷한말', 22),
      aRelation('하위어', 3),
    ],
  }),
  aRecord({ id: 2, word: '사랑니', frequencyRank: 9000 }),
  aRecord({ id: 3, word: '첫사랑', frequencyRank: 5000 }),
  aRecord({ id: 4, word: '사랑방', hanja: '舍廊房', frequencyRank: 7000 }),
  aRecord({ id: 5, word: '짝사랑', frequencyRank: null }),
  aRecord({ id: 6, word: '결혼', hanja: '結婚', frequencyRank: 400 }),
  // 초성 ㅅㄹ: 사람 and 소리 share it with 사랑; 새롭다 only starts with it.
  aRecord({ id: 7, word: '사람', frequencyRank: 10 }),
  aRecord({ id: 8, word: '소리', frequencyRank: 200 }),
  aRecord({ id: 9, word: '새롭다', frequencyRank: 50 }),
  // Homographs keep their own rows and hanja.
  aRecord({ id: 10, word: '배', homograph: 1, sense: '신체 부위', frequencyRank: 462 }),
  aRecord({ id: 11, word: '배', homograph: 2, sense: '탈것', frequencyRank: 462 }),
  aRecord({ id: 12, word: '배', homograph: 3, sense: '과일', frequencyRank: 462 }),
  aRecord({ id: 13, word: '배', homograph: 4, hanja: '倍', sense: '곱절', frequencyRank: 462 }),
  aRecord({ id: 14, word: '배우', hanja: '俳優', frequencyRank: 800 }),
  aRecord({ id: 20, word: '애정', hanja: '愛情', frequencyRank: 2000 }),
  aRecord({ id: 21, word: '미움', frequencyRank: 3000 }),
  aRecord({ id: 22, word: '연모', hanja: '戀慕', frequencyRank: 9000 }),
];
// 25 words with the syllable 가, for paging.
for (let i = 0; i < 25; i += 1) {
  records.push(
    aRecord({ id: 100 + i, word: `가${String.fromCodePoint(0xac00 + 28 * (i + 1))}`, frequencyRank: 100 + i }),
  );
}

const words = (items: Array<{ word: string; homograph: number }>) =>
  items.map((i) => (i.homograph ? `${i.word}#${i.homograph}` : i.word));

beforeAll(async () => {
  await importDataset(client, Readable.from([toJsonl(records)]), { alias });
});

afterAll(async () => {
  await dropIndicesOf(client, alias);
  await client.close();
});

describe('searching headwords', () => {
  it('ranks exact, then prefix, then contains, each by frequency (unknown last)', async () => {
    const page = await search(client, alias, '사랑', 0, 10);
    expect(words(page.items)).toEqual(['사랑', '사랑방', '사랑니', '첫사랑', '짝사랑']);
    expect(page.total).toBe(5);
  });

  it('finds 사랑 by its 초성 ㅅㄹ, whole-초성 words before longer ones', async () => {
    const page = await search(client, alias, 'ㅅㄹ', 0, 10);
    expect(words(page.items)).toEqual(['사람', '소리', '사랑', '새롭다', '사랑방', '사랑니']);
  });

  it('ranks one-syllable prefixes by frequency, and contains after them', async () => {
    const page = await search(client, alias, '사', 0, 10);
    expect(words(page.items).slice(0, 5)).toEqual(['사람', '사랑', '사랑방', '사랑니', '첫사랑']);
  });

  it('finds a headword by its hanja', async () => {
    expect(words((await search(client, alias, '愛情', 0, 10)).items)).toEqual(['애정']);
    expect((await search(client, alias, '舍廊', 0, 10)).items[0]).toMatchObject({
      id: 4,
      word: '사랑방',
      hanja: '舍廊房',
    });
  });

  it('shows homographs as separate rows with their hanja', async () => {
    const page = await search(client, alias, '배', 0, 10);
    expect(page.items.slice(0, 4)).toEqual([
      { id: 10, word: '배', hanja: null, homograph: 1, sense: '신체 부위' },
      { id: 11, word: '배', hanja: null, homograph: 2, sense: '탈것' },
      { id: 12, word: '배', hanja: null, homograph: 3, sense: '과일' },
      { id: 13, word: '배', hanja: '倍', homograph: 4, sense: '곱절' },
    ]);
    expect(page.items[4]?.word).toBe('배우');
  });

  it('finds words while the last syllable is still being typed (사ㄹ)', async () => {
    expect(words((await search(client, alias, '사ㄹ', 0, 10)).items).slice(0, 3)).toEqual(['사람', '사랑', '사랑방']);
  });

  it('pages zero-based: full pages, a short last page, and nothing past the end', async () => {
    const first = await search(client, alias, '가', 0, 10);
    expect(first).toMatchObject({ total: 25, totalPages: 3, page: 0, size: 10 });
    expect(first.items).toHaveLength(10);
    expect(first.items[0]?.id).toBe(100);
    const last = await search(client, alias, '가', 2, 10);
    expect(last.items.map((i) => i.id)).toEqual([120, 121, 122, 123, 124]);
    const past = await search(client, alias, '가', 3, 10);
    expect(past).toMatchObject({ total: 25, totalPages: 3, page: 3, items: [] });
    const far = await search(client, alias, '가', 5000, 10);
    expect(far).toMatchObject({ total: 25, items: [] });
  });

  it('retries a query that finds nothing for a one-letter typo', async () => {
    expect(words((await search(client, alias, '사렁', 0, 10)).items)).toEqual(['사랑']);
    expect(words((await search(client, alias, '사랍', 0, 10)).items)).toEqual(['사람', '사랑']);
    expect(words((await search(client, alias, '걸혼', 0, 10)).items)).toEqual(['결혼']);
  });

  it('answers an empty query with no results and rejects bad paging', async () => {
    expect(await search(client, alias, '   ', 0, 10)).toMatchObject({ total: 0, totalPages: 0, items: [] });
    await expect(search(client, alias, '사랑', -1, 10)).rejects.toThrow(PagingError);
    expect((await search(client, alias, '없는말', 0, 10)).total).toBe(0);
  });
});

describe('suggestions', () => {
  it('offer up to 10 distinct words by prefix, 초성 and a syllable being composed', async () => {
    expect((await suggest(client, alias, '사랑')).map((s) => s.word)).toEqual(['사랑', '사랑방', '사랑니']);
    expect((await suggest(client, alias, 'ㅅㄹ')).map((s) => s.word)).toEqual([
      '사람',
      '소리',
      '사랑',
      '새롭다',
      '사랑방',
      '사랑니',
    ]);
    expect((await suggest(client, alias, '사ㄹ')).map((s) => s.word)).toEqual(['사람', '사랑', '사랑방', '사랑니']);
    const bae = await suggest(client, alias, '배');
    expect(bae.map((s) => s.word)).toEqual(['배', '배우']);
    expect(await suggest(client, alias, '가')).toHaveLength(10);
  });
});

describe('a headword in detail', () => {
  it('groups relations by category in display order, each with target id and word', async () => {
    const headword = await getHeadword(client, alias, 1);
    expect(headword).toMatchObject({ id: 1, word: '사랑', frequencyRank: 300, generated: false });
    expect(headword?.groups).toEqual([
      {
        category: '비슷한말',
        words: [
          { id: 20, word: '애정', hanja: '愛情', source: 'editorial' },
          { id: 22, word: '연모', hanja: '戀慕', source: 'editorial' },
        ],
      },
      { category: '반대말', words: [{ id: 21, word: '미움', hanja: null, source: 'editorial' }] },
      { category: '하위어', words: [{ id: 3, word: '첫사랑', hanja: null, source: 'editorial' }] },
      { category: '관련어', words: [{ id: 6, word: '결혼', hanja: '結婚', source: 'editorial' }] },
    ]);
  });

  it('is null for an unknown id', async () => {
    expect(await getHeadword(client, alias, 999_999)).toBeNull();
    expect(await getHeadword(client, alias, -1)).toBeNull();
  });

  it('fails, rather than answering "not found", when the alias does not exist', async () => {
    await expect(getHeadword(client, uniqueAlias('missing'), 1)).rejects.toThrow(/index_not_found/);
    await expect(search(client, uniqueAlias('missing'), '사랑', 0, 10)).rejects.toThrow(/index_not_found/);
  });

  it('reports an alias with documents as not empty, and a missing alias as empty', async () => {
    expect(await isEmpty(client, alias)).toBe(false);
    expect(await isEmpty(client, uniqueAlias('missing'))).toBe(true);
  });
});

describe('the caching reader', () => {
  it('answers like the plain read functions, and shares answers until cleared', async () => {
    const reader = new HeadwordReader(client, { alias });
    expect(await reader.search(' 사랑 ', 0, 10)).toEqual(await search(client, alias, '사랑', 0, 10));
    expect(await reader.suggest('ㅅㄹ')).toEqual(await suggest(client, alias, 'ㅅㄹ'));
    expect(await reader.getHeadword(1)).toEqual(await getHeadword(client, alias, 1));
    expect(await reader.getHeadword(999_999)).toBeNull();
    const first = reader.search('사랑', 0, 10);
    expect(reader.search('사랑', 0, 10)).toBe(first);
    reader.clear();
    expect(reader.search('사랑', 0, 10)).not.toBe(first);
    await expect(reader.search('사랑', 0, 0)).rejects.toThrow(PagingError);
    await expect(reader.search('사랑', 0, 0)).rejects.toThrow(PagingError);
  });
});
