import { Link, useRouteError } from 'react-router-dom';

/** Shown when a page fails to render or a lazy chunk fails to load (e.g. after a deploy). */
export function RouteErrorPage() {
  const error = useRouteError();
  const chunkFailed =
    error instanceof Error && /dynamically imported module|Importing a module script/i.test(error.message);
  return (
    <main className="main error-page">
      <h1>화면을 열지 못했습니다</h1>
      <p>
        {chunkFailed
          ? '새 버전이 배포되어 화면을 다시 불러와야 합니다. 새로 고침해 주세요.'
          : '일시적인 오류가 발생했습니다. 잠시 후 다시 시도해 주세요.'}
      </p>
      <p>
        <button type="button" className="button button-primary" onClick={() => window.location.reload()}>
          새로 고침
        </button>{' '}
        <Link className="button" to="/">
          처음으로
        </Link>
      </p>
    </main>
  );
}
