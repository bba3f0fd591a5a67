import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The import rules of `.dependency-cruiser.cjs`, checked once per app so that each app's
 * `@/` alias resolves through its own tsconfig. Run from `npm run lint`; the browser specs
 * are checked with the storefront, and the API with the packages.
 *
 * `cwd` is where the rules' paths start: the repository, or a fixture tree in the rules' test.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export const boundaryRuns = [
  { tsConfig: 'apps/web/tsconfig.json', targets: ['apps/web/src', 'apps/web/e2e'] },
  { tsConfig: 'apps/admin/tsconfig.json', targets: ['apps/admin/src', 'apps/admin/e2e'] },
  { tsConfig: 'apps/api/tsconfig.json', targets: ['apps/api/src', 'apps/api/bench', 'packages'] },
];

/** Runs every check that has targets in `cwd`; answers the exit code and what depcruise printed. */
export function checkBoundaries({ cwd = root, outputType = 'err' } = {}) {
  const depcruise = path.join(root, 'node_modules/.bin/depcruise');
  let status = 0;
  let output = '';
  for (const run of boundaryRuns) {
    const targets = run.targets.filter((target) => existsIn(cwd, target));
    if (targets.length === 0) continue;
    const args = ['--config', path.join(root, '.dependency-cruiser.cjs'), '--output-type', outputType];
    if (existsIn(cwd, run.tsConfig)) args.push('--ts-config', run.tsConfig);
    const result = spawnSync(depcruise, [...args, ...targets], { cwd, encoding: 'utf8' });
    output += result.stdout + result.stderr;
    if (result.status !== 0) status = result.status ?? 1;
  }
  return { status, output };
}

function existsIn(cwd, relative) {
  return fs.existsSync(path.join(cwd, relative));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { status, output } = checkBoundaries();
  process.stdout.write(output);
  process.exit(status);
}
