import { AppstoreOutlined, DashboardOutlined, PictureOutlined, TeamOutlined } from '@ant-design/icons';
import type { User } from '@layerloom/api';
import type { ReactNode } from 'react';

/** One entry of the dashboard's side menu. */
export interface NavItem {
  path: string;
  label: string;
  icon: ReactNode;
}

/**
 * The side menu's pages for this user. Profile, Messages, Payment plans, Referrals and Settings
 * are added here once their pages exist (the spec's menu lists them; an entry leading nowhere is not).
 */
export function navItems(user: User): NavItem[] {
  return [
    { path: '/dashboard', label: 'Dashboard', icon: <DashboardOutlined /> },
    { path: '/dashboard/nft', label: 'Generate NFT', icon: <AppstoreOutlined /> },
    { path: '/dashboard/collections', label: 'My Collection', icon: <PictureOutlined /> },
    ...(user.role === 'admin'
      ? [{ path: '/dashboard/user-requests', label: 'User Requests', icon: <TeamOutlined /> }]
      : []),
  ];
}

/** The menu entry a location belongs to: the longest entry path that prefixes it. */
export function activeItem(items: NavItem[], pathname: string): NavItem | undefined {
  return items
    .filter((item) => pathname === item.path || pathname.startsWith(`${item.path}/`))
    .sort((a, b) => b.path.length - a.path.length)[0];
}
