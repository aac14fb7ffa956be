import { useEffect } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { PATHS } from './paths';

/** A path no page serves: say so (the gateway answers it with status 404) instead of redirecting. */
export function NotFoundPage() {
  const { pathname } = useLocation();
  useEffect(() => {
    document.title = '페이지를 찾을 수 없습니다 — 유의어 사전';
  }, []);
  return (
    <main className="main error-page" aria-labelledby="not-found-title">
      <h1 id="not-found-title">페이지를 찾을 수 없습니다</h1>
      <p>
        요청하신 주소(<code>{pathname}</code>)의 페이지가 없거나 옮겨졌습니다. 주소를 다시 확인해 주세요.
      </p>
      <p>
        <Link className="button button-primary" to={PATHS.root}>
          사전 검색으로 가기
        </Link>{' '}
        <Link className="button" to={PATHS.notice}>
          공지사항
        </Link>
      </p>
    </main>
  );
}
