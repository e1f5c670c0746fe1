import Stripe from 'stripe';
import type { BillingConfig } from '../../config.ts';

type StripeSettings = Extract<BillingConfig, { kind: 'stripe' }>;

/** The Stripe SDK client for the configured key, pointed at `STRIPE_API_URL` when set (a stand-in in tests). */
export function createStripeClient(settings: StripeSettings): Stripe {
  const target = settings.apiUrl ? new URL(settings.apiUrl) : undefined;
  return new Stripe(settings.secretKey, {
    maxNetworkRetries: 1,
    timeout: 20_000,
    ...(target
      ? {
          host: target.hostname,
          port: target.port || (target.protocol === 'https:' ? 443 : 80),
          protocol: target.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  });
}
