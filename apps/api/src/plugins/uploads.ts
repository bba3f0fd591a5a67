import { mkdirSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** Absolute folder that holds uploaded and generated files, served at /uploads/. */
    uploadsDir: string;
  }
}

/** Files under DATA_DIR/uploads (demo pictures, avatars, product images) served at /uploads/. */
export const uploadsPlugin = fp(
  async (app: FastifyInstance, opts: { dataDir: string }) => {
    const root = path.join(opts.dataDir, 'uploads');
    mkdirSync(root, { recursive: true });
    app.decorate('uploadsDir', root);
    await app.register(fastifyStatic, {
      root,
      prefix: '/uploads/',
      decorateReply: false,
      index: false,
      setHeaders(res) {
        res.header('cache-control', 'public, max-age=86400');
        // Uploaded SVGs must never run script in our origin.
        res.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
        res.header('x-content-type-options', 'nosniff');
      },
    });
  },
  { name: 'uploads' },
);
