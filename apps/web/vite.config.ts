import { createRequire } from 'node:module';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { serviceWorker } from './src/app/pwa/service-worker-build';

const api = process.env.API_URL ?? 'http://localhost:3000';
const reactRouterProduction = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

/**
 * React and the router, which every screen needs whole, go to their own long-cached chunks, and
 * zod to one chunk that loads with the first reply checked (decision 039). Everything else
 * (TanStack Query's modules, Mantine's components, the carousel, forms) is left to Rollup, so
 * a module only a lazy screen uses stays out of the first load.
 */
const vendorChunks: Record<string, RegExp> = {
  react: /\/node_modules\/(react|react-dom|scheduler)\//,
  router: /\/node_modules\/react-router\//,
  zod: /\/node_modules\/zod\//,
};

/**
 * Writes .vite/module-chunks.json: each of the app's own source files -> the chunk it ended up in.
 * Rollup puts a lazy module into another chunk when something else imports it statically, and
 * Vite's manifest then no longer names it; the budget check and the server's preloads
 * (storefront-pages.ts) look a route's chunk up here.
 */
function moduleChunks(): Plugin {
  return {
    name: 'parade-module-chunks',
    apply: 'build',
    generateBundle(_options, bundle) {
      const map: Record<string, string> = {};
      const root = `${import.meta.dirname}/`;
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        for (const id of chunk.moduleIds) if (id.startsWith(`${root}src/`)) map[id.slice(root.length)] = chunk.fileName;
      }
      this.emitFile({ type: 'asset', fileName: '.vite/module-chunks.json', source: JSON.stringify(map, null, 1) });
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  // serviceWorker: /service-worker.js, the installable storefront's offline shell (docs/decisions/035).
  plugins: [react(), moduleChunks(), serviceWorker()],
  resolve: {
    alias: [
      { find: '@', replacement: path.resolve(import.meta.dirname, 'src') },
      // React Router's package exports only its development build (dev warnings on); the browser
      // bundle takes the production one, as its framework mode does (the server render keeps the
      // package's own entry).
      ...(isSsrBuild ? [] : [{ find: /^react-router$/, replacement: reactRouterProduction }]),
    ],
  },
  server: { port: 5173, proxy: { '/api': api, '/uploads': api } },
  // The server render's bundle (`vite build --ssr src/app/entry-server.tsx`, into dist-server)
  // holds everything it renders with, tree-shaken, and React's production build whatever the API
  // process's NODE_ENV (`npm start` runs as development for its demo conveniences). As imports
  // from node_modules, the render loaded every icon of @tabler/icons-react (a 3.6 MB module and
  // thousands of components), all of Mantine, and React's development server renderer: 51-66 MiB
  // more resident memory, idle and after rendering (docs/performance.md, decision 037).
  ssr: { noExternal: true },
  ...(isSsrBuild ? { define: { 'process.env.NODE_ENV': JSON.stringify('production') } } : {}),
  build: {
    sourcemap: true,
    // The server bundle needs no copy of public/ (the client build's dist serves it).
    copyPublicDir: !isSsrBuild,
    // scripts/check-bundle-budgets.mjs reads the manifest to add up each route's initial JS and CSS.
    manifest: true,
    // No preload list for lazy imports (decision 039): the entry would carry every chunk's
    // dependencies by name (4.5 KB gzip). A first visit gets its route's chunks preloaded by the
    // server (storefront-pages.ts); on a later navigation the route's chunk names its imports
    // at the top, one request later, and the service worker has precached them all by then.
    modulePreload: false,
    chunkSizeWarningLimit: 200,
    rollupOptions: {
      output: {
        // No merging of small chunks (experimentalMinChunkSize): Rollup merges a small chunk into
        // one "loaded under similar conditions", so a page's first load carried other pages'
        // code (10-15 KB gzip on some routes). More, smaller files instead, preloaded in parallel.
        manualChunks(id) {
          for (const [name, pattern] of Object.entries(vendorChunks)) if (pattern.test(id)) return `vendor-${name}`;
          return undefined;
        },
      },
    },
  },
}));
