import { LogoutOutlined, MenuOutlined } from '@ant-design/icons';
import type { User } from '@layerloom/api';
import { Button } from 'antd';
import { lazy, type MouseEvent, Suspense, useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { useFeedback } from '../../app/feedback.ts';
import { PageLoading } from '../../app/route-error.tsx';
import { BrandLogo } from '../auth/brand-mark.tsx';
import { useLogout, useSession } from '../auth/session.ts';
import { useUnreadMessages } from '../messages/unread-messages.ts';
import { NotificationBell } from '../notifications/notification-bell.tsx';
import { HeaderSearch } from '../search/header-search.tsx';
import { WorkspaceSwitcher } from '../workspaces/workspace-switcher.tsx';
import { activeItem, NavLabel, navItems, pageName } from './nav-items.tsx';
import { UserBadge } from './user-badge.tsx';
import './dashboard.css';

const loadMenuDrawer = () => import('./menu-drawer.tsx');
const MenuDrawer = lazy(() => loadMenuDrawer().then((module) => ({ default: module.MenuDrawer })));

/** A click the browser should handle itself (new tab or window, download), not the app's router. */
function opensElsewhere(event: MouseEvent<HTMLAnchorElement>): boolean {
  return event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0;
}

/**
 * The side menu: the pages as links (middle click, open in a new tab, copy the address), the current one
 * marked `aria-current="page"`, then Logout. Used by the desktop sidebar and the tablet/phone drawer.
 */
function SideMenu({
  user,
  unreadMessages,
  onNavigate,
  onLogout,
}: {
  user: User;
  unreadMessages: number;
  onNavigate?: () => void;
  onLogout: () => void;
}) {
  const location = useLocation();
  const items = navItems(user, { unreadMessages });
  const active = activeItem(items, location.pathname);
  return (
    <nav className="ll-side-menu" aria-label="Dashboard">
      <ul className="ll-side-menu__list">
        {items.map((item) => {
          const current = item === active;
          return (
            <li key={item.path}>
              <Link
                to={item.path}
                className={`ll-side-menu__link${current ? ' ll-side-menu__link--current' : ''}`}
                aria-current={current ? 'page' : undefined}
                onClick={(event) => {
                  if (!opensElsewhere(event)) onNavigate?.();
                }}
              >
                {/* The icon is decoration: the link's name is its label (and count). */}
                <span className="ll-side-menu__icon" aria-hidden="true">
                  {item.icon}
                </span>
                <NavLabel item={item} />
              </Link>
            </li>
          );
        })}
      </ul>
      <div className="ll-side-menu__footer">
        <Button type="text" icon={<LogoutOutlined />} className="ll-logout" onClick={onLogout} block>
          Logout
        </Button>
      </div>
    </nav>
  );
}

const MAIN_ID = 'll-main';

/**
 * The skip link moves focus to the page's content (the next Tab goes to its first control) without
 * changing the address: a `#ll-main` in it would stay there and be copied with the link.
 */
function skipToMain(event: MouseEvent<HTMLAnchorElement>) {
  const main = document.getElementById(MAIN_ID);
  if (!main) return;
  event.preventDefault();
  main.focus();
  main.scrollIntoView?.();
}

/**
 * The signed-in frame (`/dashboard/*`): a skip link to the content, a sidebar of 4 of 24 columns on
 * desktop, a header with the page's name, search, the bell and the user's avatar and name, and on tablets
 * and phones a menu button opening the same entries in a drawer. Logout ends the session, clears every cached answer and returns to the home page.
 */
export function DashboardLayout() {
  const session = useSession();
  const logout = useLogout();
  const location = useLocation();
  const feedback = useFeedback();
  const [drawerOpen, setDrawerOpen] = useState(false);
  // The drawer is drawn from the first time it opens on (it then keeps its closing animation).
  const [drawerUsed, setDrawerUsed] = useState(false);
  const user = session.data;
  const unreadMessages = useUnreadMessages(user);
  if (!user) return <PageLoading />;

  const onLogout = async () => {
    setDrawerOpen(false);
    // Once the session is cleared, the signed-in guard sends the user home.
    try {
      await logout.mutateAsync();
      feedback.success('You are logged out');
    } catch (error) {
      feedback.error(error);
    }
  };

  return (
    <div className="ll-dash">
      <a className="ll-skip-link" href={`#${MAIN_ID}`} onClick={skipToMain}>
        Skip to main content
      </a>
      <aside className="ll-dash__sider">
        <div className="ll-dash__sider-inner">
          <div className="ll-dash__logo">
            <BrandLogo tone="light" to="/dashboard" />
          </div>
          <SideMenu user={user} unreadMessages={unreadMessages} onLogout={() => void onLogout()} />
        </div>
      </aside>
      <div className="ll-dash__main">
        <header className="ll-dash__header">
          <Button
            className="ll-dash__menu-button"
            type="text"
            size="large"
            icon={<MenuOutlined />}
            aria-label="Open menu"
            aria-expanded={drawerOpen}
            onPointerEnter={() => void loadMenuDrawer()}
            onFocus={() => void loadMenuDrawer()}
            onClick={() => {
              setDrawerUsed(true);
              setDrawerOpen(true);
            }}
          />
          <div className="ll-dash__header-logo">
            <BrandLogo to="/dashboard" />
          </div>
          <p className="ll-dash__section ll-display">{pageName(navItems(user), location.pathname)}</p>
          <WorkspaceSwitcher />
          <HeaderSearch />
          <NotificationBell />
          <div className="ll-dash__user">
            <UserBadge user={user} />
          </div>
        </header>
        <main id={MAIN_ID} className="ll-dash__content" tabIndex={-1}>
          <Outlet />
        </main>
      </div>
      {drawerUsed && (
        <Suspense fallback={null}>
          <MenuDrawer
            open={drawerOpen}
            onClose={() => setDrawerOpen(false)}
            placement="left"
            size={300}
            className="ll-dash__drawer"
            title={<BrandLogo tone="light" to="/dashboard" />}
            closable={{ 'aria-label': 'Close menu' }}
          >
            <div className="ll-dash__drawer-user">
              <UserBadge user={user} />
            </div>
            <SideMenu
              user={user}
              unreadMessages={unreadMessages}
              onNavigate={() => setDrawerOpen(false)}
              onLogout={() => void onLogout()}
            />
          </MenuDrawer>
        </Suspense>
      )}
    </div>
  );
}
