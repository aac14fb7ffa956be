import { buildDefaultDataset } from '../src/data/build';
import { CuratedFormatError, parseCurated } from '../src/data/curated';

const FREQUENCY = 'word\trank\tpos\tsource\n사랑\t10\t명사\tnikl\n';
const WIKT_HEADER = 'headword\trelated\trelation\n';

function build(curated: string, wiktRows: string[] = []) {
  return buildDefaultDataset({ curated, wiktionary: WIKT_HEADER + wiktRows.join('\n') + '\n', frequency: FREQUENCY });
}

describe('the curated sample format', () => {
  it('reads id, word, homograph, hanja, pos, sense and relations', () => {
    expect(parseCurated('# comment\n7 | 배 | 4 | 倍 | 명사 | 곱절 | 비슷한말: 곱절, 갑절; 상위어: -\n')).toEqual([
      {
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

  it('names the line of a mistake', () => {
    expect(() => parseCurated('1 | 사랑 | | | 명사 |\n')).toThrow(/line 1: expected 7 columns/);
    expect(() => parseCurated('\n1 | 사랑 | | | 명사 | | 유의어: 애정\n')).toThrow(/line 2: unknown category "유의어"/);
    expect(() => parseCurated('0 | 사랑 | | | 명사 | | \n')).toThrow(CuratedFormatError);
  });
});

describe('building a dataset from curated entries and Wiktionary rows', () => {
  const curated = [
    '1 | 사랑 | | | 명사 | | 비슷한말: 애정; 준말: 살앙',
    '2 | 애정 | | 愛情 | 명사 | | ',
    '3 | 배 | 1 | | 명사 | 신체 | 상위어: 몸',
    '4 | 배 | 2 | | 명사 | 탈것 | ',
    '5 | 몸 | | | 명사 | | ',
  ].join('\n');

  it('adds the other direction of a curated relation and numbers new words after curated ids', () => {
    const { records, stats } = build(curated);
    const word = (id: number) => records.find((r) => r.id === id)?.word;
    const aejeong = records.find((r) => r.word === '애정');
    expect(aejeong?.relations).toEqual([{ category: '비슷한말', target: 1, source: 'curated' }]);
    const mom = records.find((r) => r.word === '몸');
    expect(mom?.relations.map((r) => [r.category, word(r.target)])).toEqual([['하위어', '배']]);
    const introduced = records.find((r) => r.word === '살앙');
    expect(introduced).toMatchObject({ id: 100_000, source: 'curated' });
    expect(introduced?.relations).toEqual([{ category: '본말', target: 1, source: 'curated' }]);
    expect(stats.introducedByCurated).toEqual(['살앙']);
    expect(records.find((r) => r.word === '사랑')?.frequencyRank).toBe(10);
  });

  it('refuses an ambiguous homograph reference', () => {
    expect(() => build('1 | 몸 | | | 명사 | | 하위어: 배\n2 | 배 | 1 | | | | \n3 | 배 | 2 | | | | ')).toThrow(
      /"배" is a homograph/,
    );
  });

  it('merges Wiktionary rows with their source, skipping homographs and curated entries', () => {
    const { records, stats } = build(curated, [
      '고래\t바다\t관련어',
      '고래\t짐승\t상위어',
      '짐승\t고래\t하위어',
      '배\t선박\t비슷한말',
      '사랑\t미움\t반대말',
      '미움\t사랑\t반대말',
    ]);
    const find = (w: string) => records.find((r) => r.word === w);
    expect(find('고래')?.relations).toEqual([{ category: '상위어', target: find('짐승')?.id, source: 'wiktionary' }]);
    expect(find('짐승')?.source).toBe('wiktionary');
    expect(find('선박')).toBeUndefined();
    expect(find('사랑')?.relations.every((r) => r.source === 'curated')).toBe(true);
    expect(find('미움')?.relations).toEqual([{ category: '반대말', target: 1, source: 'wiktionary' }]);
    expect(stats.skippedWiktionary).toEqual({ ambiguousHomograph: 1, curatedWins: 1, duplicate: 0 });
  });

  it('gives the same bytes for the same input', () => {
    expect(build(curated, ['고래\t짐승\t상위어']).jsonl).toBe(build(curated, ['고래\t짐승\t상위어']).jsonl);
  });
});
