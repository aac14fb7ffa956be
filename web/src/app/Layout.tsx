import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigation } from 'react-router-dom';
import { Loader } from '../ui/Loader';
import { notify } from '../ui/toast';
import { useMediaQuery } from '../ui/useMediaQuery';
import { Header } from './Header';
import { SideMenu } from './SideMenu';
import { SiteFooter } from './SiteFooter';
import { TabBar } from './TabBar';
import { useSearchShortcut } from './useSearchShortcut';

/** The toast region and its library load after the first paint (ui/toast.ts). */
const Toasts = lazy(() => import('../ui/Toasts').then((m) => ({ default: m.Toasts })));

/** Wide screens keep the side menu open beside the page; narrow ones use a drawer. */
const WIDE = '(min-width: 1024px)';

export function Layout() {
  const wide = useMediaQuery(WIDE);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const drawerRef = useRef<HTMLDivElement>(null);
  const navigation = useNavigation();
  const { pathname } = useLocation();
  useSearchShortcut();

  const restoreFocusRef = useRef(false);

  const closeDrawer = (restoreFocus: boolean) => {
    restoreFocusRef.current = restoreFocus;
    setDrawerOpen(false);
  };

  useEffect(() => setDrawerOpen(false), [pathname, wide]);
  useEffect(() => notify.pageChanged(), [pathname]);

  useEffect(() => {
    if (!drawerOpen) {
      // After the header stops being inert, give focus back to the button that opened the menu.
      if (restoreFocusRef.current) menuButtonRef.current?.focus();
      restoreFocusRef.current = false;
      return;
    }
    drawerRef.current?.querySelector<HTMLElement>('a, button')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') closeDrawer(true);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [drawerOpen]);

  return (
    <div className={wide ? 'app app-wide' : 'app'}>
      <a className="skip-link" href="#main">
        본문 바로가기
      </a>
      {/* While the drawer is open, everything behind it is inert: focus stays in the drawer. */}
      <Header
        inert={drawerOpen}
        showMenuButton={!wide}
        menuOpen={drawerOpen}
        onMenuClick={() => setDrawerOpen((open) => !open)}
        menuButtonRef={menuButtonRef}
      />
      <div className="app-body">
        {wide && (
          <aside className="sidebar">
            <SideMenu />
          </aside>
        )}
        <div className="app-column" inert={drawerOpen}>
          <main id="main" className="main" tabIndex={-1}>
            <Outlet />
          </main>
          <SiteFooter />
        </div>
      </div>
      {!wide && drawerOpen && (
        <div className="drawer-layer">
          <div className="drawer-backdrop" onClick={() => closeDrawer(false)} aria-hidden="true" />
          <div className="drawer" ref={drawerRef} role="dialog" aria-modal="true" aria-label="메뉴">
            <button
              type="button"
              className="drawer-close icon-button"
              onClick={() => closeDrawer(true)}
              aria-label="메뉴 닫기"
            >
              ✕
            </button>
            <SideMenu onNavigate={() => closeDrawer(false)} />
          </div>
        </div>
      )}
      <TabBar inert={drawerOpen} />
      {navigation.state === 'loading' && <Loader />}
      <Suspense fallback={null}>
        <Toasts />
      </Suspense>
      <ScrollRestoration />
    </div>
  );
}
