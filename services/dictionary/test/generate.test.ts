import { DatasetValidator } from '../src/domain/record';
import { generateJsonl, generateRecords } from '../src/data/generate';
import { parseHunspellDic, readKoreanWordList } from '../src/data/wordlist';

const words = readKoreanWordList();

describe('the generated dataset', () => {
  it('is built from the real Korean word list of dictionary-ko', () => {
    expect(words.length).toBeGreaterThan(40_000);
    expect(words).toContainEqual({ word: '사랑', pos: '명사' });
    expect(words.every((w) => /^[가-힣]+$/u.test(w.word))).toBe(true);
  });

  it('reads lemmas only, composing the decomposed spelling of the .dic file', () => {
    const dic = [
      '3',
      '\u1109\u1161\u1105\u1161\u11bc/10',
      '\u1109\u1161\u1105\u1161\u11bc\u1112\u1161\u11ab/3',
      'abc/10',
    ];
    expect(parseHunspellDic(dic.join('\n'))).toEqual([{ word: '사랑', pos: '명사' }]);
  });

  it('is the same for the same seed and different for another', () => {
    const options = { headwords: 300, relations: 900, seed: 42, words };
    const a = [...generateJsonl(options, 50)].join('');
    const b = [...generateJsonl(options, 50)].join('');
    const c = [...generateJsonl({ ...options, seed: 43 }, 50)].join('');
    expect(a).toBe(b);
    expect(c).not.toBe(a);
  });

  it('has exactly the asked counts, marks every record generated, and validates', () => {
    const text = [...generateJsonl({ headwords: 500, relations: 1501, seed: 7, words })].join('');
    const v = new DatasetValidator();
    for (const line of text.trimEnd().split('\n')) v.addLine(line);
    v.finish();
    expect(v.problems).toEqual([]);
    expect(v.records).toHaveLength(500);
    expect(v.records.reduce((n, r) => n + r.record.relations.length, 0)).toBe(1501);
    expect(v.records.every((r) => r.record.generated && r.record.source === 'generated')).toBe(true);
  });

  it('mixes in compounds and homographs once the word list runs out', () => {
    const records = [...generateRecords({ headwords: 60_000, relations: 0, seed: 1, words })];
    const base = new Set(words.map((w) => w.word));
    expect(records.some((r) => !base.has(r.word))).toBe(true);
    expect(records.some((r) => r.homograph === 2)).toBe(true);
    expect(new Set(records.map((r) => `${r.word}#${r.homograph}`)).size).toBe(60_000);
  });
});
