import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../lib/api-error.ts';

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
