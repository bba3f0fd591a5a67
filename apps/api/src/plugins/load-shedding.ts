import underPressure, { type FastifyUnderPressureOptions } from '@fastify/under-pressure';
import type { FailureEnvelope } from '@parade/core/envelope';
import { messages } from '@parade/core/messages';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: this route is answered even when the process sheds load (the health check). */
    loadShedding?: boolean;
  }
}

const counted = Symbol('counted in flight');
type Counted = FastifyRequest & { [counted]?: boolean };

/**
 * Load shedding. Two signals, both checked first thing on every request, before any parsing,
 * auth or database work:
 * - too many requests already in flight (a bounded queue: past `maxInFlight`, waiting would
 *   only make every client wait longer, since the database pool serves a few at a time);
 * - the process itself struggling (@fastify/under-pressure: event-loop delay, heap, RSS).
 * Either answers at once with 503 `service_unavailable` in the failure envelope and
 * Retry-After, so a backlog drains instead of growing. A route with
 * `config: { loadShedding: false }` (the health check) is always served and not counted, so a
 * load balancer can tell "busy" from "dead"; so are the apps' files and pages (outside /api/).
 */
export const loadSheddingPlugin = fp(
  async (app: FastifyInstance, opts: Config['shedding']) => {
    const failure: FailureEnvelope = {
      status: false,
      message: messages.genericError,
      code: 'service_unavailable',
      errors: {},
    };
    const body = JSON.stringify(failure);
    const retryAfter = String(opts.retryAfterSeconds);
    // The apps' files and pages (everything outside /api/) are files read from disk, already
    // compressed: shedding them saved nothing and once left the page editor unable to load its
    // code ("Failed to fetch dynamically imported module", issue 22). They are always served.
    const exempt = (request: FastifyRequest) =>
      request.routeOptions.config?.loadShedding === false || !request.url.startsWith('/api/');
    /** Prepares the 503 and returns its body (sent as is: no serialiser involved). */
    const shed = (reply: FastifyReply) => {
      reply
        .code(503)
        .header('retry-after', retryAfter)
        .header('cache-control', 'no-store')
        .type('application/json; charset=utf-8');
      return body;
    };

    let inFlight = 0;

    // One warning a second at most, with how many requests were shed since the last one: a
    // line per shed request would make the log itself part of the overload.
    let shedSinceWarning = 0;
    let lastWarning = 0;
    const warnShed = (request: FastifyRequest, detail: Record<string, unknown>, message: string) => {
      shedSinceWarning++;
      const now = Date.now();
      if (now - lastWarning < 1000) return;
      request.log.warn({ ...detail, shed: shedSinceWarning }, message);
      shedSinceWarning = 0;
      lastWarning = now;
    };
    const release = (request: FastifyRequest) => {
      const r = request as Counted;
      if (r[counted]) {
        r[counted] = false;
        inFlight--;
      }
    };

    await app.register(underPressure, {
      maxEventLoopDelay: opts.maxEventLoopDelayMs,
      maxHeapUsedBytes: opts.maxHeapUsedBytes,
      maxRssBytes: opts.maxRssBytes,
      sampleInterval: opts.sampleIntervalMs,
      retryAfter: opts.retryAfterSeconds,
      // Returning nothing lets the request through; returning a body makes under-pressure send
      // it and stop (its types only admit the former).
      pressureHandler: ((request: FastifyRequest, reply: FastifyReply, type: string, value: number | undefined) => {
        if (exempt(request)) return undefined;
        warnShed(request, { pressure: type, value }, 'shedding load: the process is under pressure');
        return shed(reply);
      }) as unknown as FastifyUnderPressureOptions['pressureHandler'],
    });

    if (opts.maxInFlight > 0) {
      app.addHook('onRequest', async (request, reply) => {
        if (exempt(request)) return;
        if (inFlight >= opts.maxInFlight) {
          warnShed(request, { inFlight }, 'shedding load: too many requests in flight');
          return reply.send(shed(reply));
        }
        inFlight++;
        (request as Counted)[counted] = true;
        // The response's 'close' fires once whatever happens: sent, failed, or the client gone
        // before (or while) we answered. onResponse and onRequestAbort both miss a GET whose
        // client hung up after sending it, which left the counter high and shed every later request.
        reply.raw.once('close', () => release(request));
      });
    }

    app.decorate('requestsInFlight', () => inFlight);
  },
  { name: 'load-shedding' },
);

declare module 'fastify' {
  interface FastifyInstance {
    /** Requests being worked on now (not counting exempt routes). */
    requestsInFlight(): number;
  }
}
