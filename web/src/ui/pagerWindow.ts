/** Pager numbers of spec §2.2: a window of 3 by default; list screens use a sibling range of 2 (5 numbers). */
export const DEFAULT_PAGER_WINDOW = 3;
export const LIST_PAGER_SIBLINGS = 2;

export type PagerWindowOptions = { size?: number } | { siblings: number };

/**
 * The page numbers (1-based) to show around `current`, clamped to the first
 * and last page so the window stays full when there are enough pages.
 */
export function pagerWindow(current: number, totalPages: number, options: PagerWindowOptions = {}): number[] {
  const total = Math.max(0, Math.floor(totalPages));
  if (total === 0) return [];
  const size = Math.max(1, 'siblings' in options ? 2 * options.siblings + 1 : (options.size ?? DEFAULT_PAGER_WINDOW));
  const page = Math.min(Math.max(1, Math.floor(current)), total);
  const start = Math.min(Math.max(1, page - Math.floor((size - 1) / 2)), Math.max(1, total - size + 1));
  const end = Math.min(total, start + size - 1);
  const pages: number[] = [];
  for (let n = start; n <= end; n += 1) pages.push(n);
  return pages;
}
