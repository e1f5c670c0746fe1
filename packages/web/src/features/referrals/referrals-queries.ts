import { type GetReferralsResponse, getReferrals, inviteReferral } from '@layerloom/api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api.ts';

export const referralsKey = ['referrals'] as const;
export type ReferralsData = GetReferralsResponse['data'];

/** The user's referral link, the reward rule and the people referred. */
export function useReferrals() {
  return useQuery({
    queryKey: referralsKey,
    queryFn: async ({ signal }): Promise<ReferralsData> => (await call(getReferrals, { signal })).data,
  });
}

/** Mails an invitation; the table then lists the address as invited. */
export function useInvite() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (email: string) => (await call(inviteReferral, { body: { email } })).data.referral,
    onSuccess: () => client.invalidateQueries({ queryKey: referralsKey }),
  });
}
