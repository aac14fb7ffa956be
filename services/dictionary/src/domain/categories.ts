/**
 * The 11 relation categories, in the order every screen and response shows them.
 * The labels are the GUBN values of the documented API (spec §3, §7.2).
 */
export const CATEGORIES = [
  '비슷한말',
  '반대말',
  '높임말',
  '낮춤말',
  '준말',
  '본말',
  '방언',
  '상위어',
  '하위어',
  '참고어',
  '관련어',
] as const;

export type Category = (typeof CATEGORIES)[number];

const ORDER: ReadonlyMap<string, number> = new Map(CATEGORIES.map((c, i) => [c, i]));

export function isCategory(value: string): value is Category {
  return ORDER.has(value);
}

/** Position of a category in the display order (0 = 비슷한말). */
export function categoryRank(category: Category): number {
  return ORDER.get(category) ?? CATEGORIES.length;
}

/**
 * The category a relation implies in the other direction, when the inverse is a real
 * dictionary relation. 높임말/낮춤말/방언 have none: the plain form of an honorific is
 * not its "humble word", and a standard word is not a dialect of its dialect form.
 */
export function inverseCategory(category: Category): Category | null {
  switch (category) {
    case '비슷한말':
    case '반대말':
    case '참고어':
    case '관련어':
      return category;
    case '상위어':
      return '하위어';
    case '하위어':
      return '상위어';
    case '준말':
      return '본말';
    case '본말':
      return '준말';
    default:
      return null;
  }
}
