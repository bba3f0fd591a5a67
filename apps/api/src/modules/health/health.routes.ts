import { successEnvelope } from '@parade/core/envelope';
import { healthSchema } from '@parade/core/health-schemas';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { failureResponses, ok } from '../../lib/envelope';

const version = process.env.npm_package_version ?? '0.1.0';

/** A database check younger than this answers at once, so health stays fast under load. */
const FRESH_MS = 2000;

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  let lastOk = 0;
  let running: Promise<void> | null = null;
  /**
   * `select 1`, at most one at a time: under load many health probes share one check, and a
   * recent success answers without waiting for a pooled connection. A failure is never cached.
   */
  const checkDatabase = async () => {
    running ??= app.db
      .execute(sql`select 1`)
      .then(() => {
        lastOk = Date.now();
      })
      .finally(() => {
        running = null;
      });
    const check = running;
    if (Date.now() - lastOk < FRESH_MS) {
      check.catch(() => {});
      return;
    }
    await check;
  };

  app.get(
    '/health',
    {
      // Served even while the process sheds load, so a balancer can tell "busy" from "dead".
      config: { loadShedding: false },
      schema: {
        tags: ['health'],
        summary: 'Liveness and database check, for load balancers and start-up scripts',
        response: { 200: successEnvelope(healthSchema), ...failureResponses },
      },
    },
    async () => {
      await checkDatabase();
      return ok({ db: 'ok' as const, version });
    },
  );
};
