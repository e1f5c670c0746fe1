import { listLaunchChains } from '@layerloom/api';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api.ts';

/** The networks this server can deploy to and read (those with an RPC); they change only with its settings. */
export function useLaunchChains() {
  return useQuery({
    queryKey: ['launch-chains'],
    queryFn: async ({ signal }) => (await call(listLaunchChains, { signal })).data.chains,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
