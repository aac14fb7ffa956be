import { join as joinSyllable, lemmaCandidates, rankLemmas, split } from '../src/domain/lemma';
import { confusionVariants } from '../src/domain/spelling';
import { hanjaCharsOf, plainIndex } from '../src/domain/headword';

const lemmas = (word: string) => lemmaCandidates(word).map((c) => c.lemma);
const ruleOf = (word: string, lemma: string) => lemmaCandidates(word).find((c) => c.lemma === lemma)?.rule;

describe('syllable arithmetic', () => {
  it('splits and joins a syllable with a compound vowel and batchim', () => {
    expect(split('왔')).toEqual({ cho: 'ㅇ', jung: 'ㅘ', jong: 'ㅆ' });
    expect(joinSyllable({ cho: 'ㅇ', jung: 'ㅘ', jong: 'ㅆ' })).toBe('왔');
    expect(split('a')).toBeNull();
  });
});

// One block per class of the issue; each form must propose its dictionary form under that rule.
describe.each([
  [
    'regular',
    [
      ['먹었습니다', '먹다'],
      ['먹는', '먹다'],
      ['먹고', '먹다'],
      ['먹어서', '먹다'],
      ['먹을', '먹다'],
      ['갔다', '가다'],
      ['봐요', '보다'],
      ['마셔요', '마시다'],
      ['쉬었다', '쉬다'],
    ],
  ],
  [
    'ㅂ',
    [
      ['아름다운', '아름답다'],
      ['무서운', '무섭다'],
      ['도와', '돕다'],
      ['추워요', '춥다'],
      ['아름다웠다', '아름답다'],
    ],
  ],
  [
    'ㄷ',
    [
      ['걸어', '걷다'],
      ['들은', '듣다'],
      ['실었다', '싣다'],
    ],
  ],
  [
    'ㅅ',
    [
      ['지어', '짓다'],
      ['나은', '낫다'],
      ['이었다', '잇다'],
    ],
  ],
  [
    'ㅎ',
    [
      ['파란', '파랗다'],
      ['그래', '그렇다'],
      ['하얘', '하얗다'],
      ['빨간', '빨갛다'],
    ],
  ],
  [
    '르',
    [
      ['몰라', '모르다'],
      ['불러', '부르다'],
      ['빨랐다', '빠르다'],
    ],
  ],
  [
    '러',
    [
      ['푸르러', '푸르다'],
      ['이르렀다', '이르다'],
    ],
  ],
  [
    '우',
    [
      ['퍼', '푸다'],
      ['펐다', '푸다'],
    ],
  ],
  [
    '으',
    [
      ['써', '쓰다'],
      ['바빠', '바쁘다'],
      ['예뻐요', '예쁘다'],
      ['껐다', '끄다'],
    ],
  ],
  [
    'ㄹ',
    [
      ['우는', '울다'],
      ['사는', '살다'],
      ['만든', '만들다'],
      ['압니다', '알다'],
    ],
  ],
  [
    '하다',
    [
      ['공부해', '공부하다'],
      ['깨끗한', '깨끗하다'],
      ['사랑했다', '사랑하다'],
      ['공부합니다', '공부하다'],
    ],
  ],
  [
    '이다',
    [
      ['학생이었다', '학생'],
      ['의사였다', '의사'],
      ['학생입니다', '학생'],
      ['학생이아니다', '학생'],
    ],
  ],
] as const)('%s', (rule, pairs) => {
  it.each(pairs.map(([form, lemma]) => [form, lemma]))('%s → %s', (form, lemma) => {
    expect(lemmas(form)).toContain(lemma);
    expect(ruleOf(form, lemma)).toBe(rule);
  });
});

describe('lemmaCandidates', () => {
  it('proposes the honorific 시다 word for an ending with 시 written in (드세요 → 드시다)', () => {
    expect(lemmas('드세요')).toContain('드시다');
    expect(lemmas('주무셨다')).toContain('주무시다');
    expect(lemmas('가셨다')).toEqual(expect.arrayContaining(['가시다', '가다']));
  });

  it('does not read an ㄹ stem with 으: 들은 is 듣다, never 들다', () => {
    expect(lemmas('들은')).not.toContain('들다');
  });

  it('never proposes the query itself, and nothing for non-Hangul input', () => {
    expect(lemmas('먹다')).not.toContain('먹다');
    expect(lemmas('love')).toEqual([]);
    expect(lemmas('ㅅㄹ')).toEqual([]);
  });

  it('ignores spaces (학생이 아니다)', () => {
    expect(lemmas('학생이 아니다')).toContain('학생');
  });
});

describe('confusionVariants', () => {
  it('rewrites the known confusions', () => {
    expect(confusionVariants('허구헌날')).toContain('허구한날');
    expect(confusionVariants('결재')).toContain('결제');
    expect(confusionVariants('몇일')).toContain('며칠');
  });

  it('leaves other words alone', () => {
    expect(confusionVariants('사랑')).toEqual([]);
  });
});

describe('hanja morphemes and honorific links', () => {
  it('keeps the distinct Han characters of a hanja spelling', () => {
    expect(hanjaCharsOf('美人')).toEqual(['美', '人']);
    expect(hanjaCharsOf('醜하다')).toEqual(['醜']);
    expect(hanjaCharsOf('一一이')).toEqual(['一']);
    expect(hanjaCharsOf(null)).toEqual([]);
  });

  it('links an honorific back to its plain word', () => {
    const index = plainIndex([
      {
        id: 1,
        word: '먹다',
        relations: [
          { category: '높임말', target: 2, source: 'editorial' },
          { category: '비슷한말', target: 3, source: 'editorial' },
        ],
      },
      { id: 2, word: '드시다', relations: [] },
      { id: 4, word: '묻다', relations: [{ category: '낮춤말', target: 5, source: 'editorial' }] },
    ]);
    expect(index.get(2)).toEqual([{ category: '높임말', id: 1, word: '먹다' }]);
    expect(index.get(3)).toBeUndefined();
    expect(index.get(5)).toEqual([{ category: '낮춤말', id: 4, word: '묻다' }]);
  });
});

describe('rankLemmas', () => {
  it('keeps only headwords, the more common first, a 시다 word before all', () => {
    const candidates = lemmaCandidates('사는');
    expect(
      rankLemmas(candidates, [
        { word: '사다', frequencyRank: 199 },
        { word: '살다', frequencyRank: 55 },
      ]),
    ).toEqual(['살다', '사다']);
    expect(
      rankLemmas(lemmaCandidates('드셨다'), [
        { word: '들다', frequencyRank: 91 },
        { word: '드시다', frequencyRank: null },
      ]),
    ).toEqual(['드시다', '들다']);
    expect(rankLemmas(candidates, [{ word: '사랑', frequencyRank: 1 }])).toEqual([]);
  });
});

describe('honorific -시- on short and ㄹ stems', () => {
  it.each([
    ['오신', '오다'],
    ['하신', '하다'],
    ['사시는', '살다'],
    ['노시는', '놀다'],
    ['여시는', '열다'],
    ['읽으시는', '읽다'],
  ])('%s gives %s', (form, lemma) => {
    expect(lemmaCandidates(form).map((c) => c.lemma)).toContain(lemma);
  });

  it('keeps the ㄹ of an ㄹ stem before 면 and 러 (가면 is 가다, never 갈다)', () => {
    expect(lemmaCandidates('가면').map((c) => c.lemma)).not.toContain('갈다');
    expect(lemmaCandidates('놀러').map((c) => c.lemma)).toContain('놀다');
    expect(lemmaCandidates('사니까').map((c) => c.lemma)).toContain('살다');
  });
});
