import { successEnvelope } from '@parade/core/envelope';
import { paymentTokenBodySchema, paymentTokenPayloadSchema } from '@parade/core/order-schemas';
import { stripeWebhookReceiptSchema } from '@parade/core/payment-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type Stripe from 'stripe';
import { failureResponses, ok } from '../../lib/envelope';
import { AppError } from '../../lib/errors';
import { requireUser } from '../../plugins/auth';
import { reconcileChargeRefunded } from '../../workflows/reconcile-stripe-refunds';
import { recordCardPayment } from '../../workflows/record-card-payment';
import { recordPayoutAccountEvent } from '../../workflows/record-payout-account-event';
import { createPaymentToken } from './payment-token';
import { createStripeClient } from './stripe-client';
import { verifyStripeEvent } from './stripe-webhook';

/**
 * The event, verified under the account endpoint's secret or else the Connect endpoint's: Stripe
 * signs connected accounts' events (account.updated, decision 031) with the secret of the endpoint
 * that listens to them, which may point at this same URL. Any other refusal (a signed event of
 * the wrong shape) is final.
 */
function verifyUnderEither(body: Buffer, signature: string | string[] | undefined, secrets: (string | undefined)[]) {
  let refusal: unknown;
  for (const secret of secrets) {
    if (!secret) continue;
    try {
      return verifyStripeEvent(body, signature, secret);
    } catch (error) {
      if (!(error instanceof AppError && error.code === 'webhook_signature_invalid')) throw error;
      refusal = error;
    }
  }
  throw refusal;
}

/** Stripe's events are a few kilobytes; anything near this is not one. */
const WEBHOOK_BODY_LIMIT = 256 * 1024;

export const paymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const stripe = createStripeClient(app.config);

  app.post(
    '/payment-token',
    {
      // Sign-in first: a guest gets 401, whatever the body (docs/api-errors.md).
      onRequest: app.authenticate,
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['payments'],
        summary:
          "The Stripe PaymentIntent client secret for the caller's unpaid card invoice, and the publishable key to use it with",
        description:
          'An invoice whose card was declined (`failed`) is payable with another card while its orders are held: the same ' +
          'intent is answered again. 409 invoice_not_payable for one already paid or whose orders are all cancelled; 422 for ' +
          'a cash invoice or a total below £0.30.',
        security: [{ bearer: [] }],
        body: paymentTokenBodySchema,
        response: { 200: successEnvelope(paymentTokenPayloadSchema), ...failureResponses },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return ok(
        await createPaymentToken(
          { db: app.db, stripe, config: app.config, log: request.log },
          user.id,
          request.body.invoice,
        ),
      );
    },
  );

  // Stripe signs the exact bytes it sends: this route alone takes its body raw (every content
  // type, as a Buffer). Failures still leave in the JSON envelope through the error handler.
  await app.register(async (webhook) => {
    webhook.removeAllContentTypeParsers();
    webhook.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) =>
      done(null, body),
    );

    webhook.post(
      '/payments/stripe/webhook',
      {
        schema: {
          tags: ['payments'],
          summary:
            'Stripe webhook: payment_intent.succeeded marks the invoice paid (when amount and currency match), payment_intent.payment_failed marks it failed, charge.refunded completes our pending refunds and records refunds made outside Parade; verified on the raw body, each event acted on once',
          response: { 200: successEnvelope(stripeWebhookReceiptSchema), ...failureResponses },
        },
      },
      async (request) => {
        const secret = app.config.stripeWebhookSecret;
        if (!secret) {
          // Stripe retries a 5xx for days: the events are not lost while the secret is being set.
          throw new AppError(503, 'Card payments are not configured on this server.', {}, 'payment_unavailable');
        }
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        let event: Stripe.Event;
        try {
          event = verifyUnderEither(body, request.headers['stripe-signature'], [
            secret,
            app.config.stripeConnectWebhookSecret,
          ]);
        } catch (error) {
          request.log.warn({ err: error }, 'Stripe webhook refused');
          throw error;
        }
        if (event.type === 'account.updated') {
          // A shop's Connect account changed at Stripe: its payout status follows (decision 031).
          const outcome = await recordPayoutAccountEvent(app.db, event);
          request.log.info({ eventId: event.id, type: event.type, outcome }, 'Stripe webhook handled');
          return ok({ received: true as const });
        }
        if (event.type === 'charge.refunded') {
          // A charge's refunds, ours or made in Stripe's dashboard: reconciled (decision 030).
          const done = await reconcileChargeRefunded(app.db, event, { config: app.config, log: request.log });
          app.mailer.deliverLater(done.mailIds);
          request.log.info(
            {
              eventId: event.id,
              type: event.type,
              outcome: done.outcome,
              completed: done.completed,
              recorded: done.recorded,
            },
            'Stripe webhook handled',
          );
          return ok({ received: true as const });
        }
        const { outcome, mailIds } = await recordCardPayment(app.db, event, {
          publicUrl: app.config.publicUrl,
          log: request.log,
        });
        app.mailer.deliverLater(mailIds);
        request.log.info({ eventId: event.id, type: event.type, outcome }, 'Stripe webhook handled');
        return ok({ received: true as const });
      },
    );
  });
};
