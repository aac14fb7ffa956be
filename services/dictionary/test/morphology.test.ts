import { normalizeQuery, worthAnalysing } from '../src/domain/korean';
import { genitiveCandidates, hasHonorificSuffix, stemCandidates, type Morpheme } from '../src/domain/morphology';

/** Morphemes as nori's discard-mode tokenizer gives them: `보/VV 면서/E`, offsets from the text. */
function nori(analysis: string): Morpheme[] {
  let offset = 0;
  return analysis.split(' ').map((part) => {
    const [token = '', tag = ''] = part.split('/');
    const m = { token, tag, startOffset: offset, endOffset: offset + token.length };
    offset += token.length;
    return m;
  });
}

describe("nori's reading of a query", () => {
  it('when a noun carries particles, then the noun is the whole reading', () => {
    expect(stemCandidates(nori('사랑/NNG 을/J'))).toEqual([{ word: '사랑', wordClass: 'noun', whole: true }]);
    expect(stemCandidates(nori('학교/NNG 에서/J'))).toEqual([{ word: '학교', wordClass: 'noun', whole: true }]);
  });

  it('when a verb or adjective stem carries endings, then its dictionary form is the reading', () => {
    expect(stemCandidates(nori('보/VV 면서/E'))).toEqual([{ word: '보다', wordClass: 'predicate', whole: true }]);
    expect(stemCandidates(nori('아름답/VA ㄴ/E'))).toEqual([{ word: '아름답다', wordClass: 'predicate', whole: true }]);
    // A 시다 verb read as one stem is an honorific headword (드시다, not 들다 + -시-).
    expect(stemCandidates(nori('드시/VV 었/E 습니다/E'))).toEqual([
      { word: '드시다', wordClass: 'predicate', whole: true, honorific: true },
    ]);
  });

  it('when a noun takes 하 or 되, then the verb comes first and the noun after it', () => {
    expect(stemCandidates(nori('행복/NNG 하/XSA 길/E'))).toEqual([
      { word: '행복하다', wordClass: 'predicate', whole: true },
      { word: '행복', wordClass: 'noun', whole: false },
    ]);
    expect(stemCandidates(nori('깨끗/XR 하/XSA 게/E'))).toEqual([
      { word: '깨끗하다', wordClass: 'predicate', whole: true },
    ]);
  });

  it('when nori split a compound, then the compound is the reading and its parts are weaker ones', () => {
    expect(stemCandidates(nori('학교/NNG 생활/NNG 을/J'))).toEqual([
      { word: '학교생활', wordClass: 'noun', whole: true },
      { word: '학교', wordClass: 'noun', whole: false },
      { word: '생활', wordClass: 'noun', whole: false },
    ]);
  });

  it('when the query holds several words, then each is a part, none the whole', () => {
    const out = stemCandidates(nori('사랑/NNG 하/XSV 는/E 마음/NNG'));
    expect(out.map((c) => [c.word, c.whole])).toEqual([
      ['사랑하다', false],
      ['사랑', false],
      ['마음', false],
    ]);
  });

  it('when only endings, particles or symbols are left, then there is no reading', () => {
    expect(stemCandidates(nori('을/J'))).toEqual([]);
    expect(stemCandidates([])).toEqual([]);
  });

  it('when an adverb stands alone, then it is its own reading', () => {
    expect(stemCandidates(nori('빨리/MAG'))).toEqual([{ word: '빨리', wordClass: 'modifier', whole: true }]);
  });

  it('tells a -시- form by its ending', () => {
    expect(hasHonorificSuffix(nori('가/VV 시/E 었/E 다/E'))).toBe(true);
    expect(hasHonorificSuffix(nori('보/VV 면서/E'))).toBe(false);
  });
});

describe('what a query looks like before analysis', () => {
  it('when punctuation or stray spaces come with the query, then they are dropped', () => {
    expect(normalizeQuery('사랑!!')).toBe('사랑');
    expect(normalizeQuery('"이용약관"에서')).toBe('이용약관에서');
    expect(normalizeQuery('아름 답다')).toBe('아름답다');
    expect(normalizeQuery('?!')).toBe('');
  });

  it('analyses Hangul words, not 초성 or a syllable still being typed', () => {
    expect(worthAnalysing('보면서')).toBe(true);
    expect(worthAnalysing('ㅅㄹ')).toBe(false);
    expect(worthAnalysing('사ㄹ')).toBe(false);
    expect(worthAnalysing('love')).toBe(false);
  });
});

describe('readings nori misses', () => {
  it('takes the noun before a word-final 의', () => {
    expect(genitiveCandidates('세계의')).toEqual([{ word: '세계', wordClass: 'noun', whole: true }]);
    expect(genitiveCandidates('의')).toEqual([]);
    expect(genitiveCandidates('세계')).toEqual([]);
  });

  it('puts the noun as written before the spelling nori normalised it to (이것만: 이것, then 이거)', () => {
    const ms: Morpheme[] = [
      { token: '이거', tag: 'NP', startOffset: 0, endOffset: 2 },
      { token: '만', tag: 'J', startOffset: 2, endOffset: 3 },
    ];
    expect(stemCandidates(ms, '이것만').map((c) => c.word)).toEqual(['이것', '이거']);
    expect(stemCandidates(ms).map((c) => c.word)).toEqual(['이거']);
  });
});
