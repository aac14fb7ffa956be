import { Link } from 'react-router-dom';
import { BellIcon, MenuIcon } from '../ui/icons';
import { PATHS } from './paths';
import { SITE } from './site';

/** Spec §9: the notice badge shows a fixed 1. */
export const NOTICE_BADGE_COUNT = 1;

export function Header({
  inert,
  showMenuButton,
  menuOpen,
  onMenuClick,
  menuButtonRef,
}: {
  inert: boolean;
  showMenuButton: boolean;
  menuOpen: boolean;
  onMenuClick: () => void;
  menuButtonRef: React.RefObject<HTMLButtonElement | null>;
}) {
  return (
    <header className="site-header" inert={inert}>
      {showMenuButton && (
        <button
          ref={menuButtonRef}
          type="button"
          className="icon-button"
          aria-label="메뉴 열기"
          aria-expanded={menuOpen}
          aria-controls="side-menu"
          onClick={onMenuClick}
        >
          <MenuIcon />
        </button>
      )}
      <Link to={PATHS.root} className="logo">
        <img src="/favicon.svg" alt="" width={28} height={28} />
        <span>{SITE.serviceName}</span>
      </Link>
      <Link to={PATHS.notice} className="icon-button notice-link">
        <BellIcon />
        <span className="sr-only">공지사항, 새 소식 </span>
        <span className="notice-badge">{NOTICE_BADGE_COUNT}</span>
        <span className="sr-only">건</span>
      </Link>
    </header>
  );
}
