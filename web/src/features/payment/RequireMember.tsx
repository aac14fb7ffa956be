import { SIGN_IN_MESSAGES } from '@syn/kit/rules';
import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { PATHS } from '../../app/paths';
import { useAppDispatch, useAppSelector } from '../../app/store';
import { PageHeading } from '../../ui/PageHeading';
import { authenticated, selectAuth } from '../account/authSlice';
import { readStoredUser } from '../account/storedUser';

/**
 * Spec §2.1: /payment, /usage and /order restore the saved user from local storage; without one
 * the page says so ("user info absent, login first", spec §8). The gateway's session cookie is
 * what the server trusts: a saved user whose session ended is told by the server's 401 instead.
 */
export function RequireMember({ title, children }: { title: string; children: (userId: number) => ReactNode }) {
  const dispatch = useAppDispatch();
  const { authenticated: signedIn, user } = useAppSelector(selectAuth);
  const stored = signedIn ? null : readStoredUser();
  useEffect(() => {
    if (stored) dispatch(authenticated(stored));
  }, [dispatch, stored]);
  const id = user?.id ?? stored?.id ?? null;
  if (id === null) {
    return (
      <section>
        <PageHeading title={title}>{title}</PageHeading>
        <p className="callout callout-warning" role="alert">
          {SIGN_IN_MESSAGES.userInfoAbsent}
        </p>
        <p>
          <Link className="button button-primary" to={PATHS.login}>
            로그인
          </Link>
        </p>
      </section>
    );
  }
  return <>{children(id)}</>;
}
