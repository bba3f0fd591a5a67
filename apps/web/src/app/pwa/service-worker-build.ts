import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin, ResolvedConfig } from 'vite';

/**
 * Writes the storefront's service worker (docs/decisions/035) into the build: service-worker.js
 * at the site's root, made of the precache list and its version followed by
 * src/app/pwa/service-worker.js. Build-time code (Node), used by vite.config.ts only.
 */

export const SERVICE_WORKER_FILE = 'service-worker.js';

/** Files of public/ the worker keeps: the offline page and what it shows, the icons, the manifest. */
export const PRECACHED_PUBLIC_FILES = [
  'offline.html',
  'offline.js',
  'favicon.svg',
  'manifest.webmanifest',
  'apple-touch-icon.png',
  'icons/icon-192.png',
  'icons/icon-512.png',
  'icons/icon-maskable-192.png',
  'icons/icon-maskable-512.png',
];

/** Whether a file Vite emitted is precached: the hashed scripts, styles, fonts and pictures under assets/. */
export function isPrecachedAsset(fileName: string): boolean {
  return fileName.startsWith('assets/') && /\.(js|css|woff2?|svg|png|jpe?g|webp|avif)$/.test(fileName);
}

const sha256 = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');

/**
 * The worker's text. `files` maps each precached file to a digest of its content (a hashed
 * asset's name is its digest already); `parts` is anything else whose change must reach the
 * browsers as a new worker (the worker's own source, the push worker it imports). VERSION changes
 * when any of them does, so a deployment that changes nothing the worker keeps is no new worker.
 */
export function serviceWorkerSource(template: string, files: Record<string, string>, parts: string[] = []): string {
  const precache = Object.keys(files).sort();
  const version = sha256(
    JSON.stringify([precache.map((file) => [file, files[file]]), parts.map((part) => sha256(part)), sha256(template)]),
  ).slice(0, 16);
  return `const VERSION = ${JSON.stringify(version)};\nconst PRECACHE = ${JSON.stringify(precache, null, 1)};\n\n${template}`;
}

export function serviceWorker(): Plugin {
  let config: ResolvedConfig;
  const read = (file: string) => readFileSync(file, 'utf8');
  const template = () => read(path.join(config.root, 'src/app/pwa/service-worker.js'));
  const pushWorker = () => read(path.join(config.publicDir, 'push-worker.js'));
  return {
    name: 'parade-service-worker',
    configResolved(resolved) {
      config = resolved;
    },
    // In development the worker precaches nothing (Vite serves unbundled sources); it still
    // carries the push handlers, so the profile's push switch works there too.
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        if (req.url?.split('?')[0] !== `${config.base}${SERVICE_WORKER_FILE}`) return next();
        res.setHeader('content-type', 'text/javascript');
        res.setHeader('cache-control', 'no-cache');
        res.end(serviceWorkerSource(template(), {}, [pushWorker()]));
      });
    },
    generateBundle(_options, bundle) {
      // The server render's build (vite build --ssr) has no worker of its own.
      if (config.build.ssr) return;
      const files: Record<string, string> = {};
      for (const output of Object.values(bundle)) {
        if (isPrecachedAsset(output.fileName)) files[output.fileName] = output.fileName;
      }
      for (const file of PRECACHED_PUBLIC_FILES) {
        files[file] = sha256(readFileSync(path.join(config.publicDir, file)));
      }
      this.emitFile({
        type: 'asset',
        fileName: SERVICE_WORKER_FILE,
        source: serviceWorkerSource(template(), files, [pushWorker()]),
      });
    },
  };
}
