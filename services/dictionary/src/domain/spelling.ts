// Common Korean spelling confusions (맞춤법): what learners and native writers often type for a
// headword. Each rule rewrites a piece of the query; the caller keeps a variant only when it is a
// headword, so a rule may be broad. The table suggests ('혹시 … 찾으셨나요?'); it never rewrites:
// rows of the query's own exact headword stay first.
//
// Audited row by row against 표준국어대사전 (issue 17). A `misspelling` row's written side is not
// standard spelling (허구헌날, 몇일), so it is offered only when the query is not itself a headword.
// A `confusable` row links two standard words that are often mixed up (결재/결제, 낫다/낳다, 금새/금세):
// both are correct, so the other is offered beside the exact row, never instead of it.
// Removed in the audit: 웃어른 → 윗어른 (웃어른 is the standard word; the row now goes the other
// way), 어떻게 → 어떡해 (both standard, and not a confusion of one word), 베개 → 배게 (suggested the
// non-standard spelling), 틀리 → 다르 (a usage question, not spelling), and the ending rows
// 되요 → 돼요, 안되 → 안돼, 알맞는 → 알맞은 (their results are never headwords; the lemmatiser reads
// 되요 and 알맞는 already).

export type ConfusionKind = 'misspelling' | 'confusable';

/** [written, meant, kind]: 허구헌날 → 허구한날 (the headword is written without the space). */
const CONFUSIONS: ReadonlyArray<readonly [string, string, ConfusionKind]> = [
  ['허구헌', '허구한', 'misspelling'],
  ['결재', '결제', 'confusable'],
  ['결제', '결재', 'confusable'],
  ['몇일', '며칠', 'misspelling'],
  ['어떻해', '어떡해', 'misspelling'],
  ['희안', '희한', 'misspelling'],
  ['오랫만', '오랜만', 'misspelling'],
  // 금새 is a standard word too (물건의 값), but rarely the one meant.
  ['금새', '금세', 'confusable'],
  ['설겆이', '설거지', 'misspelling'],
  ['일일히', '일일이', 'misspelling'],
  ['깨끗히', '깨끗이', 'misspelling'],
  ['어의없', '어이없', 'misspelling'],
  ['역활', '역할', 'misspelling'],
  ['궂이', '굳이', 'misspelling'],
  // 바램 is standard as the noun of 바래다 (to fade); as 'wish' it is 바람.
  ['바램', '바람', 'confusable'],
  ['웬지', '왠지', 'misspelling'],
  ['왠일', '웬일', 'misspelling'],
  ['왠만', '웬만', 'misspelling'],
  // 문안(問安) is a standard word; 무난(無難) is what '문안하다' usually means in a sentence.
  ['문안', '무난', 'confusable'],
  ['낳다', '낫다', 'confusable'],
  ['낫다', '낳다', 'confusable'],
  ['맞추다', '맞히다', 'confusable'],
  ['맞히다', '맞추다', 'confusable'],
  ['가르키다', '가리키다', 'misspelling'],
  ['않', '안', 'confusable'],
  ['안', '않', 'confusable'],
  ['로서', '로써', 'confusable'],
  ['로써', '로서', 'confusable'],
  ['배게', '베개', 'misspelling'],
  ['개발', '계발', 'confusable'],
  ['계발', '개발', 'confusable'],
  ['잃어', '잊어', 'confusable'],
  ['잊어', '잃어', 'confusable'],
  ['곰곰히', '곰곰이', 'misspelling'],
  ['번번히', '번번이', 'misspelling'],
  ['꼼꼼이', '꼼꼼히', 'misspelling'],
  ['솔직이', '솔직히', 'misspelling'],
  ['틈틈히', '틈틈이', 'misspelling'],
  ['설레임', '설렘', 'misspelling'],
  ['넓직', '널찍', 'misspelling'],
  ['짜집기', '짜깁기', 'misspelling'],
  ['내노라', '내로라', 'misspelling'],
  ['구지', '굳이', 'misspelling'],
  ['갯수', '개수', 'misspelling'],
  ['뒷편', '뒤편', 'misspelling'],
  ['윗층', '위층', 'misspelling'],
  // 웃어른 is the standard word (표준어 규정 제12항: 위아래 대립이 없으면 '웃-').
  ['윗어른', '웃어른', 'misspelling'],
  ['삼가하', '삼가', 'misspelling'],
  ['치루', '치르', 'misspelling'],
  ['담구', '담그', 'misspelling'],
  ['잠구', '잠그', 'misspelling'],
];

/** Every row, for tests and the audit. */
export const CONFUSION_ROWS = CONFUSIONS;

function variantsOf(query: string, kinds: ReadonlySet<ConfusionKind>): string[] {
  const out = new Set<string>();
  for (const [written, meant, kind] of CONFUSIONS) {
    if (!kinds.has(kind)) continue;
    let from = query.indexOf(written);
    while (from >= 0) {
      out.add(query.slice(0, from) + meant + query.slice(from + written.length));
      from = query.indexOf(written, from + 1);
    }
  }
  out.delete(query);
  return [...out];
}

const ALL: ReadonlySet<ConfusionKind> = new Set(['misspelling', 'confusable']);

/** Headword spellings the query may have meant, by the confusion table; the query itself excluded. */
export function confusionVariants(query: string): string[] {
  return variantsOf(query, ALL);
}

/** The same, split by kind: misspellings are offered only when the query is not a headword itself. */
export function confusionsByKind(query: string): Record<ConfusionKind, string[]> {
  return {
    misspelling: variantsOf(query, new Set(['misspelling'])),
    confusable: variantsOf(query, new Set(['confusable'])),
  };
}
