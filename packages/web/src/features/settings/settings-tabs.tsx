import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/** One tab of Settings (`/dashboard/settings?tab=<key>`): each tab's code loads when it is first opened. */
export interface SettingsTab {
  /** In the address (`?tab=security`); stable. */
  key: string;
  label: string;
  Component: LazyExoticComponent<ComponentType>;
}

/** Keeps the lazy() boilerplate out of each entry: `lazyTab(() => import('./x.tsx'), 'XTab')`. */
export function lazyTab<M>(load: () => Promise<M>, name: keyof M): LazyExoticComponent<ComponentType> {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}

/**
 * The Settings tabs in the spec's order: Edit Profile, Security, Payment, Notification, Delete Account.
 * Only tabs that exist are listed; a tab's engineer adds its one entry here, at its place in that order.
 */
export const settingsTabs: readonly SettingsTab[] = [
  {
    key: 'profile',
    label: 'Edit Profile',
    Component: lazyTab(() => import('./edit-profile-tab.tsx'), 'EditProfileTab'),
  },
  {
    key: 'security',
    label: 'Security',
    Component: lazyTab(() => import('./security/security-tab.tsx'), 'SecurityTab'),
  },
  {
    key: 'payment',
    label: 'Payment',
    Component: lazyTab(() => import('./payment/payment-tab.tsx'), 'PaymentTab'),
  },
  {
    key: 'notification',
    label: 'Notification',
    Component: lazyTab(() => import('./notification/notification-tab.tsx'), 'NotificationTab'),
  },
  {
    key: 'publishing',
    label: 'Publishing',
    Component: lazyTab(() => import('./publishing/publishing-tab.tsx'), 'PublishingTab'),
  },
  {
    key: 'developers',
    label: 'Developers',
    Component: lazyTab(() => import('../developers/developers-tab.tsx'), 'DevelopersTab'),
  },
  {
    key: 'delete-account',
    label: 'Delete Account',
    Component: lazyTab(() => import('./delete-account/delete-account-tab.tsx'), 'DeleteAccountTab'),
  },
];
