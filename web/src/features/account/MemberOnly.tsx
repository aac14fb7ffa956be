import { SIGN_IN_MESSAGES } from '@syn/kit/rules/plain';
import type { ReactNode } from 'react';
import { Link, useLocation, type NavigateFunction } from 'react-router-dom';
import { PATHS } from '../../app/paths';
import { useAppSelector } from '../../app/store';
import { PageHeading } from '../../ui/PageHeading';
import { selectAuth } from './authSlice';

/** Spec §6: "Most member screens need login; otherwise a login-required message shows". */
export const LOGIN_REQUIRED_MESSAGE = SIGN_IN_MESSAGES.loginRequired;

/** Where the login page returns to: the page the visitor came from (spec §4, default /). */
export interface FromState {
  from?: string;
}

export function fromOf(state: unknown): string {
  const from = (state as FromState | null)?.from;
  // Only a path of this site: never an absolute or protocol-relative URL.
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : PATHS.root;
}

/** Renders the page for a signed-in member, or the login-required notice with the page's heading. */
export function MemberOnly({
  title,
  message = LOGIN_REQUIRED_MESSAGE,
  children,
  join = false,
}: {
  title: string;
  message?: string;
  children: ReactNode;
  /** Offer joining too (friend recommendation needs signup). */
  join?: boolean;
}) {
  const { authenticated, user } = useAppSelector(selectAuth);
  const location = useLocation();
  if (authenticated && user) return <>{children}</>;
  const state: FromState = { from: `${location.pathname}${location.search}` };
  return (
    <section>
      <PageHeading title={title}>{title}</PageHeading>
      <p className="callout callout-warning" role="alert">
        {message}
      </p>
      <p className="actions">
        <Link className="button button-primary" to={PATHS.login} state={state}>
          로그인
        </Link>
        {join && (
          <Link className="button" to={PATHS.join}>
            회원 가입
          </Link>
        )}
      </p>
    </section>
  );
}

/** Back to the previous page of this visit, or home when the page was opened directly. */
export function goBack(navigate: NavigateFunction): void {
  const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
  if (idx > 0) void navigate(-1);
  else void navigate(PATHS.root);
}
