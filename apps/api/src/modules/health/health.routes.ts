import { successEnvelope } from '@parade/core/envelope';
import { healthSchema } from '@parade/core/health-schemas';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { failureResponses, ok } from '../../lib/envelope';

const version = process.env.npm_package_version ?? '0.1.0';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness and database check, for load balancers and start-up scripts',
        response: { 200: successEnvelope(healthSchema), ...failureResponses },
      },
    },
    async () => {
      await app.db.execute(sql`select 1`);
      return ok({ db: 'ok' as const, version });
    },
  );
};
