import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { PATHS } from '../../app/paths';
import { SITE, formatNumber } from '../../app/site';
import { useAppDispatch, useAppSelector } from '../../app/store';
import { recommenderSet, selectAuth } from '../account/authSlice';
import { PageHeading } from '../../ui/PageHeading';
import { DictionaryFigures } from '../dictionary/DictionaryFigures';
import { useDatasetInfoQuery, type DatasetSource } from '../dictionary/datasetApi';
import { DEFAULT_SOURCES } from './defaultSources';
import { TermsDialog } from './TermsDialog';

const HISTORY = [
  {
    date: '2007-07',
    label: '2007년 7월',
    title: `‘${SITE.formerName}’ 서비스 시작`,
    text: '낱말의 비슷한말과 반대말을 한곳에서 찾는 유의어 사전 서비스를 열고, 이용약관을 시행했습니다.',
  },
  {
    date: '2025-01-01',
    label: '2025년 1월 1일',
    title: `‘${SITE.serviceName}’으로 이름 변경`,
    text: `‘${SITE.formerName}’에서 ‘${SITE.serviceName}’으로 이름을 바꾸고, 월 ${formatNumber(SITE.monthlyPrice)}원 구독으로 모든 유의어를 볼 수 있는 웹 서비스를 시작했습니다. 이전 서비스의 남은 이용 기간은 새 서비스로 옮길 수 있습니다.`,
  },
  {
    date: '2025-01-01',
    label: '현재',
    title: '11개 범주로 정리한 유의어 사전',
    text: '비슷한말부터 관련어까지 11개 범주의 관계를 표제어마다 정리해, 초성이나 한자로도 찾을 수 있게 했습니다. 자주 쓰는 낱말은 편집자가 직접 검토해 씁니다.',
  },
];

export function CompanyPage() {
  const [params] = useSearchParams();
  const dispatch = useAppDispatch();
  const { authenticated, recommendUser } = useAppSelector(selectAuth);
  const [termsOpen, setTermsOpen] = useState(false);
  const { data: dataset } = useDatasetInfoQuery();
  const recId = params.get('recId')?.trim() ?? '';

  // A friend's messenger share link lands here: remember the recommender for the join form.
  useEffect(() => {
    if (recId !== '') dispatch(recommenderSet({ recommendUser: recId, recommendType: 'MESSENGER' }));
  }, [dispatch, recId]);

  return (
    <section>
      <PageHeading title="회사 소개">회사 소개</PageHeading>
      {recId !== '' && recommendUser === recId && !authenticated && (
        <div className="callout" role="status">
          <p>
            친구의 추천으로 오셨네요. 지금 가입하시면 추천인이 자동으로 입력되고, 7일 무료 이용 쿠폰을 받으실 수
            있습니다.
          </p>
          <Link className="button button-primary" to={PATHS.join}>
            회원 가입하기
          </Link>
        </div>
      )}
      <div className="prose">
        <p className="lead">
          {SITE.serviceName}은 글을 쓰는 모든 분이 꼭 맞는 낱말을 빨리 찾도록 돕는 유의어 사전입니다.
        </p>
        <p>
          보고서의 같은 낱말이 자꾸 되풀이될 때, 더 부드럽거나 더 정중한 말이 필요할 때, 어르신께 드릴 높임말이나
          지역마다 다른 방언이 궁금할 때 표제어 하나만 검색하면 됩니다. 비슷한말과 반대말은 물론 높임말, 낮춤말, 준말,
          본말, 방언, 상위어, 하위어, 참고어, 관련어까지 범주별로 나누어 보여 드립니다.
        </p>
      </div>

      <h2>사전 규모</h2>
      <DictionaryFigures label="사전 규모" />

      <h2>걸어온 길</h2>
      <ol className="timeline">
        {HISTORY.map((entry) => (
          <li key={entry.title}>
            <time dateTime={entry.date}>{entry.label}</time>
            <h3>{entry.title}</h3>
            <p>{entry.text}</p>
          </li>
        ))}
      </ol>

      <h2>자료 출처</h2>
      <p>
        사전 자료의 일부는 공개 자료를 바탕으로 하며, 저작권 표시 조건에 따라 출처를 밝힙니다. 저희가 직접 다듬은 항목과
        공개 자료가 다를 때는 직접 다듬은 항목을 따릅니다.
      </p>
      <ul className="attribution">
        {/* The sources of the dataset actually loaded; the default set's until then. */}
        {(dataset?.sources ?? DEFAULT_SOURCES).map((source) => (
          <SourceItem key={source.id} source={source} />
        ))}
      </ul>

      <p className="actions">
        <button type="button" className="button" onClick={() => setTermsOpen(true)}>
          이용약관 보기
        </button>
        <Link className="button" to={PATHS.compare}>
          다른 사전과 비교하기
        </Link>
      </p>
      <TermsDialog open={termsOpen} onClose={() => setTermsOpen(false)} />
    </section>
  );
}

/** A line in another script is marked so, for screen readers' pronunciation. */
const langOf = (line: string) => (/[가-힣]/.test(line) ? 'ko' : 'en');

/** One source: its attribution in Korean, its licence, and the licence's own wording verbatim. */
function SourceItem({ source }: { source: DatasetSource }) {
  return (
    <li>
      <h3>{source.name}</h3>
      <p>{source.attribution}</p>
      {source.license && (
        <p>
          라이선스:{' '}
          {source.licenseUrl ? (
            <a href={source.licenseUrl} rel="noopener noreferrer">
              {source.license}
            </a>
          ) : (
            source.license
          )}
        </p>
      )}
      {source.notice && (
        <figure className="attribution-notice">
          <figcaption>라이선스가 정한 출처 표시 문구를 원문 그대로 싣습니다.</figcaption>
          <blockquote>
            {source.notice.split('\n').map((line) => (
              <p key={line} lang={langOf(line)}>
                {line}
              </p>
            ))}
          </blockquote>
        </figure>
      )}
    </li>
  );
}

export default CompanyPage;
