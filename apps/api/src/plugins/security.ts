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
    await app.register(helmet, {
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", 'https://js.stripe.com'],
          frameSrc: ["'self'", 'https://js.stripe.com', 'https://hooks.stripe.com'],
          connectSrc: ["'self'", 'https://api.stripe.com'],
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
