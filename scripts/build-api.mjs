import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The compiled API (docs/decisions/037): esbuild bundles apps/api/src/server.ts with the
 * workspace packages it imports (@parade/core) into one ES module for Node, apps/api/dist/server.js,
 * with a source map beside it. Every other package stays in node_modules, imported at run time.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const apiDir = path.join(root, 'apps/api');
const outDir = path.join(apiDir, 'dist');

/** What `npm start`, the bench and the tests' real servers run: `node <flags> apiServerFile`. */
export const apiServerFile = path.join(outDir, 'server.js');

/** What the build reads: a file newer than the built server makes it stale. */
const sources = [
  path.join(apiDir, 'src'),
  path.join(apiDir, 'package.json'),
  path.join(root, 'packages/core/src'),
  fileURLToPath(import.meta.url),
];

function newestMtime(paths) {
  let newest = 0;
  const visit = (p) => {
    if (!existsSync(p)) return;
    const stat = statSync(p);
    if (stat.isDirectory()) for (const entry of readdirSync(p)) visit(path.join(p, entry));
    else newest = Math.max(newest, stat.mtimeMs);
  };
  paths.forEach(visit);
  return newest;
}

/** True when apps/api/dist/server.js is missing or older than any of its sources. */
export function apiBuildIsStale() {
  return !existsSync(apiServerFile) || newestMtime(sources) > statSync(apiServerFile).mtimeMs;
}

/**
 * In a bundle every module shares the bundle's `import.meta`, so `import.meta.url` would name
 * apps/api/dist/server.js instead of the source file, and paths computed from it (the migrations
 * folder, the built apps, the PGlite worker) would point elsewhere. This rewrites each source
 * file's `import.meta.url` (and `.dirname`, `.filename`) to that source file's own location,
 * computed at run time relative to the bundle: code resolves the same paths compiled as under tsx.
 */
function sourceLocations(outDirectory) {
  return {
    name: 'source-locations',
    setup(build) {
      build.onLoad({ filter: /\.[cm]?[jt]sx?$/ }, (args) => {
        if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
        const text = readFileSync(args.path, 'utf8');
        if (!text.includes('import.meta.')) return undefined;
        const fromBundle = path.relative(outDirectory, args.path).split(path.sep).join('/');
        const url = `new URL(${JSON.stringify(fromBundle)}, import.meta.url)`;
        const file = `process.getBuiltinModule('node:url').fileURLToPath(${url})`;
        const contents = text.replace(/\bimport\.meta\.(url|dirname|filename)\b/g, (_, what) =>
          what === 'url'
            ? `${url}.href`
            : what === 'filename'
              ? `(${file})`
              : `process.getBuiltinModule('node:path').dirname(${file})`,
        );
        const loader = path.extname(args.path).replace(/^\.[cm]?/, '') || 'js';
        return { contents, loader, resolveDir: path.dirname(args.path) };
      });
    },
  };
}

/** Packages stay external (loaded from node_modules at run time), except the workspace's own TypeScript ones. */
const packagesExternal = {
  name: 'packages-external',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@parade/') || args.path.startsWith('node:')) return undefined;
      if (path.isAbsolute(args.path)) return undefined;
      return { path: args.path, external: true };
    });
  },
};

/**
 * Bundles `entry` into `outfile` (an ES module for Node, with a linked source map). The files are
 * written under temporary names and renamed into place, so a process starting the server while
 * another builds never reads half a file.
 */
export async function bundle(entry, outfile) {
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22.12',
    sourcemap: 'linked',
    sourcesContent: false,
    // Error classes and handlers keep their names in logs and `error.name`.
    keepNames: true,
    legalComments: 'none',
    logLevel: 'warning',
    write: false,
    plugins: [packagesExternal, sourceLocations(path.dirname(outfile))],
  });
  mkdirSync(path.dirname(outfile), { recursive: true });
  for (const file of result.outputFiles) {
    const temporary = `${file.path}.${process.pid}.tmp`;
    writeFileSync(temporary, file.contents);
    renameSync(temporary, file.path);
  }
}

/**
 * Bundles the server into apps/api/dist/server.js. Its modification time is set to when the build
 * began, so a source saved meanwhile makes it stale.
 */
export async function buildApi() {
  const started = new Date();
  await bundle(path.join(apiDir, 'src/server.ts'), apiServerFile);
  utimesSync(apiServerFile, started, started);
}

/** Builds the API when apps/api/dist/server.js is missing or stale (or `force`). */
export async function buildApiIfNeeded({ force = false } = {}) {
  if (!force && !apiBuildIsStale()) return;
  console.log('Building the API...');
  await buildApi();
}
