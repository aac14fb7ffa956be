import {
  keyboardTypos,
  containsTerms,
  endsWithLoneJamo,
  headwordKeys,
  infixesOf,
  isChoseongQuery,
  normalizeQuery,
  prefixesOf,
} from '../src/domain/korean';

describe('Korean index keys', () => {
  it('give 사랑 its 초성 ㅅㄹ and jamo ㅅㅏㄹㅏㅇ', () => {
    const keys = headwordKeys('사랑', null);
    expect(keys.choseong).toBe('ㅅㄹ');
    expect(keys.choseongPrefixes).toEqual(['ㅅ', 'ㅅㄹ']);
    expect(keys.jamo).toBe('ㅅㅏㄹㅏㅇ');
    expect(keys.prefixes).toEqual(['사', '사랑']);
    expect(keys.infixes.sort()).toEqual(['랑', '사', '사랑'].sort());
  });

  it('index the hanja too, so 愛 finds 애정 by prefix and 情 by contains', () => {
    const keys = headwordKeys('애정', '愛情');
    expect(keys.prefixes).toEqual(expect.arrayContaining(['애', '애정', '愛', '愛情']));
    expect(keys.infixes).toEqual(expect.arrayContaining(['情', '정']));
    expect(keys.choseong).toBe('ㅇㅈ');
  });

  it('keep substrings up to four syllables for contains', () => {
    expect(infixesOf('가나다라마')).not.toContain('가나다라마');
    expect(infixesOf('가나다라마')).toContain('나다라마');
    expect(infixesOf('가가')).toEqual(['가', '가가']);
    expect(prefixesOf('첫사랑')).toEqual(['첫', '첫사', '첫사랑']);
  });

  it('match a long query through all of its four-syllable pieces', () => {
    expect(containsTerms('사랑')).toEqual(['사랑']);
    expect(containsTerms('가나다라마')).toEqual(['가나다라', '나다라마']);
  });

  it('tell a 초성 query and a syllable still being composed', () => {
    expect(isChoseongQuery('ㅅㄹ')).toBe(true);
    expect(isChoseongQuery('사ㄹ')).toBe(false);
    expect(isChoseongQuery('ㅏ')).toBe(false);
    expect(endsWithLoneJamo('사ㄹ')).toBe(true);
    expect(endsWithLoneJamo('사랑')).toBe(false);
  });

  it('normalise queries: NFC, no whitespace, at most 50 characters', () => {
    expect(normalizeQuery(' 사\u1105\u1161\u11bc ')).toBe('사랑');
    expect(normalizeQuery('상호 작용')).toBe('상호작용');
    expect(normalizeQuery('가'.repeat(80))).toHaveLength(50);
    expect(normalizeQuery('   ')).toBe('');
  });
});

describe('keyboard typos (2-beolsik)', () => {
  it('gives the spellings one slip to a neighbouring key away, on any syllable', () => {
    expect(keyboardTypos('사잔')).toContain('사전');
    expect(keyboardTypos('겨회')).toContain('교회');
    expect(keyboardTypos('례의')).toContain('예의');
    expect(keyboardTypos('비사다')).toContain('비싸다');
  });

  it('keeps syllables well formed and leaves the query and non-Hangul out', () => {
    const typos = keyboardTypos('사랑a');
    expect(typos).not.toContain('사랑a');
    expect(typos.every((t) => /^[\uac00-\ud7a3]+a$/u.test(t))).toBe(true);
    expect(keyboardTypos('abc')).toEqual([]);
  });
});
