import { LogoutOutlined, MenuOutlined } from '@ant-design/icons';
import type { User } from '@layerloom/api';
import { Button, Menu } from 'antd';
import { cloneElement, isValidElement, lazy, type ReactElement, Suspense, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useFeedback } from '../../app/feedback.ts';
import { PageLoading } from '../../app/route-error.tsx';
import { BrandLogo } from '../auth/brand-mark.tsx';
import { useLogout, useSession } from '../auth/session.ts';
import { useUnreadMessages } from '../messages/unread-messages.ts';
import { NotificationBell } from '../notifications/notification-bell.tsx';
import { HeaderSearch } from '../search/header-search.tsx';
import { activeItem, NavLabel, navItems, navName } from './nav-items.tsx';
import { UserBadge } from './user-badge.tsx';
import './dashboard.css';

const loadMenuDrawer = () => import('./menu-drawer.tsx');
const MenuDrawer = lazy(() => loadMenuDrawer().then((module) => ({ default: module.MenuDrawer })));

/** The side menu: the pages, then Logout. Used by the desktop sidebar and the tablet/phone drawer. */
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
  const navigate = useNavigate();
  const items = navItems(user, { unreadMessages });
  const active = activeItem(items, location.pathname);
  return (
    <nav className="ll-side-menu" aria-label="Dashboard">
      <Menu
        theme="dark"
        mode="inline"
        selectedKeys={active ? [active.path] : []}
        items={items.map((item) => ({
          key: item.path,
          // The icon is decoration: the entry's accessible name is its label (and count).
          icon: isValidElement(item.icon)
            ? cloneElement(item.icon as ReactElement<{ 'aria-hidden'?: boolean }>, { 'aria-hidden': true })
            : item.icon,
          label: <NavLabel item={item} />,
          ...(item.badge ? { 'aria-label': navName(item) } : {}),
        }))}
        onClick={({ key }) => {
          onNavigate?.();
          void navigate(key);
        }}
      />
      <div className="ll-side-menu__footer">
        <Button type="text" icon={<LogoutOutlined />} className="ll-logout" onClick={onLogout} block>
          Logout
        </Button>
      </div>
    </nav>
  );
}

/**
 * The signed-in frame (`/dashboard/*`): a sidebar of 4 of 24 columns on desktop, a header with the
 * user's avatar, name and ID, and on tablets and phones a menu button opening the same entries in a
 * drawer. Logout ends the session, clears every cached answer and returns to the home page.
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
  const current = activeItem(navItems(user), location.pathname);

  return (
    <div className="ll-dash">
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
          <p className="ll-dash__section ll-display">{current?.label ?? 'Dashboard'}</p>
          <HeaderSearch />
          <NotificationBell />
          <div className="ll-dash__user">
            <UserBadge user={user} />
          </div>
        </header>
        <main className="ll-dash__content">
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
