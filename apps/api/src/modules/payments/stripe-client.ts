import Stripe from 'stripe';
import type { Config } from '../../config';

/**
 * The Stripe SDK for this configuration, or null without STRIPE_SECRET_KEY. STRIPE_API_URL
 * points it at another host (the local stand-in in tests) through the SDK's own host, port and
 * protocol options, so tests drive the real SDK end to end.
 */
export function createStripeClient(config: Config): Stripe | null {
  if (!config.stripeSecretKey) return null;
  return new Stripe(config.stripeSecretKey, {
    // A shopper is waiting on the payment step: one retry (same idempotency key) and a bound
    // well inside REQUEST_TIMEOUT_MS, rather than the SDK's 80 s.
    maxNetworkRetries: 1,
    timeout: 10_000,
    telemetry: false,
    ...(config.stripeApi ?? {}),
  });
}

export type { Stripe };
