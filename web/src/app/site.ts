/**
 * Facts the site shows in several places (header, footer, company page).
 * The business registration details are configured at build time: see business.ts.
 */
export const SITE = {
  serviceName: '한국어 유의어 사전',
  formerName: '기본 유의어 사전',
  renamedOn: '2025년 1월 1일',
  since: '2007년 7월',
  categoryCount: 11,
  monthlyPrice: 3_000,
  categories: [
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
  ],
} as const;

export const DATA_ATTRIBUTION = [
  'Korean word relations: Open Multilingual Wordnet Wiktionary data (Bond & Foster 2013), from Wiktionary contributors, CC BY-SA 3.0 (https://creativecommons.org/licenses/by-sa/3.0/); filtered and linked with Princeton WordNet 3.0 relations. WordNet 3.0 Copyright 2006 by Princeton University. All rights reserved.',
  '출처: 국립국어원 「한국어 학습용 어휘 목록」(2003), 공공누리 제1유형.',
  'Word frequencies: FrequencyWords by Hermit Dave, from OpenSubtitles 2018 (www.opensubtitles.org, opus.nlpl.eu), CC BY-SA 4.0 (https://creativecommons.org/licenses/by-sa/4.0/); merged and re-ranked.',
] as const;

export function formatNumber(value: number): string {
  return value.toLocaleString('ko-KR');
}
