import { LoadingOutlined } from '@ant-design/icons';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import type { ReactNode } from 'react';
import { isApiError } from '../lib/api-error.ts';
import { NOTIFICATION_SECONDS, TOAST_SECONDS } from './feedback.ts';
import { theme } from './theme.ts';

/** A query client that does not retry what retrying cannot fix (4xx answers). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 15_000,
        refetchOnWindowFocus: false,
        retry: (failures, error) =>
          failures < 2 && !(isApiError(error) && error.status < 500 && error.status > 0),
      },
      mutations: { retry: false },
    },
  });
}

/**
 * Every button's loading spinner. antd's default one slides in and out with a CSS transition and is
 * removed only when that transition ends; when a call answers within a frame or two (a refused login)
 * the transition can have nothing to animate, never end, and leave the spinner, and the name
 * "loading Login", on an idle button. A given icon is shown and removed at once. It is hidden from
 * assistive technology: the button keeps its name while it works.
 */
const buttonConfig = { loadingIcon: <LoadingOutlined aria-hidden /> };

/** Theme, feedback (toasts and notifications) and server state for the whole app. */
export function Providers({ client, children }: { client: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={client}>
      <ConfigProvider theme={theme} button={buttonConfig}>
        <AntApp
          message={{ duration: TOAST_SECONDS, maxCount: 3 }}
          notification={{ duration: NOTIFICATION_SECONDS }}
        >
          {children}
        </AntApp>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
