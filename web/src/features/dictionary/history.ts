/** Session search history (spec §3 "Session history entry", §9: at most 10, de-duplicated by id, newest first). */
export interface HistoryEntry {
  id: number;
  word: string;
  hanja: string;
  linkUrl: string;
}

export const HISTORY_LIMIT = 10;

/** The history after opening `entry`: it moves to the front, an older copy goes, the list keeps 10. */
export function addToHistory(history: readonly HistoryEntry[], entry: HistoryEntry): HistoryEntry[] {
  return [entry, ...history.filter((item) => item.id !== entry.id)].slice(0, HISTORY_LIMIT);
}
