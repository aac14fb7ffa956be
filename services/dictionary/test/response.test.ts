// The documented response keys (spec §7.2) built from headwords and the reader's cut.
import type { Headword } from '../src/domain/headword';
import { toKoreanPyojaeItems, toPyojaeItems, toWordSynItems } from '../src/domain/response';
import { cutForReader } from '../src/domain/visibility';

const headword: Headword = {
  id: 1,
  word: '사랑',
  hanja: null,
  homograph: 0,
  sense: null,
  pos: '명사',
  frequencyRank: 373,
  source: 'editorial',
  generated: false,
  groups: [
    {
      category: '비슷한말',
      words: [
        { id: 2, word: '애정', hanja: '愛情', source: 'editorial' },
        { id: 3, word: '연모', hanja: null, source: 'editorial' },
        { id: 4, word: '애모', hanja: null, source: 'editorial' },
      ],
    },
    { category: '반대말', words: [{ id: 5, word: '미움', hanja: null, source: 'editorial' }] },
  ],
};

describe('wordSynItems', () => {
  it('when a visitor reads, then only the first word of each category is listed and the rest counted', () => {
    const body = toWordSynItems(headword, cutForReader(headword, 'visitor'), 'visitor', '');
    expect(body.wordSynItems).toEqual([
      { GUBN: '비슷한말', WORD: '애정', WORD_ID: 2, HANJA: '愛情' },
      { GUBN: '반대말', WORD: '미움', WORD_ID: 5, HANJA: '' },
    ]);
    expect(body.gubnItems).toEqual([
      { GUBN: '비슷한말', TOTAL_CNT: 3, REMAIN_CNT: 2 },
      { GUBN: '반대말', TOTAL_CNT: 1, REMAIN_CNT: 0 },
    ]);
    expect(JSON.stringify(body)).not.toMatch(/연모|애모/);
    expect(body.pyojaeItem).toEqual({
      ID: 1,
      WORD: '사랑',
      HANJA: '',
      HOMOGRAPH: 0,
      SENSE: '',
      LINK_URL: '/dictionary/Search/1',
    });
  });

  it('when a paid member reads, then nothing is hidden', () => {
    const body = toWordSynItems(headword, cutForReader(headword, 'paid'), 'paid', 'key-1');
    expect(body.wordSynItems).toHaveLength(4);
    expect(body.gubnItems.every((g) => g.REMAIN_CNT === 0)).toBe(true);
    expect(body.authKey).toBe('key-1');
  });
});

describe('pyojaeItems', () => {
  it('maps a page to totalElements, totalPages and results.wordInfoItems', () => {
    const body = toPyojaeItems({
      total: 11,
      totalPages: 2,
      page: 1,
      size: 10,
      items: [{ id: 13, word: '배', hanja: '倍', homograph: 4, sense: '곱절' }],
    });
    expect(body).toEqual({
      totalElements: 11,
      totalPages: 2,
      results: { wordInfoItems: [{ ID: 13, WORD: '배', HANJA: '倍', HOMOGRAPH: 4, SENSE: '곱절' }] },
    });
  });
});

describe('toKoreanPyojaeItems', () => {
  const page = {
    total: 1,
    totalPages: 1,
    page: 0,
    size: 10,
    items: [{ id: 56, word: '아름답다', hanja: null, homograph: 0, sense: null }],
  };

  it('keeps the spec keys and adds only what search found', () => {
    const plain = toKoreanPyojaeItems(page, { baseForm: null, didYouMean: [], honorific: null });
    expect(plain).toEqual({
      totalElements: 1,
      totalPages: 1,
      results: { wordInfoItems: [{ ID: 56, WORD: '아름답다', HANJA: '', HOMOGRAPH: 0, SENSE: '' }] },
    });
    const found = toKoreanPyojaeItems(page, {
      baseForm: { query: '아름다운', lemma: '아름답다', lemmas: ['아름답다'] },
      didYouMean: [],
      honorific: { word: '드시다', plain: [{ category: '높임말', id: 133, word: '먹다' }] },
    });
    expect(found.results.baseForm).toEqual({ query: '아름다운', lemma: '아름답다', lemmas: ['아름답다'] });
    expect(found.results.honorific).toEqual({
      WORD: '드시다',
      plainItems: [{ GUBN: '높임말', WORD: '먹다', WORD_ID: 133 }],
    });
    expect(found.results.didYouMean).toBeUndefined();
  });
});
