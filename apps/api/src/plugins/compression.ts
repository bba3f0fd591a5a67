import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Brotli or gzip, as the client prefers, for replies of at least `thresholdBytes` (JSON,
 * HTML, text). Brotli at quality 4: close to gzip's speed and smaller; the static apps' files
 * are compressed once at build time at the best quality (@fastify/static preCompressed), so
 * they leave with a Content-Encoding already and nothing here touches them. Hooks are added
 * per route as routes are declared: register this before the routes.
 */
export const compressionPlugin = fp(
  async (app: FastifyInstance, opts: { enabled: boolean; thresholdBytes: number }) => {
    if (!opts.enabled) return;
    await app.register(compress, {
      global: true,
      // Request bodies are small JSON: a compressed one is not inflated (it fails to parse).
      globalDecompression: false,
      encodings: ['br', 'gzip'],
      threshold: opts.thresholdBytes,
    });
  },
  { name: 'compression' },
);
