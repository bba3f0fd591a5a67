import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { usePeerRedis } from '../db/peers';
import { openRedisLink, type RedisLink } from '../lib/redis';

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's link to Redis when REDIS_URL is set (issue 26, decision 043), else null. */
    redis: RedisLink | null;
  }
}

/** How long start-up waits for Redis before serving without it (it is used as soon as it answers). */
const FIRST_CONNECT_WAIT_MS = 2_000;

/**
 * Redis, when REDIS_URL names one: the rate limits of every route count across the API
 * processes (security.ts, shared-rate-limits.ts), and catalogue, content and live-order
 * announcements between them go through it (db/peers.ts). It is never required: while it is
 * away the limits count in each process and the announcements go through the database, with one
 * warning per outage in the log, and everything is shared again once it answers.
 */
export const redisPlugin = fp(
  async (app: FastifyInstance, opts: { url?: string }) => {
    if (!opts.url) {
      app.decorate('redis', null);
      return;
    }
    const link = openRedisLink(opts.url, {
      down: (error) =>
        app.log.warn(
          { err: error },
          'Redis is unreachable: rate limits count in each API process, and changes reach the other processes through the database, until it is back',
        ),
      // A warning too: it closes the incident the first one opened.
      up: () => app.log.warn('Redis is back: rate limits and announcements are shared through it again'),
    });
    await waitForReady(link, FIRST_CONNECT_WAIT_MS);
    if (!link.ready()) {
      app.log.warn('Redis did not answer at start-up: serving without it (per-process rate limits) until it does');
    }
    usePeerRedis(link, (error) =>
      app.log.warn({ err: error }, 'a Redis announcement failed: sent through the database'),
    );
    app.decorate('redis', link);
    app.addHook('onClose', async () => {
      usePeerRedis(null);
      await link.close();
    });
  },
  { name: 'redis' },
);

async function waitForReady(link: RedisLink, ms: number): Promise<void> {
  if (link.ready()) return;
  await new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms);
    link.commands.once('ready', done);
    function done() {
      clearTimeout(timer);
      link.commands.off('ready', done);
      resolve();
    }
  });
}
