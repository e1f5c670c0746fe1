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
import type { ReactNode } from 'react';

/** One entry of the dashboard's side menu. */
export interface NavItem {
  path: string;
  label: string;
  icon: ReactNode;
}

/**
 * The side menu's pages for this user, in the spec's order (Dashboard, Generate NFT, My Collection, Profile,
 * Messages, Payment plans, Referrals, User Requests, Settings). Messages, Payment plans and Referrals are
 * added at their place once their pages exist (an entry leading nowhere is not). Admin pages only for admins.
 */
export function navItems(user: User): NavItem[] {
  return [
    { path: '/dashboard', label: 'Dashboard', icon: <DashboardOutlined /> },
    { path: '/dashboard/nft', label: 'Generate NFT', icon: <AppstoreOutlined /> },
    { path: '/dashboard/collections', label: 'My Collection', icon: <PictureOutlined /> },
    { path: '/dashboard/profile', label: 'Profile', icon: <UserOutlined /> },
    { path: '/dashboard/messages', label: 'Messages', icon: <MessageOutlined /> },
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
