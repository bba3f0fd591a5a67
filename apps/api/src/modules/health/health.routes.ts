import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope';

const version = process.env.npm_package_version ?? '0.1.0';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness and database check, for load balancers and start-up scripts',
        response: {
          200: z.object({ status: z.literal(true), data: z.object({ db: z.literal('ok'), version: z.string() }) }),
        },
      },
    },
    async () => {
      await app.db.execute(sql`select 1`);
      return ok({ db: 'ok' as const, version });
    },
  );
};
