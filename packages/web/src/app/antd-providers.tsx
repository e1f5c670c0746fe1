import { LoadingOutlined } from '@ant-design/icons';
import { App as AntApp, ConfigProvider } from 'antd';
import { type ReactNode, useMemo } from 'react';
import { usePrefersReducedMotion } from '../lib/use-prefers-reduced-motion.ts';
import { NOTIFICATION_SECONDS, TOAST_SECONDS } from './feedback.ts';
import { theme } from './theme.ts';

/**
 * Every button's loading spinner. antd's default one slides in and out with a CSS transition and is
 * removed only when that transition ends; when a call answers within a frame or two (a refused login)
 * the transition can have nothing to animate, never end, and leave the spinner, and the name
 * "loading Login", on an idle button. A given icon is shown and removed at once. It is hidden from
 * assistive technology: the button keeps its name while it works.
 */
const buttonConfig = { loadingIcon: <LoadingOutlined aria-hidden /> };

/**
 * Ant Design's theme and feedback (toasts and notifications) for the pages built with it. Dialogs,
 * popovers, menus and toasts open and close without their zoom and slide animations for a user
 * whose system asks for reduced motion.
 */
export function AntdProviders({ children }: { children: ReactNode }) {
  const reducedMotion = usePrefersReducedMotion();
  const themed = useMemo(
    () => (reducedMotion ? { ...theme, token: { ...theme.token, motion: false } } : theme),
    [reducedMotion],
  );
  return (
    <ConfigProvider theme={themed} button={buttonConfig}>
      <AntApp
        message={{ duration: TOAST_SECONDS, maxCount: 3 }}
        notification={{ duration: NOTIFICATION_SECONDS }}
      >
        {children}
      </AntApp>
    </ConfigProvider>
  );
}
