import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { AntdProviders } from './antd-providers.tsx';

export { createQueryClient } from './query-client.ts';

/**
 * Server state, theme and feedback (toasts and notifications) around a component, as the app gives them to
 * every Ant Design page (for tests). The app itself mounts the antd part lazily: see app-shell.tsx.
 */
export function Providers({ client, children }: { client: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={client}>
      <AntdProviders>{children}</AntdProviders>
    </QueryClientProvider>
  );
}
