import { Link, Outlet, useMatches } from 'react-router-dom';
import { PATHS, type PathId } from '../../app/paths';
import { routeInfo } from '../../app/routeTable';
import { useAppSelector } from '../../app/store';
import { PageHeading } from '../../ui/PageHeading';
import { selectAuth, selectIsAdmin } from '../account/authSlice';

/** Spec §6: the client checks grade 0; the gateway enforces it on /api/sys/* regardless. */
export const ADMIN_REQUIRED_MESSAGE = '관리자 권한이 필요합니다.';

function currentRouteId(matches: ReturnType<typeof useMatches>): PathId | null {
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const handle = matches[index]?.handle as { routeId?: PathId } | undefined;
    if (handle?.routeId) return handle.routeId;
  }
  return null;
}

export function RequireAdmin() {
  const isAdmin = useAppSelector(selectIsAdmin);
  const { authenticated } = useAppSelector(selectAuth);
  const matches = useMatches();
  if (isAdmin) return <Outlet />;
  const id = currentRouteId(matches);
  const title = id ? routeInfo(id).title : '관리자 화면';
  return (
    <section>
      <PageHeading title={title}>{title}</PageHeading>
      <p className="callout callout-warning" role="alert">
        {ADMIN_REQUIRED_MESSAGE}
      </p>
      {!authenticated && (
        <p>
          <Link className="button" to={PATHS.login}>
            관리자 계정으로 로그인
          </Link>
        </p>
      )}
    </section>
  );
}
