import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { orderStatusPushes } from '../workflows/order-pushes';
import { releaseUnpaidCardCheckouts } from '../workflows/release-unpaid-card-checkouts';

/**
 * Every CARD_PAYMENT_SWEEP_SECONDS, releases card checkouts whose payment did not arrive in time
 * (their stock goes back on sale). Every API process may run it: the workflow claims each
 * invoice with SKIP LOCKED, in the transaction that releases it. Off when the interval is 0 (the
 * default under NODE_ENV=test). When the process drains (lifecycle.ts) the timer stops and a
 * sweep under way stops after the invoice it is on; the shutdown waits for that one.
 */
export const cardPaymentTimeoutPlugin = fp(
  async (app: FastifyInstance) => {
    const seconds = app.config.cardPaymentSweepSeconds;
    if (seconds <= 0) return;
    let running: Promise<void> | null = null;
    const sweep = () => {
      if (running || app.lifecycle.draining) return;
      running = releaseUnpaidCardCheckouts(app.db, {
        publicUrl: app.config.publicUrl,
        stop: () => app.lifecycle.draining,
      })
        .then(({ invoiceIds, orderIds, mailIds }) => {
          if (invoiceIds.length > 0) app.log.info({ invoiceIds }, 'unpaid card checkouts released');
          app.mailer.deliverLater(mailIds);
          if (orderIds.length === 0) return;
          const changes = orderIds.map((orderId) => ({ orderId, status: 'cancelled' as const }));
          app.push.sendLater(() => orderStatusPushes(app.db, changes, app.config.publicUrl));
        })
        .catch((error: unknown) => app.log.error({ err: error }, 'releasing unpaid card checkouts failed'))
        .finally(() => {
          running = null;
        });
      app.lifecycle.track('card-payment sweep', running);
    };
    const timer = setInterval(sweep, seconds * 1000);
    timer.unref();
    app.lifecycle.onDrain(() => clearInterval(timer));
  },
  { name: 'card-payment-timeout', dependencies: ['db', 'mailer', 'push', 'lifecycle'] },
);
