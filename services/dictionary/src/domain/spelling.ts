// Common Korean spelling confusions (맞춤법): what learners and native writers often type
// for a headword. Each rule rewrites a piece of the query; the caller keeps a variant only
// when it is a headword, so a rule may be broad.

/** [written, meant]: 허구헌날 → 허구한날 (the headword is written without the space). */
const CONFUSIONS: ReadonlyArray<readonly [string, string]> = [
  ['허구헌', '허구한'],
  ['결재', '결제'],
  ['결제', '결재'],
  ['몇일', '며칠'],
  ['어떻해', '어떡해'],
  ['희안', '희한'],
  ['오랫만', '오랜만'],
  ['금새', '금세'],
  ['설겆이', '설거지'],
  ['일일히', '일일이'],
  ['깨끗히', '깨끗이'],
  ['어의없', '어이없'],
  ['역활', '역할'],
  ['궂이', '굳이'],
  ['바램', '바람'],
  ['웬지', '왠지'],
  ['왠일', '웬일'],
  ['왠만', '웬만'],
  ['되요', '돼요'],
  ['안되', '안돼'],
  ['문안', '무난'],
  ['낳다', '낫다'],
  ['낫다', '낳다'],
  ['맞추다', '맞히다'],
  ['맞히다', '맞추다'],
  ['가르키다', '가리키다'],
  ['않', '안'],
  ['안', '않'],
  ['로서', '로써'],
  ['로써', '로서'],
  ['베개', '배게'],
  ['배게', '베개'],
  ['개발', '계발'],
  ['계발', '개발'],
  ['잃어', '잊어'],
  ['잊어', '잃어'],
  ['틀리', '다르'],
  ['어떻게', '어떡해'],
  ['곰곰히', '곰곰이'],
  ['번번히', '번번이'],
  ['꼼꼼이', '꼼꼼히'],
  ['솔직이', '솔직히'],
  ['틈틈히', '틈틈이'],
  ['알맞는', '알맞은'],
  ['설레임', '설렘'],
  ['넓직', '널찍'],
  ['짜집기', '짜깁기'],
  ['내노라', '내로라'],
  ['구지', '굳이'],
  ['갯수', '개수'],
  ['뒷편', '뒤편'],
  ['윗층', '위층'],
  ['웃어른', '윗어른'],
  ['삼가하', '삼가'],
  ['치루', '치르'],
  ['담구', '담그'],
  ['잠구', '잠그'],
];

/** Headword spellings the query may have meant, by the confusion table; the query itself excluded. */
export function confusionVariants(query: string): string[] {
  const out = new Set<string>();
  for (const [written, meant] of CONFUSIONS) {
    let from = query.indexOf(written);
    while (from >= 0) {
      out.add(query.slice(0, from) + meant + query.slice(from + written.length));
      from = query.indexOf(written, from + 1);
    }
  }
  out.delete(query);
  return [...out];
}
