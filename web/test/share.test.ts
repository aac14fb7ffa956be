import { SHARE_LIMIT, shareMessage } from '../src/features/dictionary/format';

describe('what the detail page shares', () => {
  const url = 'https://dict.example/dictionary/Search/7';

  test('says whose words they are and which category, and links back to the entry', () => {
    const message = shareMessage({ WORD: '사랑', HANJA: '愛' }, '비슷한말', ['애정', '연모'], url);
    expect(message.text).toBe('‘사랑 (愛)’의 비슷한말: 애정, 연모');
    expect(message.title).toBe('사랑의 비슷한말 | 한국어 유의어 사전');
    expect(message.url).toBe(url);
    expect(message.clipboard).toBe(`‘사랑 (愛)’의 비슷한말: 애정, 연모\n${url}`);
  });

  test('a homograph without hanja is told apart by its sense', () => {
    const message = shareMessage({ WORD: '배', HANJA: null, SENSE: '과일' }, '비슷한말', ['배실'], url);
    expect(message.text).toBe('‘배 — 과일’의 비슷한말: 배실');
  });

  test('at most the first ten words, comma-joined (spec §9)', () => {
    const words = Array.from({ length: 14 }, (_, i) => `낱말${i + 1}`);
    const message = shareMessage({ WORD: '말', HANJA: null }, '비슷한말', words, url);
    expect(message.text).toBe(`‘말’의 비슷한말: ${words.slice(0, SHARE_LIMIT).join(', ')}`);
  });
});
