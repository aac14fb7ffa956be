// Converting 우리말샘 and 표준국어대사전 exports (JSON and XML) into dataset records, on small
// fixtures written in the exports' structure (test/fixtures/nikl).
import {
  createReadStream,
  createWriteStream,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { currentSourceInfo, SourceTally, SOURCE_INFO } from '../src/data/convert/attribution';
import {
  convertExport,
  ExportFormatError,
  exportFiles,
  type ConvertStats,
  type ExportFormat,
} from '../src/data/convert';
import { cleanWord, hanjaOf, mapPos, relationCategory, senseNote } from '../src/data/convert/mapping';
import { DatasetValidator, type DatasetRecord } from '../src/domain/record';

const FIXTURES = resolve(__dirname, 'fixtures', 'nikl');
let dir = '';

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'dict-convert-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function convert(
  format: ExportFormat,
  ...files: string[]
): Promise<{ records: DatasetRecord[]; stats: ConvertStats; text: string }> {
  const out = join(dir, `${format}-${Math.random().toString(36).slice(2)}.jsonl`);
  const stats = await convertExport(
    files.map((f) => (f.startsWith('/') ? f : join(FIXTURES, f))),
    format,
    out,
  );
  const text = readFileSync(out, 'utf8');
  const records = text
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l) as DatasetRecord);
  return { records, stats, text };
}

function byWord(records: DatasetRecord[], word: string): DatasetRecord[] {
  return records.filter((r) => r.word === word).sort((a, b) => a.homograph - b.homograph);
}

function one(records: DatasetRecord[], word: string): DatasetRecord {
  const found = byWord(records, word);
  expect(found).toHaveLength(1);
  return found[0] as DatasetRecord;
}

/** "비슷한말 언어" for each relation, naming the target as word or word#homograph. */
function related(records: DatasetRecord[], record: DatasetRecord): string[] {
  return record.relations.map((rel) => {
    const target = records.find((r) => r.id === rel.target);
    const name = target ? (target.homograph > 0 ? `${target.word}#${target.homograph}` : target.word) : '?';
    return `${rel.category} ${name}`;
  });
}

describe.each([
  ['urimalsaem', 'urimalsaem.json', 'urimalsaem.xml'],
  ['stdict', 'stdict.json', 'stdict.xml'],
] as const)('%s export', (format, jsonFile, xmlFile) => {
  it('gives the same dataset from its JSON and its XML form', async () => {
    const fromJson = await convert(format, jsonFile);
    const fromXml = await convert(format, xmlFile);
    expect(fromXml.text).toBe(fromJson.text);
    expect(fromXml.stats).toEqual(fromJson.stats);
  });

  it('writes lines the importer accepts without a single problem', async () => {
    const { text, records } = await convert(format, jsonFile);
    const validator = new DatasetValidator();
    for (const line of text.split('\n')) validator.addLine(line);
    expect(validator.finish()).toHaveLength(records.length);
    expect(validator.problems).toEqual([]);
    expect(records.every((r) => r.source === format && r.relations.every((rel) => rel.source === format))).toBe(true);
    expect(records.map((r) => r.id)).toEqual(records.map((_, i) => i + 1));
  });

  it('keeps homographs apart, each with a short sense note, and single entries without one', async () => {
    const { records, stats } = await convert(format, jsonFile);
    const bae = byWord(records, '배');
    expect(bae.map((r) => r.homograph)).toEqual([1, 2, 3]);
    for (const r of bae) expect(Array.from(r.sense ?? '').length).toBeGreaterThan(1);
    expect(bae[2]?.sense).toBe('배나무의 열매');
    expect(byWord(records, '말').map((r) => r.homograph)).toEqual([1, 2]);
    expect(one(records, '복부')).toMatchObject({ homograph: 0, sense: null });
    expect(stats.homographs).toBe(5);
  });

  it('takes hanja from the original-language field, markup stripped from the word', async () => {
    const { records } = await convert(format, jsonFile);
    expect(one(records, '사랑방').hanja).toBe('舍廊房');
    expect(one(records, '복부').hanja).toBe('腹部');
    expect(one(records, '언어').hanja).toBe('言語');
    expect(one(records, '과일').hanja).toBeNull();
    expect(one(records, '조랑말').pos).toBe('명사');
  });

  it('merges the relations of every sense of an entry, mapped to our categories, targets resolved', async () => {
    const { records } = await convert(format, jsonFile);
    const [mal] = byWord(records, '말');
    expect(related(records, mal as DatasetRecord).sort()).toEqual(['높임말 말씀', '비슷한말 언어', '비슷한말 이야기']);
    expect(related(records, one(records, '과일'))).toEqual(['하위어 배#3', '하위어 사과']);
    expect(related(records, one(records, '복부'))).toEqual(['비슷한말 배#1']);
    expect(related(records, one(records, '조랑말'))).toEqual(['상위어 말#2']);
    expect(related(records, one(records, '이야기'))).toEqual(['준말 얘기']);
    expect(related(records, one(records, '얘기'))).toEqual(['본말 이야기']);
    expect(related(records, one(records, '부추'))).toEqual(['방언 정구지']);
  });

  it('drops 옛말 entries and relations, phrases and affixes, and reports each', async () => {
    const { records, stats } = await convert(format, jsonFile);
    for (const word of ['녀름', '꾼', '-꾼', '배아프다', '배 아프다']) expect(byWord(records, word)).toEqual([]);
    expect(related(records, one(records, '여름'))).toEqual(['비슷한말 하절']);
    expect(stats.droppedRelationTypes['옛말']).toBe(1);
    expect(stats.droppedParts['type 옛말']).toBe(1);
    expect(stats.droppedParts['affix or ending']).toBe(1);
    // A 방언 entry stays a headword, so the standard word's 방언 relation has a target.
    expect(one(records, '정구지').pos).toBe('명사');
  });
});

