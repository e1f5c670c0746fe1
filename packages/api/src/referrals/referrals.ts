import { z } from 'zod';
import { EmailSchema } from '../auth/password-rules.ts';
import { successSchema } from '../envelope.ts';

/**
 * The referral reward rule, in one place: each person you referred who is on a paid plan earns you this
 * much Layerloom credit (once per person), which your next plan purchase takes off its price at checkout.
 * The server computes rewards and the discount with it and the page shows it.
 */
export const REFERRAL_REWARD_USD = 10;
export const REFERRAL_REWARD_RULE = `You earn $${REFERRAL_REWARD_USD} of Layerloom credit for each person you referred who buys a paid plan. Your credit is taken off the price of the next plan you buy, at checkout.`;

/** Where a referred person is: invited by mail, signed up through the link, approved, or on a paid plan. */
export const ReferralStatusSchema = z.enum(['invited', 'signed_up', 'approved', 'paying']);
export type ReferralStatus = z.infer<typeof ReferralStatusSchema>;

/** The reward one referral has earned under the rule above. */
export function referralRewardUsd(status: ReferralStatus): number {
  return status === 'paying' ? REFERRAL_REWARD_USD : 0;
}

/** A referral code as it appears in `/?ref=CODE`. */
export const ReferralCodeSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9]{6,16}$/);

/** One person the user referred. */
export const ReferralSchema = z.object({
  id: z.string(),
  email: z.string(),
  /** The referred user's name once they signed up (null while only invited). */
  name: z.string().nullable(),
  status: ReferralStatusSchema,
  rewardUsd: z.number(),
  invitedAt: z.string().nullable(),
  signedUpAt: z.string().nullable(),
});
export type Referral = z.infer<typeof ReferralSchema>;

/** `GET /api/v1/referrals`: the user's referral code and link, the reward rule and the people they referred. */
export const getReferrals = {
  method: 'GET',
  path: '/api/v1/referrals',
  response: successSchema(
    z.object({
      code: z.string(),
      link: z.string(),
      rewardRule: z.string(),
      rewardPerPayingUsd: z.number(),
      totalRewardUsd: z.number(),
      /** The credit not yet taken off a checkout's price (earned, less what the user's checkouts took). */
      creditAvailableUsd: z.number(),
      referrals: z.array(ReferralSchema),
    }),
  ),
} as const;
export type GetReferralsResponse = z.infer<typeof getReferrals.response>;

/** `POST /api/v1/referrals/invitations`: mails an invitation with the user's link (one per address per week). */
export const inviteReferral = {
  method: 'POST',
  path: '/api/v1/referrals/invitations',
  body: z.object({ email: EmailSchema }),
  response: successSchema(z.object({ referral: ReferralSchema })),
} as const;
export type InviteReferralBody = z.input<typeof inviteReferral.body>;
