/** One pricing plan: the single source for the landing page, the payment plans page and plan limits. */
export interface Plan {
  id: 'free' | 'starter' | 'pro' | 'enterprise';
  name: string;
  /** One-time price in US dollars: paid once, the plan applies to every collection generated afterwards. */
  priceUsd: number;
  /** The largest collection the plan may generate. */
  maxAssets: number;
  watermark: boolean;
  /** Largest layer image a user of the plan may upload, in megabytes. */
  maxUploadMb: number;
  /** Most frames an animated layer or token may have. */
  maxAnimationFrames: number;
  /** Longest an animated layer or token may play, in seconds. */
  maxAnimationSeconds: number;
}

/** Smallest file accepted as a layer image: below this no PNG, JPEG or GIF holds a picture. */
export const MIN_UPLOAD_BYTES = 64;

/** The plans, cheapest first. The spec's $369 for 10,000 assets is resolved to $379 (its payment plans page). */
export const plans: readonly Plan[] = [
  {
    id: 'free',
    maxUploadMb: 5,
    maxAnimationFrames: 60,
    maxAnimationSeconds: 5,
    name: 'Free',
    priceUsd: 0,
    maxAssets: 100,
    watermark: true,
  },
  {
    id: 'starter',
    maxUploadMb: 10,
    maxAnimationFrames: 120,
    maxAnimationSeconds: 10,
    name: 'Starter',
    priceUsd: 179,
    maxAssets: 1000,
    watermark: false,
  },
  {
    id: 'pro',
    maxUploadMb: 20,
    maxAnimationFrames: 240,
    maxAnimationSeconds: 20,
    name: 'Pro',
    priceUsd: 279,
    maxAssets: 5000,
    watermark: false,
  },
  {
    id: 'enterprise',
    maxUploadMb: 50,
    maxAnimationFrames: 600,
    maxAnimationSeconds: 30,
    name: 'Enterprise',
    priceUsd: 379,
    maxAssets: 10000,
    watermark: false,
  },
];

export type PlanId = Plan['id'];

/** How a plan is paid for, as the pricing pages say it (the server sells plans as one-time payments). */
export const PLAN_PAYMENT_TERMS =
  'One payment, no subscription: a plan applies to every collection you generate after buying it.';

/** What every plan has, whatever its price (nothing here is limited by plan on the server). */
export const EVERY_PLAN_INCLUDES: readonly string[] = [
  'Unlimited previews',
  'Ethereum (OpenSea) and Solana (Metaplex) metadata',
  'Animated layers (GIF) and animated tokens',
  'Banner collage, preview GIF, ZIP and IPFS exports',
];

const count = (value: number) => value.toLocaleString('en-US');

/**
 * What a plan unlocks, one line per limit the server enforces with it (collection size, layer file size,
 * animation length, watermark): the pricing pages render these, so they cannot promise anything else.
 */
export function planFeatures(plan: Plan): string[] {
  return [
    `Collections of up to ${count(plan.maxAssets)} assets`,
    `Layer images up to ${plan.maxUploadMb} MB each`,
    `Animations up to ${plan.maxAnimationFrames} frames and ${plan.maxAnimationSeconds} s`,
    plan.watermark ? 'Watermark on generated images' : 'No watermark',
  ];
}

/** The plan with the given id. */
export function planById(id: PlanId): Plan {
  const plan = plans.find((candidate) => candidate.id === id);
  if (!plan) throw new Error(`Unknown plan ${id}`);
  return plan;
}