describe('우리말샘 specifics', () => {
  it('joins a mixed original (偏狹 + 하다), takes the first of a 병기 origin, gives loanword hybrids no hanja', async () => {
    const { records } = await convert('urimalsaem', 'urimalsaem.json');
    expect(one(records, '편협하다')).toMatchObject({ hanja: '偏狹하다', pos: '형용사' });
    expect(related(records, one(records, '편협하다'))).toEqual(['반대말 관대하다']);
    expect(one(records, '가야').hanja).toBe('伽倻');
    expect(one(records, '컴퓨터실').hanja).toBeNull();
  });

  it('reports a relation type it does not map by name, and a relation to an unnumbered homograph as ambiguous', async () => {
    const { records, stats } = await convert('urimalsaem', 'urimalsaem.json');
    expect(stats.droppedRelationTypes).toEqual({ 옛말: 1, 가리킴말: 1 });
    // 선박 → 배 carries no link_target_code: which 배 is meant cannot be told.
    expect(related(records, one(records, '선박'))).toEqual([]);
    expect(stats.droppedRelations['ambiguous homograph']).toBe(1);
    // Sound-symbolic pairs become 참고어, not 비슷한말.
    expect(related(records, one(records, '졸졸'))).toEqual(['참고어 줄줄']);
    expect(stats.droppedParts['unit 구']).toBe(1);
  });

  it('reads a folder of numbered export files and gzipped files alike', async () => {
    const folder = join(dir, 'split');
    const whole = JSON.parse(readFileSync(join(FIXTURES, 'urimalsaem.json'), 'utf8')) as {
      channel: { item: unknown[] };
    };
    const items = whole.channel.item;
    rmSync(folder, { recursive: true, force: true });
    mkdirSync(folder);
    // The download unpacks to numbered files; 10 sorts after 2.
    writeFileSync(join(folder, '2.json'), JSON.stringify({ channel: { item: items.slice(10) } }));
    writeFileSync(join(folder, '1.json'), JSON.stringify({ channel: { item: items.slice(0, 10) } }));
    await pipeline(
      createReadStream(join(FIXTURES, 'urimalsaem.xml')),
      createGzip(),
      createWriteStream(join(dir, 'u.xml.gz')),
    );
    expect((await exportFiles([folder])).map((f) => f.slice(folder.length + 1))).toEqual(['1.json', '2.json']);
    const reference = await convert('urimalsaem', 'urimalsaem.json');
    expect((await convert('urimalsaem', folder)).text).toBe(reference.text);
    expect((await convert('urimalsaem', join(dir, 'u.xml.gz'))).text).toBe(reference.text);
  });

  it('keeps at most 99 homographs of one spelling, the number the dataset allows', async () => {
    const items = Array.from({ length: 101 }, (_, i) => ({
      target_code: String(i + 1),
      group_code: String(i + 1),
      wordinfo: { word: '가', word_unit: '어휘' },
      senseinfo: { type: '일반어', pos: '명사', definition: `뜻 ${i + 1}` },
    }));
    items.push({
      target_code: '500',
      group_code: '500',
      wordinfo: { word: '나', word_unit: '어휘' },
      senseinfo: {
        type: '일반어',
        pos: '명사',
        definition: '뜻',
        relation_info: [
          { word: '가', type: '참고 어휘', link_target_code: '1' },
          { word: '가', type: '참고 어휘', link_target_code: '101' },
        ],
      } as never,
    });
    const file = join(dir, 'many.json');
    writeFileSync(file, JSON.stringify({ channel: { item: items } }));
    const { records, stats } = await convert('urimalsaem', file);
    expect(byWord(records, '가').map((r) => r.homograph)).toEqual(Array.from({ length: 99 }, (_, i) => i + 1));
    expect(stats).toMatchObject({ headwords: 100, droppedParts: { 'homograph past the 99th': 2 } });
    expect(related(records, one(records, '나'))).toEqual(['참고어 가#1']);
    expect(stats.droppedRelations).toEqual({ 'target not a headword': 1 });
  });

  it('fails with the file named on a broken export', async () => {
    const broken = join(dir, 'broken.xml');
    writeFileSync(broken, '<channel><item><wordInfo><word>배</word></item></channel>');
    await expect(convert('urimalsaem', broken)).rejects.toThrow(ExportFormatError);
    const cut = join(dir, 'cut.json');
    writeFileSync(cut, '{"channel":{"item":[{"target_code":"1","wordinfo":{"word":"배"');
    await expect(convert('urimalsaem', cut)).rejects.toThrow(/cut\.json/u);
    const text = join(dir, 'text.json');
    writeFileSync(text, 'word,pos\n');
    await expect(convert('urimalsaem', text)).rejects.toThrow(/neither a JSON nor an XML export/u);
  });
});

