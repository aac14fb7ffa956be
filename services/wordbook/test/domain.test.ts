import { toAnki, toCsv, UTF8_BOM } from '../src/domain/export';
import { toSearchResponse, totalPages, type WordbookItem } from '../src/domain/items';
import { dictionaryUrlOf } from '../src/config';

const item = (over: Partial<WordbookItem> = {}): WordbookItem => ({
  id: '0123456789abcdef01234567',
  userId: 7,
  headwordId: 2,
  word: '학교',
  hanja: '學校',
  linkUrl: '/dictionary/Search/2',
  createdAt: new Date('2026-03-01T09:00:00Z'),
  ...over,
});

describe('wordbook domain', () => {
  it('when items are listed, then they carry the documented keys', () => {
    expect(toSearchResponse({ items: [item()], total: 11, pageNum: 0, pageSize: 10 })).toEqual({
      wordBookItems: [
        { ID: '0123456789abcdef01234567', WORD: '학교', HANJA: '學校', WORD_ID: 2, LINK_URL: '/dictionary/Search/2' },
      ],
      totalPages: 2,
      totalElements: 11,
    });
    expect([totalPages(0, 10), totalPages(10, 10), totalPages(11, 10)]).toEqual([0, 1, 2]);
  });

  it('when a CSV is made, then it starts with a BOM, quotes commas and defuses formulas', () => {
    const csv = toCsv([item({ word: '=HYPERLINK("x")', hanja: '' }), item({ word: '가,나' })], 'https://syn.example');
    expect(csv.startsWith(UTF8_BOM)).toBe(true);
    const lines = csv.slice(1).split('\r\n');
    expect(lines[0]).toBe('단어,한자,단어 ID,링크,저장일');
    expect(lines[1]).toBe(`"'=HYPERLINK(""x"")",,2,https://syn.example/dictionary/Search/2,2026-03-01`);
    expect(lines[2]).toBe('"가,나",學校,2,https://syn.example/dictionary/Search/2,2026-03-01');
  });

  it('when an Anki file is made, then tabs and line breaks cannot split a field', () => {
    const text = toAnki([{ item: item({ word: '사\t랑', hanja: '' }), similar: ['애정\n', '연애'] }]);
    expect(text.split('\n')[3]).toBe('사 랑\t애정, 연애');
  });

  it('when DICTIONARY_URL is unset, then the first of DICTIONARY_URLS is used, else :4002', () => {
    expect(dictionaryUrlOf({ DICTIONARY_URLS: 'http://a:1/, http://b:2' })).toBe('http://a:1');
    expect(dictionaryUrlOf({ DICTIONARY_URL: 'http://c:3', DICTIONARY_URLS: 'http://a:1' })).toBe('http://c:3');
    expect(dictionaryUrlOf({})).toBe('http://127.0.0.1:4002');
  });
});
