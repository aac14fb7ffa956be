import { lazy, Suspense, type ReactNode } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { selectAuth, selectIsAdmin } from '../features/account/authSlice';
import { logout } from '../features/account/session';
import { PATHS } from './paths';
import { useAppDispatch, useAppSelector } from './store';

/** Pages not worth returning to after a login (the login flow itself and the mail steps). */
const ACCOUNT_PAGES = new Set<string>([PATHS.login, PATHS.join, PATHS.find, PATHS.recertify]);

// The QR code library only loads when the menu shows the block.
const QrBlock = lazy(() => import('./QrBlock'));

interface Item {
  to: string;
  label: string;
}

const DICTIONARY_ITEMS: Item[] = [
  { to: PATHS.root, label: '사전 검색' },
  { to: PATHS.wordbook, label: '단어장' },
  { to: PATHS.history, label: '검색 기록' },
];

// Spec §2.2: usage, payment info, coupon info and withdraw are for signed-in members only.
const MEMBER_ITEMS: Item[] = [
  { to: PATHS.userInfo, label: '내 정보' },
  { to: PATHS.usage, label: '이용 내역' },
  { to: PATHS.order, label: '결제 정보' },
  { to: PATHS.coupon, label: '쿠폰 정보' },
  { to: PATHS.withdraw, label: '회원 탈퇴' },
];

const SERVICE_ITEMS: Item[] = [
  { to: PATHS.payment, label: '이용권 구매' },
  { to: PATHS.recommend, label: '친구 추천' },
  { to: PATHS.notice, label: '공지사항' },
  { to: PATHS.makeIcon, label: '홈 화면 바로가기' },
  { to: PATHS.company, label: '회사 소개' },
  { to: PATHS.compare, label: '사전 비교' },
  { to: PATHS.qna, label: '관련 사이트' },
];

const ADMIN_ITEMS: Item[] = [
  { to: PATHS.mgrUser, label: '회원 관리' },
  { to: PATHS.mgrPayment, label: '결제 관리' },
  { to: PATHS.mgrCoupon, label: '쿠폰 관리' },
  { to: PATHS.mgrStatistic, label: '이용 통계' },
];

function Section({ title, items, children }: { title: string; items: Item[]; children?: ReactNode }) {
  return (
    <section className="menu-section" aria-label={title}>
      <h2 className="menu-title">{title}</h2>
      <ul>
        {items.map((item) => (
          <li key={item.to}>
            {/* `end`: /notice must not stay highlighted on /notice/MakeIcon. */}
            <NavLink to={item.to} end>
              {item.label}
            </NavLink>
          </li>
        ))}
        {children}
      </ul>
    </section>
  );
}

/**
 * A long address breaks only before its @, never mid-word; a part still wider than the
 * menu ends in an ellipsis, and the whole address stays in the title.
 */
function EmailLine({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  const local = at > 0 ? email.slice(0, at) : email;
  const domain = at > 0 ? email.slice(at) : '';
  return (
    <p className="menu-email" title={email}>
      <span className="menu-email-part">{local}</span>
      {domain && (
        <>
          <wbr />
          <span className="menu-email-part">{domain}</span>
        </>
      )}
    </p>
  );
}

/** Side menu of spec §2.2. */
export function SideMenu({ onNavigate }: { onNavigate?: () => void }) {
  const dispatch = useAppDispatch();
  const { authenticated, user } = useAppSelector(selectAuth);
  const location = useLocation();
  // After signing in, back to the page the person was reading (spec: "the page the user came from").
  const here = location.pathname + location.search;
  const loginState = ACCOUNT_PAGES.has(location.pathname) ? undefined : { from: here };
  const isAdmin = useAppSelector(selectIsAdmin);
  return (
    <nav
      id="side-menu"
      className="side-menu"
      aria-label="전체 메뉴"
      onClick={(event) => {
        // Close the drawer after following a link (not on clicks in between).
        if ((event.target as HTMLElement).closest('a')) onNavigate?.();
      }}
    >
      <div className="menu-account">
        {authenticated && user ? (
          <>
            <EmailLine email={user.userEmail} />
            <button type="button" className="button button-small" onClick={() => void dispatch(logout())}>
              로그아웃
            </button>
          </>
        ) : (
          <Link className="button button-primary" to={PATHS.login} state={loginState}>
            로그인
          </Link>
        )}
      </div>
      <Section title="사전" items={DICTIONARY_ITEMS} />
      {authenticated ? (
        <Section title="내 계정" items={MEMBER_ITEMS} />
      ) : (
        <Section title="회원" items={[{ to: PATHS.join, label: '회원 가입' }]} />
      )}
      <Section title="서비스" items={SERVICE_ITEMS} />
      {isAdmin && <Section title="관리자" items={ADMIN_ITEMS} />}
      {!isAdmin && (
        <Suspense fallback={<div className="qr-block qr-placeholder" aria-hidden="true" />}>
          <QrBlock />
        </Suspense>
      )}
    </nav>
  );
}
