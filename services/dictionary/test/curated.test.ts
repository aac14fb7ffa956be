import { buildDefaultDataset, parseFrequency } from '../src/data/build';
import { checkDataset, coverage } from '../src/data/checks';
import { CuratedFormatError, parseCurated } from '../src/data/curated';
import type { HeadwordRecord } from '../src/domain/record';

const FREQUENCY = [
  'word\trank\tpos\tsource',
  '사랑\t10\t명사\tnikl',
  '수\t12\t의존명사\tnikl',
  '가다\t20\t동사\tnikl',
  '미움\t30\t명사\tnikl',
  '',
].join('\n');
const WIKT_HEADER = 'headword\trelated\trelation\n';

function build(editorial: string, wiktRows: string[] = [], exclusions = '', more: string[] = [], rejected = '') {
  return buildDefaultDataset({
    editorial: [
      { name: 'curated.txt', text: editorial },
      ...more.map((text, i) => ({ name: `editorial/b${i}.txt`, text })),
    ],
    wiktionary: WIKT_HEADER + wiktRows.join('\n') + '\n',
    frequency: FREQUENCY,
    exclusions,
    rejected,
  });
}

describe('the editorial entry format', () => {
  it('reads id, word, homograph, hanja, pos, sense and relations', () => {
    expect(parseCurated('# comment\n7 | 배 | 4 | 倍 | 명사 | 곱절 | 비슷한말: 곱절, 갑절; 상위어: -\n')).toEqual([
      {
        file: 'curated.txt',
        line: 2,
        id: 7,
        word: '배',
        homograph: 4,
        hanja: '倍',
        pos: '명사',
        sense: '곱절',
        relations: [
          { category: '비슷한말', target: '곱절' },
          { category: '비슷한말', target: '갑절' },
        ],
        emptyCategories: ['상위어'],
      },
    ]);
  });

  it('names the file and line of a mistake', () => {
    expect(() => parseCurated('1 | 사랑 | | | 명사 |\n')).toThrow(/line 1: expected 7 columns/);
    expect(() => parseCurated('\n1 | 사랑 | | | 명사 | | 유의어: 애정\n')).toThrow(/line 2: unknown category "유의어"/);
    expect(() => parseCurated('0 | 사랑 | | | 명사 | | \n')).toThrow(CuratedFormatError);
    expect(() => parseCurated('new | 사랑 | | | 명사 | | \n', 'editorial/batch-01.txt')).toThrow(
      /editorial\/batch-01.txt line 1: id "new": run .*--assign-ids/,
    );
  });
});

