import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { buildApiIfNeeded } from './build-api.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Newest modification time of any file below the given paths. */
function newestMtime(paths) {
  let newest = 0;
  const visit = (p) => {
    if (!existsSync(p)) return;
    const stat = statSync(p);
    if (stat.isDirectory()) {
      for (const entry of readdirSync(p)) if (entry !== 'node_modules' && entry !== 'dist') visit(path.join(p, entry));
    } else newest = Math.max(newest, stat.mtimeMs);
  };
  paths.forEach(visit);
  return newest;
}

/** Text formats worth compressing; images and fonts (woff2) are compressed already. */
const compressible = new Set([
  '.js',
  '.mjs',
  '.css',
  '.html',
  '.svg',
  '.json',
  '.webmanifest',
  '.txt',
  '.xml',
  '.map',
  '.ico',
]);

/**
 * Writes file.br (brotli, best quality; not for source maps) and file.gz (gzip -9) beside each
 * compressible file of at least minBytes under dir, so the server sends them as they are (@fastify/static
 * preCompressed) instead of compressing on every request. A variant not smaller than the
 * original is not written.
 */
export function precompress(dir, { minBytes = 1024 } = {}) {
  let written = 0;
  const visit = (p) => {
    for (const entry of readdirSync(p, { withFileTypes: true })) {
      const file = path.join(p, entry.name);
      if (entry.isDirectory()) {
        visit(file);
        continue;
      }
      if (!compressible.has(path.extname(entry.name).toLowerCase())) continue;
      const data = readFileSync(file);
      if (data.length < minBytes) continue;
      // Source maps (three quarters of the bytes) are fetched only by a developer's tools: gzip
      // is plenty for them, and brotli's best quality on them was most of the build's time.
      const sourceMap = entry.name.endsWith('.map');
      const br = sourceMap
        ? null
        : brotliCompressSync(data, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
            },
          });
      const gz = gzipSync(data, { level: 9 });
      for (const [extension, variant] of [
        ['.br', br],
        ['.gz', gz],
      ]) {
        if (variant === null || variant.length >= data.length) continue;
        writeFileSync(`${file}${extension}`, variant);
        written++;
      }
    }
  };
  visit(dir);
  return written;
}

/** Builds the web and admin apps when a build is missing or older than its sources (or core). */
export function buildIfNeeded({ force = false } = {}) {
  for (const app of ['web', 'admin']) {
    const dir = path.join(root, 'apps', app);
    const builtIndex = path.join(dir, 'dist', 'index.html');
    const sources = ['src', 'public', 'index.html', 'vite.config.ts'].map((p) => path.join(dir, p));
    // The shared packages both apps bundle: core's rules and ui's browser code (the theme, focus rescue...).
    sources.push(path.join(root, 'packages/core/src'), path.join(root, 'packages/ui/src'));
    // The storefront also has a server build (its pages rendered by the API: decision 038).
    const serverEntry = app === 'web' ? path.join(dir, 'dist-server', 'entry-server.js') : null;
    // Either build older than the sources is stale: a client build alone (`vite build`) must
    // not leave the server render on older code, whose HTML would not match what hydrates it.
    const newestSource = newestMtime(sources);
    const stale =
      force ||
      !existsSync(builtIndex) ||
      (serverEntry !== null && !existsSync(serverEntry)) ||
      newestSource > statSync(builtIndex).mtimeMs ||
      (serverEntry !== null && newestSource > statSync(serverEntry).mtimeMs);
    if (!stale) continue;
    console.log(`Building the ${app} app...`);
    // Always a production build: run from the test set-up this process has NODE_ENV=test, which
    // would give React's development build, and `npm start` would then serve that.
    const result = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
      cwd: dir,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (result.status !== 0) throw new Error(`Building the ${app} app failed`);
    if (serverEntry !== null) {
      const server = spawnSync(
        'npx',
        ['vite', 'build', '--ssr', 'src/app/entry-server.tsx', '--outDir', 'dist-server', '--logLevel', 'warn'],
        { cwd: dir, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } },
      );
      if (server.status !== 0) throw new Error(`Building the ${app} app's server entry failed`);
    }
    precompress(path.join(dir, 'dist'));
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  buildIfNeeded({ force: process.argv.includes('--force') });
  await buildApiIfNeeded({ force: process.argv.includes('--force') });
}
