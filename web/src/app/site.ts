/**
 * Facts the site shows in several places (header, footer, company page).
 * The business registration details are the gateway's runtime configuration: see business.ts.
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

export function formatNumber(value: number): string {
  return value.toLocaleString('ko-KR');
}
