import { Link } from 'react-router-dom';
import { PageHeading } from './PageHeading';

/** The page a feature shows until its issue is built: says plainly what it will be. */
export function ComingSoon({ title, description }: { title: string; description: string }) {
  return (
    <section className="coming-soon" aria-labelledby="coming-soon-badge">
      <PageHeading title={title}>{title}</PageHeading>
      <p id="coming-soon-badge" className="badge badge-muted">
        준비 중
      </p>
      <p className="lead">{description}</p>
      <p>
        <strong>{title}</strong> 화면은 준비 중입니다. 조금만 기다려 주세요. 그동안 사전 검색은 언제든 이용하실 수
        있습니다.
      </p>
      <p>
        <Link className="button" to="/">
          사전 검색으로 가기
        </Link>
      </p>
    </section>
  );
}
