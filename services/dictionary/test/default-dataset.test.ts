import { readFileSync } from 'node:fs';
import { CATEGORIES } from '../src/domain/categories';
import { DatasetValidator, type HeadwordRecord } from '../src/domain/record';
import { buildDefaultDataset, parseFrequency } from '../src/data/build';
import { checkDataset, coverage, REQUIRED_TOP } from '../src/data/checks';
import { DEFAULT_DATASET_PATH, FREQUENCY_TSV_PATH } from '../src/data/paths';
import { readDefaultInputs } from '../src/data/sources';

describe('the default dataset', () => {
  const committed = readFileSync(DEFAULT_DATASET_PATH, 'utf8');
  const records: HeadwordRecord[] = committed
    .trimEnd()
    .split('\n')
    .map((l) => JSON.parse(l) as HeadwordRecord);
  const byId = new Map(records.map((r) => [r.id, r]));
  const entries = (word: string) => records.filter((r) => r.word === word);
  const only = (word: string): HeadwordRecord => {
    const list = entries(word);
    expect(list).toHaveLength(1);
    return list[0] as HeadwordRecord;
  };
  const related = (record: HeadwordRecord, category: string) =>
    record.relations.filter((r) => r.category === category).map((r) => byId.get(r.target)?.word);

  it('is exactly what the build script makes from the editorial files and ../shared/data', async () => {
    const rebuilt = buildDefaultDataset(await readDefaultInputs());
    expect(rebuilt.jsonl === committed).toBe(true);
  });

  it('passes validation line by line with no problem', () => {
    const v = new DatasetValidator();
    for (const line of committed.trimEnd().split('\n')) v.addLine(line);
    v.finish();
    expect(v.problems).toEqual([]);
    expect(v.records).toHaveLength(records.length);
  });

  it('has at least 8,000 editorial headwords, no generated record, and relations in all 11 categories', () => {
    expect(records.filter((r) => r.source === 'editorial').length).toBeGreaterThanOrEqual(8000);
    expect(records.some((r) => r.generated)).toBe(false);
    const editorialCategories = new Set(
      records.flatMap((r) => r.relations.filter((x) => x.source === 'editorial').map((x) => x.category)),
    );
    expect([...CATEGORIES].filter((c) => !editorialCategories.has(c))).toEqual([]);
  });

  it('keeps the editorial examples', () => {
    expect(related(only('사랑'), '비슷한말')).toContain('애정');
    expect(only('애정').hanja).toBe('愛情');
    expect(related(only('아름답다'), '반대말')).toEqual(['추하다', '흉하다']);
    expect(related(only('추하다'), '반대말')).toEqual(['아름답다']);
    // The common honorific, humble and short forms, each on its plain word and linked back.
    for (const [plain, honorific] of [
      ['밥', '진지'],
      ['집', '댁'],
      ['나이', '연세'],
      ['이름', '성함'],
      ['자다', '주무시다'],
      ['있다', '계시다'],
      ['주다', '드리다'],
    ]) {
      expect(related(only(plain as string), '높임말')).toContain(honorific);
      expect(related(only(honorific as string), '관련어')).toContain(plain);
    }
    expect(related(only('우리'), '낮춤말')).toEqual(['저희']);
    for (const [full, short] of [
      ['이것', '이거'],
      ['무엇', '뭐'],
      ['조금', '좀'],
    ]) {
      expect(related(only(full as string), '준말')).toContain(short);
    }
    expect(related(only('먹다'), '높임말')).toEqual(['드시다', '잡수시다']);
    expect(related(only('나'), '낮춤말')).toEqual(['저']);
    expect(related(only('마음'), '준말')).toEqual(['맘']);
    expect(related(only('맘'), '본말')).toEqual(['마음']);
    expect(related(only('옥수수'), '방언')).toEqual(['강냉이']);
    expect(related(only('과일'), '하위어')).toContain('사과');
  });

  it('keeps homographs of 배 apart, each with its own sense and relations', () => {
    const bae = entries('배');
    expect(bae.map((r) => [r.homograph, r.hanja])).toEqual([
      [1, null],
      [2, null],
      [3, null],
      [4, '倍'],
    ]);
    const [belly, ship, pear] = bae as [HeadwordRecord, HeadwordRecord, HeadwordRecord];
    expect(related(belly, '비슷한말')).toContain('복부');
    expect(related(ship, '비슷한말')).toContain('선박');
    expect(related(pear, '상위어')).toContain('과일');
    expect(new Set(bae.map((r) => r.sense)).size).toBe(4);
  });

  it('merges the Wiktionary relations a lexicographer keeps, marked with their source, and words they introduce', () => {
    const wiktRelations = records.flatMap((r) => r.relations).filter((r) => r.source === 'wiktionary');
    expect(wiktRelations.length).toBeGreaterThan(500);
    expect(records.filter((r) => r.source === 'wiktionary').length).toBeGreaterThan(300);
    // A word only the imported data knows, with its pair from the file.
    const titanium = only('티타늄');
    expect(titanium.source).toBe('wiktionary');
    expect(related(titanium, '상위어')).toEqual(['금속']);
  });

  it('has none of the wrong imported relations readers met (sense-blind, encyclopedic, polysemous)', () => {
    const all = (word: string, category: string) => entries(word).flatMap((r) => related(r, category));
    expect(all('수', '상위어')).not.toContain('액체');
    expect(all('이', '비슷한말')).not.toContain('이빨');
    expect(all('중', '비슷한말')).not.toContain('중국');
    expect(all('아직', '비슷한말')).not.toContain('이미');
    expect(all('지역', '하위어')).toEqual(expect.not.arrayContaining(['천국', '지옥', '블랙홀']));
    expect(all('노력', '하위어')).toEqual(expect.not.arrayContaining(['운동', '어려움']));
    expect(all('컴퓨터', '하위어')).not.toContain('사이트');
  });

  it('passes every data check, with each of the top 3,000 NIKL content words a headword', () => {
    const frequency = parseFrequency(readFileSync(FREQUENCY_TSV_PATH, 'utf8'));
    expect(checkDataset(records, { requireTop: REQUIRED_TOP, frequency })).toEqual([]);
    expect(coverage(records, frequency, 3000).found).toBe(3000);
  });

  it('lets an editorial entry win over the sense-blind Wiktionary rows', () => {
    // The file has 아름답다 → 여자 (상위어) and 서다 ↔ 거짓말 (반대말); editorial entries say otherwise.
    expect(only('아름답다').relations.every((r) => r.source === 'editorial')).toBe(true);
    expect(related(only('서다'), '반대말')).toEqual(['앉다']);
    expect(related(only('여자'), '반대말')).toEqual(['남자']);
  });

  it('takes frequency ranks, and a missing part of speech, from the frequency list', () => {
    expect(only('가게')).toMatchObject({ frequencyRank: 1195, pos: '명사' });
    expect(only('티타늄')).toMatchObject({ pos: null });
    expect(only('사랑').frequencyRank).toBeLessThan(1000);
  });
});
