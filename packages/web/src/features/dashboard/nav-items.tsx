import {
  AppstoreOutlined,
  BellOutlined,
  CreditCardOutlined,
  DashboardOutlined,
  GiftOutlined,
  MessageOutlined,
  PictureOutlined,
  SettingOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { User } from '@layerloom/api';
import { Badge } from 'antd';
import type { ReactNode } from 'react';

/** One entry of the dashboard's side menu. */
export interface NavItem {
  path: string;
  label: string;
  icon: ReactNode;
  /** A count shown beside the label (unread messages), with `badgeName` saying what it counts. */
  badge?: number;
  badgeName?: string;
}

/** What the side menu counts: the user's unread messages. */
export interface NavCounts {
  unreadMessages?: number;
}

/**
 * The side menu's pages for this user, in the spec's order (Dashboard, Generate NFT, My Collection, Profile,
 * Messages, Payment plans, Referrals, User Requests, Settings), with Teams before Referrals, Notifications (the bell's full list)
 * after Messages so that page too has an entry to highlight. Admin pages only for admins. Messages carries
 * the unread count when there is one.
 */
export function navItems(user: User, counts: NavCounts = {}): NavItem[] {
  const unread = counts.unreadMessages ?? 0;
  return [
    { path: '/dashboard', label: 'Dashboard', icon: <DashboardOutlined /> },
    { path: '/dashboard/nft', label: 'Generate NFT', icon: <AppstoreOutlined /> },
    { path: '/dashboard/collections', label: 'My Collection', icon: <PictureOutlined /> },
    { path: '/dashboard/profile', label: 'Profile', icon: <UserOutlined /> },
    {
      path: '/dashboard/messages',
      label: 'Messages',
      icon: <MessageOutlined />,
      ...(unread > 0 ? { badge: unread, badgeName: 'unread' } : {}),
    },
    { path: '/dashboard/notifications', label: 'Notifications', icon: <BellOutlined /> },
    { path: '/dashboard/payment-plans', label: 'Payment plans', icon: <CreditCardOutlined /> },
    { path: '/dashboard/teams', label: 'Teams', icon: <TeamOutlined /> },
    { path: '/dashboard/referrals', label: 'Referrals', icon: <GiftOutlined /> },
    ...(user.role === 'admin'
      ? [{ path: '/dashboard/user-requests', label: 'User Requests', icon: <TeamOutlined /> }]
      : []),
    { path: '/dashboard/settings', label: 'Settings', icon: <SettingOutlined /> },
  ];
}

/** The menu entry a location belongs to: the longest entry path that prefixes it. */
export function activeItem(items: NavItem[], pathname: string): NavItem | undefined {
  return items
    .filter((item) => pathname === item.path || pathname.startsWith(`${item.path}/`))
    .sort((a, b) => b.path.length - a.path.length)[0];
}

/** Dashboard pages without a menu entry of their own, by path: the header names them. */
const otherPages: Record<string, string> = { '/dashboard/search': 'Search' };

/** What the header calls the page at `pathname`: its menu entry's label, else its own name. */
export function pageName(items: NavItem[], pathname: string): string {
  return otherPages[pathname] ?? activeItem(items, pathname)?.label ?? 'Dashboard';
}

/**
 * An entry's label as the menu shows it, with its count in a badge. What the badge shows is part of the
 * link's name, followed by what it counts ("Messages 2 unread"), so the name starts with the visible text
 * (speech input users say what they see).
 */
export function NavLabel({ item }: { item: NavItem }) {
  if (!item.badge) return <span className="ll-nav-label__text">{item.label}</span>;
  return (
    <span className="ll-nav-label">
      <span className="ll-nav-label__text">{item.label}</span>{' '}
      <span className="ll-nav-label__badge">
        <Badge count={item.badge} overflowCount={99} title="" />
        {item.badgeName ? <span className="ll-visually-hidden"> {item.badgeName}</span> : null}
      </span>
    </span>
  );
}
