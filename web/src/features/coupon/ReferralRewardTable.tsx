import { REFERRAL_REWARDS } from '@syn/kit/rules';
import { useReferralRewardsQuery } from './couponApi';

const months = (m: number) => `${m}개월 이용권`;

/**
 * Friend-recommendation rewards (spec §9): 5 joins give 1 month, 10 give 3, 20 give 12, each
 * once; with the member's own progress from the billing service when it answers.
 */
export function ReferralRewardTable() {
  const { data } = useReferralRewardsQuery();
  return (
    <div className="table-scroll">
      {data && <p data-testid="referral-count">지금까지 추천으로 가입한 친구: {data.joinCount}명</p>}
      <table className="table">
        <caption className="sr-only">추천 혜택</caption>
        <thead>
          <tr>
            <th scope="col">추천으로 가입한 친구</th>
            <th scope="col">받는 혜택</th>
            {data && <th scope="col">지급</th>}
          </tr>
        </thead>
        <tbody>
          {REFERRAL_REWARDS.map((r) => {
            const got = data?.datas.find((d) => d.THRESHOLD === r.threshold);
            return (
              <tr key={r.threshold}>
                <td>{r.threshold}명</td>
                <td>{months(r.months)}</td>
                {data && <td>{got?.GRANTED ? `지급 완료 (${got.GRANT_DATE ?? ''})` : '대기'}</td>}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
