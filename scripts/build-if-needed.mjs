import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

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

/** Builds the web and admin apps when a build is missing or older than its sources (or core). */
export function buildIfNeeded({ force = false } = {}) {
  for (const app of ['web', 'admin']) {
    const dir = path.join(root, 'apps', app);
    const builtIndex = path.join(dir, 'dist', 'index.html');
    const sources = ['src', 'public', 'index.html', 'vite.config.ts'].map((p) => path.join(dir, p));
    sources.push(path.join(root, 'packages/core/src'));
    const stale = force || !existsSync(builtIndex) || newestMtime(sources) > statSync(builtIndex).mtimeMs;
    if (!stale) continue;
    console.log(`Building the ${app} app...`);
    const result = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: dir, stdio: 'inherit' });
    if (result.status !== 0) throw new Error(`Building the ${app} app failed`);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) buildIfNeeded({ force: process.argv.includes('--force') });
