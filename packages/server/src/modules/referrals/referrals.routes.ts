import { getReferrals, inviteReferral } from '@layerloom/api';
import type { App } from '../../types.ts';
import { currentUser, requireUser } from '../auth/require-user.ts';
import * as referrals from './referrals.service.ts';

/** Referrals: the signed-in user's code, link and referred people, and invitations by mail. */
export async function referralsRoutes(app: App): Promise<void> {
  const security = [{ session: [] }];

  app.get(
    getReferrals.path,
    {
      onRequest: requireUser,
      schema: {
        tags: ['referrals'],
        summary: 'Your referral link, the reward rule and the people you referred',
        security,
        response: { 200: getReferrals.response },
      },
    },
    async (request) => {
      const data = await referrals.getReferrals(app, currentUser(request).id);
      return { status: 'success' as const, data };
    },
  );

  app.post(
    inviteReferral.path,
    {
      onRequest: requireUser,
      config: { rateLimit: { max: 20, timeWindow: '1 hour' } },
      schema: {
        tags: ['referrals'],
        summary: 'Mail an invitation with your referral link (one per address per week)',
        security,
        body: inviteReferral.body,
        response: { 200: inviteReferral.response },
      },
    },
    async (request) => {
      const referral = await referrals.invite(app, currentUser(request), request.body.email);
      return { status: 'success' as const, data: { referral } };
    },
  );
}
