import { groupRelations, toDocument, toHeadword, type TargetInfo } from '../src/domain/headword';
import { cutForReader } from '../src/domain/visibility';
import { aRecord, aRelation } from './builders';

const targets = new Map<number, TargetInfo>([
  [2, { word: '애정', hanja: '愛情', frequencyRank: 900 }],
  [3, { word: '미움', hanja: null, frequencyRank: 500 }],
  [4, { word: '연모', hanja: '戀慕', frequencyRank: null }],
  [5, { word: '감정', hanja: '感情', frequencyRank: 300 }],
  [6, { word: '정', hanja: '情', frequencyRank: 100 }],
]);

describe('a headword document', () => {
  const record = aRecord({
    id: 1,
    word: '사랑',
    relations: [
      aRelation('관련어', 5),
      aRelation('반대말', 3),
      aRelation('비슷한말', 4),
      aRelation('비슷한말', 2),
      { category: '비슷한말', target: 6, source: 'wiktionary' },
    ],
  });
  const doc = toDocument(record, (id) => targets.get(id));

  it('carries the target words, so a detail view is one read', () => {
    expect(doc.relations[0]).toEqual({
      category: '비슷한말',
      targetId: 4,
      targetWord: '연모',
      targetHanja: '戀慕',
      source: 'editorial',
    });
  });

  it('orders relations by category, editorial first in authored order, then imported by frequency', () => {
    expect(doc.relations.map((r) => r.targetWord)).toEqual(['연모', '애정', '정', '미움', '감정']);
  });

  it('groups relations by category in display order with (category, id, word)', () => {
    const headword = toHeadword(doc);
    expect(headword.groups).toEqual([
      {
        category: '비슷한말',
        words: [
          { id: 4, word: '연모', hanja: '戀慕', source: 'editorial' },
          { id: 2, word: '애정', hanja: '愛情', source: 'editorial' },
          { id: 6, word: '정', hanja: '情', source: 'wiktionary' },
        ],
      },
      { category: '반대말', words: [{ id: 3, word: '미움', hanja: null, source: 'editorial' }] },
      { category: '관련어', words: [{ id: 5, word: '감정', hanja: '感情', source: 'editorial' }] },
    ]);
    expect(groupRelations([])).toEqual([]);
  });

  it('shows a visitor 1, a free member 2 and a paid member every word per category', () => {
    const headword = toHeadword(doc);
    const count = (reader: 'visitor' | 'free' | 'paid') =>
      cutForReader(headword, reader).map((g) => [g.category, g.words.length, g.hidden]);
    expect(count('visitor')).toEqual([
      ['비슷한말', 1, 2],
      ['반대말', 1, 0],
      ['관련어', 1, 0],
    ]);
    expect(count('free')).toEqual([
      ['비슷한말', 2, 1],
      ['반대말', 1, 0],
      ['관련어', 1, 0],
    ]);
    expect(count('paid')).toEqual([
      ['비슷한말', 3, 0],
      ['반대말', 1, 0],
      ['관련어', 1, 0],
    ]);
    expect(cutForReader(headword, 'visitor')[0]?.words.map((w) => w.word)).toEqual(['연모']);
  });
});
