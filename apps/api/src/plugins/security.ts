import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';

/**
 * Security headers, CORS and the rate limiter. Rate limits are opt-in per route
 * (`config: { rateLimit }`); the counters used by login/forgot live in the database
 * so that several processes agree (see the auth module).
 */
export const securityPlugin = fp(
  async (app: FastifyInstance, opts: { config: Config }) => {
    // Stripe.js comes from STRIPE_JS_URL (a local stand-in in browser tests), which then calls home.
    const stripeJs = [...new Set(['https://js.stripe.com', new URL(opts.config.stripeJsUrl).origin])];
    await app.register(helmet, {
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", ...stripeJs],
          frameSrc: ["'self'", ...stripeJs, 'https://hooks.stripe.com'],
          connectSrc: ["'self'", 'https://api.stripe.com', ...stripeJs],
          imgSrc: ["'self'", 'data:', 'blob:'],
          styleSrc: ["'self'", "'unsafe-inline'"],
          fontSrc: ["'self'", 'data:'],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          frameAncestors: ["'none'"],
          upgradeInsecureRequests: null,
        },
      },
      crossOriginEmbedderPolicy: false,
    });
    await app.register(cors, {
      // Same-origin by default (the apps are served by this process); extra origins by config.
      origin: opts.config.corsOrigins.length > 0 ? opts.config.corsOrigins : false,
      credentials: false,
      exposedHeaders: ['x-request-id'],
    });
    await app.register(rateLimit, { global: false });
  },
  { name: 'security' },
);
