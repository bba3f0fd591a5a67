import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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
 * The files under `root` a visitor may ask for, as relative paths with `/` between folders:
 * the files @fastify/static's per-file routes served (no folder, nothing whose name or folder
 * starts with a dot, such as Vite's `.vite/` manifests; links followed).
 */
export function servedFiles(root: string, under = ''): string[] {
  const files: string[] = [];
  for (const name of readdirSync(path.join(root, under))) {
    if (name.startsWith('.')) continue;
    const relative = under === '' ? name : `${under}/${name}`;
    if (statSync(path.join(root, relative)).isDirectory()) files.push(...servedFiles(root, relative));
    else files.push(relative);
  }
  return files;
}

/**
 * Serves the built storefront at / and the merchant/admin site at /admin/. Unknown GET
 * paths that look like pages (no file extension, HTML accepted) fall back to the SPA's
 * index.html so history-mode routes work on reload.
 *
 * Each app's `assets/` folder (Vite's hashed files: nearly all of the 1,500-odd files of both
 * builds, with their .br and .gz) is served by one wildcard route that looks the path up in the
 * list of files read at start-up; the few other files (index.html, the service worker, icons)
 * keep a route each. @fastify/static's own `wildcard: false` registered a GET and a HEAD route
 * per file, about a third of Fastify's router (19 MB of the idle server's heap at 100,000
 * products, issue 25 and decision 037); its `wildcard: true` would take `/*`, which the
 * storefront's rendered pages own (storefront-pages.ts), and checks each request's spelling
 * against the disk. Either way a file goes out through `reply.sendFile`, as the per-file routes
 * sent it: the pre-compressed copy, ETag and Last-Modified, 304, ranges and HEAD.
 */
export const staticAppsPlugin = fp(
  async (app: FastifyInstance, opts: { enabled: boolean; roots?: { web: string; admin: string } }) => {
    const apps = [
      { prefix: '/admin/', root: opts.roots?.admin ?? adminDist, name: 'admin' as const },
      { prefix: '/', root: opts.roots?.web ?? webDist, name: 'web' as const },
    ].filter((a) => opts.enabled && existsSync(path.join(a.root, 'index.html')));

    if (apps.length > 0) {
      // No routes of its own (serve: false): it gives reply.sendFile, used by the routes below
      // and by the history-mode fallback (errors.ts).
      await app.register(fastifyStatic, {
        root: apps[0]?.root,
        serve: false,
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

    // As @fastify/static's routes: a client that hangs up mid-file is not an error to log.
    const errorHandler = (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      if (error.code === 'ERR_STREAM_PREMATURE_CLOSE') {
        request.raw.destroy();
        return;
      }
      return app.errorHandler(error, request, reply);
    };
    for (const a of apps) {
      const files = servedFiles(a.root);
      const assets = new Set(files.filter((file) => file.startsWith('assets/')));
      app.route({
        method: ['GET', 'HEAD'],
        url: `${a.prefix}assets/*`,
        schema: { hide: true },
        errorHandler,
        handler(request, reply) {
          // Only a file of the build is served: anything else ("..", a folder, a typo) is not found.
          const file = `assets/${(request.params as { '*': string })['*']}`;
          return assets.has(file) ? reply.sendFile(`/${file}`, a.root) : reply.callNotFound();
        },
      });
      for (const file of files) {
        if (assets.has(file)) continue;
        if (file === 'index.html') {
          // The app's own address is the page; /index.html would be a second URL for the home page
          // (a soft 404 in the storefront, whose router knows no such page). Moved for good.
          app.route({
            method: ['GET', 'HEAD'],
            url: a.prefix + file,
            schema: { hide: true },
            handler: (request, reply) => {
              const query = request.url.indexOf('?');
              return reply.redirect(a.prefix + (query === -1 ? '' : request.url.slice(query)), 301);
            },
          });
          continue;
        }
        app.route({
          method: ['GET', 'HEAD'],
          url: a.prefix + file,
          schema: { hide: true },
          errorHandler,
          handler: (_request, reply) => reply.sendFile(`/${file}`, a.root),
        });
      }
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
