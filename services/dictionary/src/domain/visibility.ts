// Spec §6 and §9: how many words per category each kind of reader sees. Paid content
// never leaves the server, so the cut happens here, before a response is built.
import type { Headword, RelationGroup } from './headword';

export type Reader = 'visitor' | 'free' | 'paid';

const VISIBLE_PER_CATEGORY: Record<Reader, number> = {
  visitor: 1,
  free: 2,
  paid: Number.POSITIVE_INFINITY,
};

export function visiblePerCategory(reader: Reader): number {
  return VISIBLE_PER_CATEGORY[reader];
}

export interface VisibleGroup extends RelationGroup {
  /** Words of this category the reader may not see; they are not in `words`. */
  hidden: number;
}

export function cutForReader(headword: Headword, reader: Reader): VisibleGroup[] {
  const limit = visiblePerCategory(reader);
  return headword.groups.map((group) => {
    const words = group.words.slice(0, limit);
    return { category: group.category, words, hidden: group.words.length - words.length };
  });
}
