import { successEnvelope } from '@parade/core/envelope';
import { healthLiveSchema, healthReadySchema, healthSchema } from '@parade/core/health-schemas';
import { messages } from '@parade/core/messages';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { failureResponses, ok } from '../../lib/envelope';
import { AppError } from '../../lib/errors';

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

  // For an orchestrator (decision 042). Neither is shed under load nor rate limited (no route
  // here is: the rate limit is per route), and neither is cached by anyone.
  app.get(
    '/health/live',
    {
      config: { loadShedding: false },
      schema: {
        tags: ['health'],
        summary: 'Liveness: the process runs (no database asked); restart it only when this fails',
        response: { 200: successEnvelope(healthLiveSchema), ...failureResponses },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok({ live: true as const, version });
    },
  );

  app.get(
    '/health/ready',
    {
      config: { loadShedding: false },
      schema: {
        tags: ['health'],
        summary:
          'Readiness: 200 while the process takes traffic; 503 shutting_down once it drains, 503 database_unavailable while its database does not answer',
        response: { 200: successEnvelope(healthReadySchema), ...failureResponses },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      if (app.lifecycle.draining) throw new AppError(503, messages.shuttingDown, {}, 'shutting_down');
      try {
        await checkDatabase();
      } catch (error) {
        request.log.warn({ err: error }, 'readiness: the database does not answer');
        throw new AppError(503, messages.databaseUnavailable, {}, 'database_unavailable');
      }
      return ok({ ready: true as const, db: 'ok' as const, version });
    },
  );
};
