// Common Korean spelling confusions (맞춤법): what learners and native writers often type for a
// headword. Each rule rewrites a piece of the query; the caller keeps a variant only when it is a
// headword, so a rule may be broad. The table suggests ('혹시 … 찾으셨나요?'); it never rewrites:
// rows of the query's own exact headword stay first.
//
// Audited row by row against 표준국어대사전. A `misspelling` row's written side is not
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

// Misspelled endings: the query is an inflected form written the way it is
// said or wrongly contracted (됬어 for 됐어, 할께 for 할게, 할려고 for 하려고, 바꼈어 for 바뀌었어, 되서 for
// 돼서, 잠궜다 for 잠갔다). These rules rewrite the form into its standard spelling; the caller
// lemmatises the result and keeps only headwords, offered as suggestions (a rewrite of a correct form,
// such as 꼈다 of 끼다, leads to no headword or stays a suggestion beside the query's own reading).

const SYLLABLE_BASE = 0xac00;
const JONG_COUNT = 28;
const JONG_RIEUL = 8;
const JONG_SSANG_SIOT = 20;
const JUNG_YEO = 6;
const JUNG_WI = 16;
/** ㄱ, ㄲ, ㅋ: the ㅟ+었 contractions people write (바꼈, 사겼, 할켰); 졌 or 셨 are standard forms of their own. */
const VELAR = new Set([0, 1, 15]);
/** 려 of an intention ending (할려고, 볼려면, 갈려는, 먹을려다): 알려 of 알리다 is not one. */
const PURPOSE_AFTER_RYEO = new Set(['고', '면', '는', '다', '구']);

function syllableParts(ch: string): { cho: number; jung: number; jong: number } | null {
  const code = (ch.codePointAt(0) ?? 0) - SYLLABLE_BASE;
  if (code < 0 || code > 11171) return null;
  return { cho: Math.floor(code / 588), jung: Math.floor((code % 588) / JONG_COUNT), jong: code % JONG_COUNT };
}

function syllableOf(cho: number, jung: number, jong: number): string {
  return String.fromCodePoint(SYLLABLE_BASE + cho * 588 + jung * JONG_COUNT + jong);
}

/** Whole-syllable rewrites: [written, meant]. */
const ENDING_MISSPELLINGS: ReadonlyArray<readonly [string, string]> = [
  ['됬', '됐'],
  ['되서', '돼서'],
  ['되요', '돼요'],
  ['되도', '돼도'],
  ['되야', '돼야'],
  ['뵈요', '봬요'],
  ['궜', '갔'],
  ['궈', '가'],
  ['뤘', '렀'],
  ['뤄', '러'],
  ['꺼야', '거야'],
  ['꺼예요', '거예요'],
  ['꺼에요', '거예요'],
  ['거에요', '거예요'],
];

/**
 * Standard spellings of a misspelled inflected form, the query itself excluded: the rows above, and
 * three rules on syllables: 께/꺼 after an ㄹ ending (할께 → 할게, 먹을꺼야 → 먹을거야), an ㄹ before
 * the 려 of an intention (할려고 → 하려고), and a ㄱ/ㄲ/ㅋ+ㅕ+ㅆ syllable that stands for ㅟ+었 (바꼈 → 바뀌었, 사겼 → 사귀었).
 */
export function misspelledFormVariants(query: string): string[] {
  const out = new Set<string>();
  for (const [written, meant] of ENDING_MISSPELLINGS) {
    if (query.includes(written)) out.add(query.split(written).join(meant));
  }
  const cs = Array.from(query);
  for (let i = 1; i < cs.length; i += 1) {
    const prev = syllableParts(cs[i - 1] ?? '');
    const ch = cs[i] ?? '';
    if (prev?.jong === JONG_RIEUL && (ch === '께' || ch === '꺼')) {
      out.add([...cs.slice(0, i), ch === '께' ? '게' : '거', ...cs.slice(i + 1)].join(''));
    }
    const next = cs[i + 1] ?? '';
    if (prev?.jong === JONG_RIEUL && ch === '려' && PURPOSE_AFTER_RYEO.has(next)) {
      // 할려고 → 하려고; 먹을려고 → 먹으려고 (the ㄹ is the speaker's, not the stem's).
      const without = syllableOf(prev.cho, prev.jung, 0);
      out.add([...cs.slice(0, i - 1), without, ...cs.slice(i)].join(''));
    }
  }
  for (let i = 1; i < cs.length; i += 1) {
    const s = syllableParts(cs[i] ?? '');
    if (s && VELAR.has(s.cho) && s.jung === JUNG_YEO && s.jong === JONG_SSANG_SIOT) {
      out.add([...cs.slice(0, i), syllableOf(s.cho, JUNG_WI, 0), '었', ...cs.slice(i + 1)].join(''));
    }
  }
  out.delete(query);
  return [...out];
}