describe('building a dataset from editorial entries and Wiktionary rows', () => {
  const editorial = [
    '1 | 사랑 | | | 명사 | | 비슷한말: 애정; 준말: 살앙',
    '2 | 애정 | | 愛情 | 명사 | | ',
    '3 | 배 | 1 | | 명사 | 신체 | 상위어: 몸',
    '4 | 배 | 2 | | 명사 | 탈것 | ',
    '5 | 몸 | | | 명사 | | ',
    '6 | 살앙 | | | 명사 | | ',
  ].join('\n');

  it('adds the other direction of an editorial relation', () => {
    const { records } = build(editorial);
    const word = (id: number) => records.find((r) => r.id === id)?.word;
    expect(records.find((r) => r.word === '애정')?.relations).toEqual([
      { category: '비슷한말', target: 1, source: 'editorial' },
    ]);
    expect(records.find((r) => r.word === '몸')?.relations.map((r) => [r.category, word(r.target)])).toEqual([
      ['하위어', '배'],
    ]);
    expect(records.find((r) => r.word === '살앙')?.relations).toEqual([
      { category: '본말', target: 1, source: 'editorial' },
    ]);
    expect(records.find((r) => r.word === '사랑')?.frequencyRank).toBe(10);
  });

  it('links an honorific back to its plain word as 관련어, never as its own 높임말', () => {
    const { records } = build('1 | 밥 | | | 명사 | | 높임말: 진지\n2 | 진지 | | | 명사 | | ');
    expect(records.find((r) => r.word === '진지')?.relations).toEqual([
      { category: '관련어', target: 1, source: 'editorial' },
    ]);
  });

  it('refuses an ambiguous homograph reference, and a target without an entry, listing every problem', () => {
    expect(() =>
      build('1 | 몸 | | | 명사 | | 하위어: 배\n2 | 배 | 1 | | 명사 | 신체 | \n3 | 배 | 2 | | 명사 | 선박 | '),
    ).toThrow(/"배" is a homograph/);
    expect(() => build('1 | 사랑 | | | 명사 | | 비슷한말: 애정, 연모')).toThrow(
      /2 problem\(s\)[\s\S]*"애정" names no headword[\s\S]*"연모" names no headword/,
    );
  });

  it('reads entries from every editorial file, and refuses an id used in two of them', () => {
    const { records } = build('1 | 사랑 | | | 명사 | | 비슷한말: 애정', [], '', ['2 | 애정 | | 愛情 | 명사 | | ']);
    expect(records.map((r) => r.word)).toEqual(['사랑', '애정']);
    expect(() => build('1 | 사랑 | | | 명사 | | ', [], '', ['1 | 애정 | | | 명사 | | '])).toThrow(
      /editorial\/b0.txt line 1: id 1 is used twice/,
    );
  });

  it('keeps a Wiktionary pair only between words without editorial entries, and says why each row was dropped', () => {
    const rows = [
      '고래\t짐승\t상위어',
      '짐승\t고래\t하위어',
      '사랑\t미움\t반대말', // 사랑 has an editorial entry
      '미움\t사랑\t반대말',
      '수\t물\t비슷한말', // 수: a one-syllable NIKL word
      '물\t수\t비슷한말',
      '뉴욕\t도시\t상위어', // a place name
      '가다\t걸음\t비슷한말', // a verb and a noun
      '무서워\t공포\t비슷한말', // not a dictionary form
    ];
    const exclusions = '# test\n뉴욕\tproper-noun\n무서워\tnot-a-headword-form\n';
    const { records, dropped, stats } = build(editorial, rows, exclusions);
    const find = (w: string) => records.find((r) => r.word === w);
    expect(find('고래')?.relations).toEqual([{ category: '상위어', target: find('짐승')?.id, source: 'wiktionary' }]);
    expect(find('짐승')?.relations).toEqual([{ category: '하위어', target: find('고래')?.id, source: 'wiktionary' }]);
    expect(find('짐승')?.source).toBe('wiktionary');
    for (const w of ['미움', '수', '물', '뉴욕', '도시', '걸음', '무서워']) expect(find(w)).toBeUndefined();
    expect(dropped.map((d) => [d.line, d.reason])).toEqual([
      [4, 'editorial'],
      [5, 'editorial'],
      [6, 'polysemous'],
      [7, 'polysemous'],
      [8, 'proper-noun'],
      [9, 'part-of-speech'],
      [10, 'not-a-headword-form'],
    ]);
    expect(stats.keptWiktionary).toBe(2);
  });

  it('drops a pair an editor rejected, in both directions', () => {
    const { records, dropped } = build(
      editorial,
      ['케잌\t케이크\t비슷한말', '케이크\t케잌\t비슷한말', '고래\t짐승\t상위어'],
      '',
      [],
      '# x\n케이크\t케잌\tnon-standard spelling\n',
    );
    expect(records.find((r) => r.word === '케잌')).toBeUndefined();
    expect(dropped.map((d) => d.reason)).toEqual(['editor-rejected', 'editor-rejected']);
  });

  it('gives the same bytes for the same input', () => {
    expect(build(editorial, ['고래\t짐승\t상위어']).jsonl).toBe(build(editorial, ['고래\t짐승\t상위어']).jsonl);
  });
});