describe('표준국어대사전 specifics', () => {
  it('reads the homograph number at the end of the word and resolves a related word written with it', async () => {
    const { records } = await convert('stdict', 'stdict.json');
    // 사과05 is the only 사과 kept: a single entry, no homograph number.
    expect(one(records, '사과').homograph).toBe(0);
    expect(byWord(records, '배').map((r) => r.homograph)).toEqual([1, 2, 3]);
  });

  it('skips the senses of a dropped type inside a kept entry, and takes the first part of speech', async () => {
    const { records, stats } = await convert('stdict', 'stdict.json');
    // 말01's 옛말 sense relates 마리: not even tried. The one relation left out is 사랑방 → 사랑01.
    expect(stats.droppedRelations).toEqual({ 'target not a headword': 1 });
    expect(one(records, '가까이').pos).toBe('명사');
  });
});

describe('mapping rules', () => {
  it('maps relation types, spaces ignored, and leaves the others unmapped', () => {
    expect(relationCategory('참고 어휘')).toBe('참고어');
    expect(relationCategory('비슷한말')).toBe('비슷한말');
    expect(relationCategory('큰말')).toBe('참고어');
    expect(relationCategory('옛말')).toBeNull();
    expect(relationCategory('북한어')).toBeNull();
  });

  it('maps parts of speech and drops bound forms', () => {
    expect(mapPos('의존 명사')).toEqual({ pos: '의존명사' });
    expect(mapPos('보조 동사')).toEqual({ pos: '보조 용언' });
    expect(mapPos('「명사」')).toEqual({ pos: '명사' });
    expect(mapPos('명사·부사')).toEqual({ pos: '명사' });
    expect(mapPos('품사 없음')).toEqual({ pos: null });
    expect(mapPos('어미')).toEqual({ drop: 'part of speech 어미' });
  });

  it('cleans headword markup and reads a trailing homograph number', () => {
    expect(cleanWord('가-게')).toEqual({ word: '가게', supNo: null });
    expect(cleanWord('배03')).toEqual({ word: '배', supNo: 3 });
    expect(cleanWord('육이오^전쟁')).toEqual({ word: '육이오전쟁', supNo: null });
    expect(cleanWord('대-21')).toEqual({ bound: true });
    expect(cleanWord('-이다21')).toEqual({ bound: true });
  });

  it('builds hanja only from Sino-Korean and Korean segments', () => {
    expect(hanjaOf([{ original: '愛情', type: '한자' }])).toBe('愛情');
    expect(
      hanjaOf([
        { original: 'computer', type: '영어' },
        { original: '室', type: '한자' },
      ]),
    ).toBeNull();
    expect(hanjaOf([{ original: '고유', type: '고유어' }])).toBeNull();
    expect(hanjaOf([])).toBeNull();
  });

  it('cuts a sense note to its first clause, at most 30 characters', () => {
    expect(senseNote('배나무의 열매. 모양은 둥글다.')).toBe('배나무의 열매');
    expect(senseNote('<FL>물</FL> 위로 다니는 탈것')).toBe('물 위로 다니는 탈것');
    expect(Array.from(senseNote('가'.repeat(50)) ?? '')).toHaveLength(30);
    expect(senseNote(null)).toBeNull();
  });

  it('names the attribution the licences require for every source a dataset holds', () => {
    const tally = new SourceTally();
    tally.add({ source: 'urimalsaem', frequencyRank: null, relations: [{ source: 'urimalsaem' }] });
    expect(tally.sources()).toEqual([SOURCE_INFO.urimalsaem]);
    expect(SOURCE_INFO.urimalsaem.attribution).toContain('CC BY-SA 2.0 KR');
    expect(SOURCE_INFO.stdict.attribution).toContain('표준국어대사전');
    const mixed = new SourceTally();
    mixed.add({ source: 'editorial', frequencyRank: 3, relations: [{ source: 'wiktionary' }] });
    expect(mixed.sources().map((s) => s.id)).toEqual(['editorial', 'wiktionary', 'frequency']);
  });
});

