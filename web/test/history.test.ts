import { HISTORY_LIMIT, addToHistory, type HistoryEntry } from '../src/features/dictionary/history';

const entry = (id: number, word = `낱말${id}`): HistoryEntry => ({
  id,
  word,
  hanja: '',
  linkUrl: `/dictionary/Search/${id}`,
});

describe('session search history (spec §9)', () => {
  test('a newly opened headword comes first', () => {
    expect(addToHistory([entry(1), entry(2)], entry(3)).map((item) => item.id)).toEqual([3, 1, 2]);
  });

  test('opening a headword again moves it to the front instead of adding a copy', () => {
    const history = addToHistory([entry(1), entry(2), entry(3)], entry(2, '다시'));
    expect(history.map((item) => item.id)).toEqual([2, 1, 3]);
    expect(history[0]?.word).toBe('다시');
  });

  test('at most ten entries are kept, dropping the oldest', () => {
    let history: HistoryEntry[] = [];
    for (let id = 1; id <= 12; id += 1) history = addToHistory(history, entry(id));
    expect(history).toHaveLength(HISTORY_LIMIT);
    expect(history.map((item) => item.id)).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3]);
  });
});
