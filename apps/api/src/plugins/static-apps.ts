import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** The SPA that answers a history-mode URL, or null (API paths, files, no build). */
    spaFor(request: FastifyRequest): { root: string; name: 'web' | 'admin' } | null;
  }
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
export const webDist = path.join(repoRoot, 'apps/web/dist');
export const adminDist = path.join(repoRoot, 'apps/admin/dist');

/**
 * Serves the built storefront at / and the merchant/admin site at /admin/. Unknown GET
 * paths that look like pages (no file extension, HTML accepted) fall back to the SPA's
 * index.html so history-mode routes work on reload.
 */
export const staticAppsPlugin = fp(
  async (app: FastifyInstance, opts: { enabled: boolean; roots?: { web: string; admin: string } }) => {
    const apps = [
      { prefix: '/admin/', root: opts.roots?.admin ?? adminDist, name: 'admin' as const },
      { prefix: '/', root: opts.roots?.web ?? webDist, name: 'web' as const },
    ].filter((a) => opts.enabled && existsSync(path.join(a.root, 'index.html')));

    for (const [i, a] of apps.entries()) {
      await app.register(fastifyStatic, {
        root: a.root,
        prefix: a.prefix,
        wildcard: false,
        decorateReply: i === 0,
        index: false,
        // The build writes file.br and file.gz beside each compressible file
        // (scripts/build-if-needed.mjs): sent as they are, never compressed per request.
        preCompressed: true,
        // Vite's hashed assets never change; index.html always revalidates.
        setHeaders(res, filePath) {
          res.header(
            'cache-control',
            filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
          );
        },
      });
    }

    app.decorate('spaFor', (request: FastifyRequest) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') return null;
      const urlPath = request.url.split('?')[0] ?? '/';
      if (urlPath.startsWith('/api/') || urlPath === '/api') return null;
      if (path.extname(urlPath) !== '') return null;
      const found = apps.find((a) => urlPath.startsWith(a.prefix) || `${urlPath}/` === a.prefix);
      return found ? { root: found.root, name: found.name } : null;
    });
  },
  { name: 'static-apps' },
);