describe('the attribution shown with the data', () => {
  const HANGUL = /[가-힣]/;

  it('is written in Korean for every source and keeps each licence name as written', () => {
    for (const info of Object.values(SOURCE_INFO)) {
      expect(info.name + info.attribution).toMatch(HANGUL);
      expect(info.attribution).toMatch(/^[^A-Za-z]*[가-힣]/);
      for (const licence of (info.license ?? '').split(', ').filter(Boolean)) {
        expect(info.attribution).toContain(licence);
      }
    }
  });

  it('carries the licence-prescribed lines of the default data word for word (shared/data README)', () => {
    expect(SOURCE_INFO.wiktionary.notice).toBe(
      'Korean word relations: Open Multilingual Wordnet Wiktionary data (Bond & Foster 2013), from Wiktionary ' +
        'contributors, CC BY-SA 3.0 (https://creativecommons.org/licenses/by-sa/3.0/); filtered and linked with ' +
        'Princeton WordNet 3.0 relations. WordNet 3.0 Copyright 2006 by Princeton University. All rights reserved.',
    );
    expect(SOURCE_INFO.frequency.notice?.split('\n')).toEqual([
      '출처: 국립국어원 「한국어 학습용 어휘 목록」(2003), 공공누리 제1유형.',
      'Word frequencies: FrequencyWords by Hermit Dave, from OpenSubtitles 2018 (www.opensubtitles.org, ' +
        'opus.nlpl.eu), CC BY-SA 4.0 (https://creativecommons.org/licenses/by-sa/4.0/); merged and re-ranked.',
    ]);
    expect(SOURCE_INFO.urimalsaem.notice).toBeNull();
  });

  it("answers an index imported with the old English line in today's words, and keeps an unknown source", () => {
    const stale = { ...SOURCE_INFO.wiktionary, attribution: 'Korean word relations: …' } as Omit<
      typeof SOURCE_INFO.wiktionary,
      'notice'
    > & { notice?: string | null };
    delete stale.notice;
    expect(currentSourceInfo(stale)).toEqual(SOURCE_INFO.wiktionary);
    const unknown = { id: 'someday', name: 'x', license: null, licenseUrl: null, url: null, attribution: '자료' };
    expect(currentSourceInfo(unknown as never)).toEqual({ ...unknown, notice: null });
  });
});
