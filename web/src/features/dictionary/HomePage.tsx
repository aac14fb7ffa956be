import { Link, useLocation, useNavigate } from 'react-router-dom';
import { PATHS, dictionarySearchPath } from '../../app/paths';
import { SITE, formatNumber } from '../../app/site';
import { useAppDispatch } from '../../app/store';
import { wantsSearchFocus } from '../../app/useSearchShortcut';
import { PageHeading } from '../../ui/PageHeading';
import { searchStarted } from './dictionarySlice';
import { DictionaryFigures } from './DictionaryFigures';
import { SuggestSearchBar } from './SuggestSearchBar';

export function HomePage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const search = (keyword: string) => {
    dispatch(searchStarted(keyword));
    void navigate(dictionarySearchPath(keyword));
  };
  return (
    <section className="home">
      <div className="hero">
        <PageHeading title={SITE.serviceName}>{SITE.serviceName}</PageHeading>
        <p className="lead">찾는 낱말을 넣으면 비슷한말부터 관련어까지 11개 범주로 나누어 보여 드립니다.</p>
        <SuggestSearchBar onSearch={search} autoFocus={wantsSearchFocus(location.state)} />
        <p className="hint">초성(ㅅㄹ → 사랑)이나 한자로도 찾을 수 있습니다.</p>
      </div>

      <DictionaryFigures label="사전 규모" />

      <h2>이런 말을 찾을 수 있어요</h2>
      <ul className="chips">
        {SITE.categories.map((category) => (
          <li key={category}>{category}</li>
        ))}
      </ul>

      <div className="cards">
        <Link className="card card-link" to={PATHS.payment}>
          <h2>월 {formatNumber(SITE.monthlyPrice)}원으로 모든 유의어를</h2>
          <p>비회원은 범주마다 1개, 무료 회원은 2개까지 볼 수 있습니다. 구독하면 전부 보입니다.</p>
        </Link>
        <Link className="card card-link" to={PATHS.makeIcon}>
          <h2>홈 화면에 사전 바로가기</h2>
          <p>앱을 설치하지 않아도 휴대폰 홈 화면에서 바로 열 수 있습니다.</p>
        </Link>
        <Link className="card card-link" to={PATHS.compare}>
          <h2>다른 사전과 비교</h2>
          <p>요금과 기능을 한눈에 비교해 보세요.</p>
        </Link>
      </div>
    </section>
  );
}
