import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { loadDownloadLinkSecret } from '../modules/downloads';
import { sendDueReviewPrompts } from '../workflows/send-review-prompts';

/**
 * Every REVIEW_PROMPT_MINUTES, mails the review prompts that fell due (two days after delivery;
 * workflows/send-review-prompts.ts), a batch at a time until none is left. Every API process may
 * run it: a prompt is taken by one of them only. Off when the interval is 0 (the default under
 * NODE_ENV=test); stops with the app, waiting for a round under way.
 */
const BATCH = 50;

export const reviewPromptsPlugin = fp(
  async (app: FastifyInstance) => {
    const minutes = app.config.reviewPromptMinutes;
    if (minutes <= 0) return;
    let running: Promise<void> | null = null;
    const round = async () => {
      const linkSecret = await loadDownloadLinkSecret(app.config);
      for (let batch = 0; batch < 20; batch++) {
        const { mailIds, taken } = await sendDueReviewPrompts(app.db, {
          publicUrl: app.config.publicUrl,
          linkSecret,
          limit: BATCH,
        });
        app.mailer.deliverLater(mailIds);
        if (taken < BATCH) break;
      }
    };
    const tick = () => {
      if (running) return;
      running = round()
        .catch((error: unknown) => app.log.error({ err: error }, 'mailing review prompts failed'))
        .finally(() => {
          running = null;
        });
    };
    const timer = setInterval(tick, minutes * 60_000);
    timer.unref();
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await running;
    });
  },
  { name: 'review-prompts', dependencies: ['db'] },
);
