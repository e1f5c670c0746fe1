import {
  AppstoreOutlined,
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
 * Messages, Payment plans, Referrals, User Requests, Settings). Messages, Payment plans and Referrals are
 * added at their place once their pages exist (an entry leading nowhere is not). Admin pages only for admins.
 * Messages carries the unread count when there is one.
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
    { path: '/dashboard/payment-plans', label: 'Payment plans', icon: <CreditCardOutlined /> },
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

/** An entry's accessible name: its label, and its count when it has one (e.g. 'Messages, 2 unread'). */
export function navName(item: NavItem): string {
  return item.badge ? `${item.label}, ${item.badge} ${item.badgeName ?? ''}`.trimEnd() : item.label;
}

/**
 * An entry's label as the menu shows it, with its count in a badge. The badge is hidden from screen
 * readers: the menu item's name (navName) says the count in words.
 */
export function NavLabel({ item }: { item: NavItem }) {
  if (!item.badge) return <>{item.label}</>;
  return (
    <span className="ll-nav-label">
      <span className="ll-nav-label__text">{item.label}</span>
      <span className="ll-nav-label__badge" aria-hidden="true">
        <Badge count={item.badge} overflowCount={99} title="" />
      </span>
    </span>
  );
}
