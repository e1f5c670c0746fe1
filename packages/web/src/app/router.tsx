import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { AppShell, loadAntd, withoutAntd } from './app-shell.tsx';
import { RouteError } from './route-error.tsx';

/**
 * A lazily loaded page: each screen is its own chunk, loaded with Ant Design's providers (once), so the
 * landing page loads only itself.
 */
function page<M>(load: () => Promise<M>, name: keyof M): RouteObject['lazy'] {
  return async () => {
    const [module] = await Promise.all([load(), loadAntd()]);
    return { Component: module[name] as ComponentType };
  };
}

/** A lazily loaded page that renders no Ant Design component (route `handle: withoutAntd`). */
function plainPage<M>(load: () => Promise<M>, name: keyof M): RouteObject['lazy'] {
  return async () => ({ Component: (await load())[name] as ComponentType });
}

/** The route table of spec section 2, plus the public pages the footer links to. */
export const routes: RouteObject[] = [
  {
    Component: AppShell,
    errorElement: <RouteError />,
    children: [
      {
        path: '/',
        handle: withoutAntd,
        lazy: plainPage(() => import('../features/site/landing-page.tsx'), 'LandingPage'),
      },
      { path: '/help', lazy: page(() => import('../features/site/help-center-page.tsx'), 'HelpCenterPage') },
      { path: '/terms', lazy: page(() => import('../features/site/terms-page.tsx'), 'TermsPage') },
      { path: '/privacy', lazy: page(() => import('../features/site/privacy-page.tsx'), 'PrivacyPage') },
      { path: '/contact', lazy: page(() => import('../features/site/contact-page.tsx'), 'ContactPage') },
      {
        path: '/affiliate',
        lazy: page(() => import('../features/site/affiliate-page.tsx'), 'AffiliatePage'),
      },
      {
        path: '/metadata-viewer',
        lazy: page(() => import('../features/site/metadata-viewer-page.tsx'), 'MetadataViewerPage'),
      },
      {
        path: '/sample-collection',
        lazy: page(() => import('../features/site/sample-collection-page.tsx'), 'SampleCollectionPage'),
      },
      { path: '/mint/:slug', lazy: page(() => import('../features/mint/mint-page.tsx'), 'MintPage') },
      { path: '/auth/login', lazy: page(() => import('../features/auth/login-page.tsx'), 'LoginPage') },
      { path: '/auth/signup', lazy: page(() => import('../features/auth/signup-page.tsx'), 'SignupPage') },
      { path: '/auth/forgot', lazy: page(() => import('../features/auth/forgot-page.tsx'), 'ForgotPage') },
      { path: '/auth/otp', lazy: page(() => import('../features/auth/otp-page.tsx'), 'OtpPage') },
      {
        path: '/auth/reset-password',
        lazy: page(() => import('../features/auth/reset-password-page.tsx'), 'ResetPasswordPage'),
      },
      // The spec's client navigated to this undeclared route after the OTP step.
      { path: '/auth/chooseNewPass', element: <Navigate to="/auth/reset-password" replace /> },
      { path: '/success', lazy: page(() => import('../features/auth/success-page.tsx'), 'SuccessPage') },
      {
        path: '/verify/:id/:token',
        lazy: page(() => import('../features/auth/verify-page.tsx'), 'VerifyPage'),
      },
      {
        path: '/invitations/:token',
        lazy: page(() => import('../features/teams/invitation-page.tsx'), 'InvitationPage'),
      },
      {
        path: '/confirm-email/:token',
        lazy: page(() => import('../features/settings/confirm-email-page.tsx'), 'ConfirmEmailPage'),
      },
      {
        path: '/dashboard',
        lazy: page(() => import('./dashboard-route.tsx'), 'DashboardRoute'),
        children: [
          {
            index: true,
            lazy: page(() => import('../features/dashboard/overview-page.tsx'), 'OverviewPage'),
          },
          { path: 'nft', lazy: page(() => import('../features/generate/generate-page.tsx'), 'GeneratePage') },
          {
            path: 'collections',
            lazy: page(() => import('../features/collections/collections-page.tsx'), 'CollectionsPage'),
          },
          {
            path: 'collections/:id',
            lazy: page(() => import('../features/collections/collection-page.tsx'), 'CollectionPage'),
          },
          {
            path: 'collections/:id/mint-page',
            lazy: page(() => import('../features/mint/mint-page-editor.tsx'), 'MintPageEditorPage'),
          },
          {
            path: 'collections/:id/rarity',
            lazy: page(() => import('../features/collections/rarity-page.tsx'), 'RarityPage'),
          },
          {
            path: 'collections/:id/tokens/:edition',
            lazy: page(() => import('../features/collections/token-page.tsx'), 'TokenPage'),
          },
          {
            path: 'profile',
            lazy: page(() => import('../features/profile/profile-page.tsx'), 'ProfilePage'),
          },
          {
            path: 'payment-plans',
            lazy: page(() => import('../features/billing/payment-plans-page.tsx'), 'PaymentPlansPage'),
          },
          {
            path: 'payment-plans/test-checkout/:id',
            lazy: page(() => import('../features/billing/test-checkout-page.tsx'), 'TestCheckoutPage'),
          },
          {
            path: 'teams',
            lazy: page(() => import('../features/teams/teams-page.tsx'), 'TeamsPage'),
          },
          {
            path: 'teams/:id',
            lazy: page(() => import('../features/teams/team-page.tsx'), 'TeamPage'),
          },
          {
            path: 'referrals',
            lazy: page(() => import('../features/referrals/referrals-page.tsx'), 'ReferralsPage'),
          },
          {
            path: 'messages/:conversationId?',
            lazy: page(() => import('../features/messages/messages-page.tsx'), 'MessagesPage'),
          },
          {
            path: 'notifications',
            lazy: page(() => import('../features/notifications/notifications-page.tsx'), 'NotificationsPage'),
          },
          {
            path: 'settings',
            lazy: page(() => import('../features/settings/settings-page.tsx'), 'SettingsPage'),
          },
          {
            path: 'search',
            lazy: page(() => import('../features/search/search-page.tsx'), 'SearchPage'),
          },
          {
            path: 'user-requests',
            lazy: page(() => import('./user-requests-route.tsx'), 'UserRequestsRoute'),
          },
        ],
      },
      { path: '*', lazy: page(() => import('../features/site/not-found-page.tsx'), 'NotFoundPage') },
    ],
  },
];

/** The browser router over the route table. */
export function createRouter() {
  return createBrowserRouter(routes);
}
