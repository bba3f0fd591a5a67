import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import type { Config } from '../config';
import { sharedRateLimitStore } from './shared-rate-limits';

/**
 * Security headers, CORS and the rate limiter. Rate limits are opt-in per route
 * (`config: { rateLimit }`) and count across the API processes through Redis when REDIS_URL is
 * set (shared-rate-limits.ts), else in each process; the counters used by login/forgot live in
 * the database so that several processes agree in any case (see the auth module).
 */
export const securityPlugin = fp(
  async (app: FastifyInstance, opts: { config: Config; inlineScripts?: string[] }) => {
    // Stripe.js comes from STRIPE_JS_URL (a local stand-in in browser tests), which then calls home.
    const stripeJs = [...new Set(['https://js.stripe.com', new URL(opts.config.stripeJsUrl).origin])];
    // The storefront's analytics tag, only when ANALYTICS_ORIGINS names its hosts (none by default).
    const analytics = opts.config.analyticsOrigins;
    // Helmet's middleware, built once. (@fastify/helmet built it again for every request, parsing
    // the directives each time: 6 % of the CPU of a reply served from the reply cache.)
    const securityHeaders = helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          // The served apps' own inline scripts by hash (inline-scripts.ts), never 'unsafe-inline'.
          scriptSrc: ["'self'", ...(opts.inlineScripts ?? []), ...stripeJs, ...analytics],
          frameSrc: ["'self'", ...stripeJs, 'https://hooks.stripe.com'],
          connectSrc: ["'self'", 'https://api.stripe.com', ...stripeJs, ...analytics],
          imgSrc: ["'self'", 'data:', 'blob:', ...analytics],
          styleSrc: ["'self'", "'unsafe-inline'"],
          fontSrc: ["'self'", 'data:'],
          objectSrc: ["'none'"],
          // Neither app has a <base> element (the admin's /admin/ prefix is in its asset URLs,
          // Vite's `base`), so an injected one is refused outright (ASVS 3.4.3).
          baseUri: ["'none'"],
          frameAncestors: ["'none'"],
          upgradeInsecureRequests: null,
        },
      },
      crossOriginEmbedderPolicy: false,
      // Agrees with frame-ancestors 'none' for browsers that only know the older header
      // (helmet's default is SAMEORIGIN).
      frameguard: { action: 'deny' },
    });
    app.addHook('onRequest', (request, reply, done) => {
      securityHeaders(request.raw, reply.raw, () => done());
    });
    await app.register(cors, {
      // Same-origin by default (the apps are served by this process); extra origins by config.
      origin: opts.config.corsOrigins.length > 0 ? opts.config.corsOrigins : false,
      credentials: false,
      exposedHeaders: ['x-request-id'],
    });
    await app.register(rateLimit, {
      global: false,
      ...(app.redis ? { store: sharedRateLimitStore(app.redis) } : {}),
    });
  },
  { name: 'security', dependencies: ['redis'] },
);
