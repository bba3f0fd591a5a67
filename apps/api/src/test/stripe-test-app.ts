import { type StripeStandIn, startStripeStandIn } from '@parade/test-support/stripe-stand-in';
import { buildTestApp, type TestApp } from './build-test-app';

/** The environment that points the API at a Stripe stand-in: its keys, its API and its Stripe.js. */
export const stripeEnv = (stripe: StripeStandIn): Record<string, string> => ({
  STRIPE_SECRET_KEY: stripe.secretKey,
  STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
  STRIPE_PUBLISHABLE_KEY: stripe.publishableKey,
  STRIPE_API_URL: stripe.url,
  STRIPE_JS_URL: stripe.stripeJsUrl,
});

/**
 * A test app whose Stripe is a fresh stand-in, listening on a free port so the stand-in can post
 * its signed webhooks to it over HTTP, as Stripe does. The caller closes both (`t.close()`,
 * `stripe.close()`). `options.env` adds to (or overrides) the Stripe settings.
 */
export async function buildTestAppWithStripe(
  options: Parameters<typeof buildTestApp>[0] = {},
): Promise<{ t: TestApp; stripe: StripeStandIn }> {
  const stripe = await startStripeStandIn();
  const t = await buildTestApp({ ...options, env: { ...stripeEnv(stripe), ...options.env } });
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  stripe.webhookUrl = `${address}/api/payments/stripe/webhook`;
  return { t, stripe };
}