describe('the data checks', () => {
  const rec = (
    id: number,
    word: string,
    pos: string | null,
    relations: HeadwordRecord['relations'] = [],
  ): HeadwordRecord => ({
    id,
    word,
    hanja: null,
    homograph: 0,
    pos,
    sense: null,
    frequencyRank: null,
    source: 'editorial',
    generated: false,
    relations,
  });
  const rel = (category: HeadwordRecord['relations'][number]['category'], target: number) =>
    ({ category, target, source: 'editorial' }) as const;
  const frequency = parseFrequency(FREQUENCY);
  const check = (records: HeadwordRecord[], requireTop = 0) => checkDataset(records, { requireTop, frequency });

  it('passes a consistent set', () => {
    expect(
      check([
        rec(1, '밥', '명사', [rel('높임말', 2), rel('비슷한말', 3)]),
        rec(2, '진지', '명사', [rel('관련어', 1)]),
        rec(3, '식사', '명사', [rel('비슷한말', 1)]),
      ]),
    ).toEqual([]);
  });

  it('finds a self-relation, a duplicate and a target that is not a headword', () => {
    expect(check([rec(1, '밥', '명사', [rel('관련어', 1), rel('관련어', 1), rel('비슷한말', 9)])])).toEqual([
      '밥: related to itself (관련어)',
      '밥: related to itself (관련어)',
      '밥: 밥 twice under 관련어',
      '밥: 비슷한말 target 9 is not a headword',
    ]);
  });

  it('finds a one-sided symmetric or inverse relation', () => {
    expect(check([rec(1, '과일', '명사', [rel('하위어', 2)]), rec(2, '사과', '명사')])).toEqual([
      '과일 → 하위어 사과, but 사과 has no 상위어 과일',
    ]);
    expect(check([rec(1, '마음', '명사', [rel('준말', 2)]), rec(2, '맘', '명사', [rel('비슷한말', 1)])])).toEqual([
      '마음 → 준말 맘, but 맘 has no 본말 마음',
      '맘 → 비슷한말 마음, but 마음 has no 비슷한말 맘',
    ]);
  });

  it('finds an honorific pair written in both directions', () => {
    const problems = check([rec(1, '밥', '명사', [rel('높임말', 2)]), rec(2, '진지', '명사', [rel('낮춤말', 1)])]);
    expect(problems).toContain('밥 and 진지 name each other as 높임말/낮춤말: the direction is wrong');
  });

  it('finds parts of speech that differ, a word both synonym and antonym, and an editorial entry without pos', () => {
    expect(check([rec(1, '가다', '동사', [rel('비슷한말', 2)]), rec(2, '걸음', '명사', [rel('비슷한말', 1)])])).toEqual(
      [
        '가다 (동사) → 비슷한말 걸음 (명사): parts of speech differ',
        '걸음 (명사) → 비슷한말 가다 (동사): parts of speech differ',
      ],
    );
    const both = check([
      rec(1, '크다', '형용사', [rel('비슷한말', 2), rel('반대말', 2)]),
      rec(2, '작다', '형용사', [rel('비슷한말', 1), rel('반대말', 1)]),
    ]);
    expect(both).toContain('크다: 작다 is both 비슷한말 and 반대말');
    expect(check([rec(1, '밥', null)])).toEqual(['밥: an editorial headword without a part of speech']);
  });

  it('finds top NIKL content words that are missing, and reports coverage', () => {
    const records = [
      rec(1, '사랑', '명사', [rel('비슷한말', 2)]),
      rec(2, '애정', '명사', [rel('비슷한말', 1)]),
      rec(3, '가다', '동사'),
    ];
    expect(check(records, 3)).toEqual(['1 of the top 3 NIKL content words are not headwords: 미움']);
    expect(coverage(records, frequency, 3)).toEqual({ top: 3, words: 3, found: 2, withRelation: 1, withSynonym: 1 });
  });
});
