import { Link } from 'react-router-dom';
import { PATHS } from '../../app/paths';
import { SITE, formatNumber } from '../../app/site';
import { PageHeading } from '../../ui/PageHeading';

const OTHER = 'B사 유의어 사전';

const PRICE_ROWS = [
  { plan: SITE.serviceName, price: SITE.monthlyPrice, note: '모든 범주의 유의어 전체, 부가가치세 포함', ours: true },
  { plan: `${OTHER} 기본`, price: 5_800, note: '기본 요금제', ours: false },
  { plan: `${OTHER} 프리미엄`, price: 9_800, note: '상위 요금제', ours: false },
];

const FEATURE_ROWS: Array<{ feature: string; ours: string; other: string }> = [
  { feature: '유의어 범주', ours: '11개 (비슷한말~관련어)', other: '비슷한말·반대말 중심' },
  { feature: '높임말·낮춤말·방언', ours: '제공', other: '일부 제공' },
  { feature: '초성 검색 (예: ㅅㄹ → 사랑)', ours: '제공', other: '제공하지 않음' },
  { feature: '한자 표기', ours: '제공', other: '제공' },
  { feature: '단어장', ours: '제공 (회원)', other: '상위 요금제만' },
  { feature: '최근 검색 기록', ours: '최근 10개', other: '제공' },
  { feature: '무료로 볼 수 있는 유의어', ours: '범주마다 비회원 1개, 무료 회원 2개', other: '검색 횟수 제한' },
  { feature: '친구 추천 혜택', ours: '최대 12개월 이용권', other: '없음' },
  { feature: '휴대폰 홈 화면 바로가기', ours: '제공 (앱 설치 필요 없음)', other: '앱 설치 필요' },
];

export function ComparePage() {
  const saving = Math.round((1 - SITE.monthlyPrice / 5_800) * 100);
  return (
    <section>
      <PageHeading title="유의어 사전 비교">유의어 사전 비교</PageHeading>
      <p className="lead">
        {SITE.serviceName}은 월 {formatNumber(SITE.monthlyPrice)}원으로 모든 유의어를 볼 수 있습니다. 다른 유료 유의어
        사전의 기본 요금제보다 약 {saving}% 저렴합니다.
      </p>

      <h2 id="price-heading">월 요금</h2>
      <div className="table-scroll" role="region" aria-labelledby="price-heading" tabIndex={0}>
        <table className="table">
          <caption className="sr-only">월 요금 비교</caption>
          <thead>
            <tr>
              <th scope="col">상품</th>
              <th scope="col">월 요금</th>
              <th scope="col">비고</th>
            </tr>
          </thead>
          <tbody>
            {PRICE_ROWS.map((row) => (
              <tr key={row.plan} className={row.ours ? 'highlight' : undefined}>
                <th scope="row">{row.plan}</th>
                <td className="number">{formatNumber(row.price)}원</td>
                <td>{row.note}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <h2 id="feature-heading">기능</h2>
      <div className="table-scroll" role="region" aria-labelledby="feature-heading" tabIndex={0}>
        <table className="table">
          <caption className="sr-only">기능 비교</caption>
          <thead>
            <tr>
              <th scope="col">기능</th>
              <th scope="col">{SITE.serviceName}</th>
              <th scope="col">{OTHER}</th>
            </tr>
          </thead>
          <tbody>
            {FEATURE_ROWS.map((row) => (
              <tr key={row.feature}>
                <th scope="row">{row.feature}</th>
                <td>{row.ours}</td>
                <td>{row.other}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="muted">
        요금은 부가가치세를 포함한 금액이며, 다른 사전의 요금과 기능은 각 사의 공개 안내를 기준으로 합니다.
      </p>
      <p>
        <Link className="button button-primary" to={PATHS.payment}>
          이용권 구매하기
        </Link>
      </p>
    </section>
  );
}

export default ComparePage;
