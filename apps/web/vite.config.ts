import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { serviceWorker } from './src/app/pwa/service-worker-build';

const api = process.env.API_URL ?? 'http://localhost:3000';

/**
 * Libraries every screen needs go to their own long-cached chunks; everything else (Mantine's
 * components, the carousel, forms) is left to Rollup, so a component used only by a lazy screen
 * stays in that screen's chunk.
 */
const vendorChunks: Record<string, RegExp> = {
  react: /\/node_modules\/(react|react-dom|scheduler)\//,
  router: /\/node_modules\/react-router\//,
  zod: /\/node_modules\/zod\//,
  query: /\/node_modules\/@tanstack\//,
};

/**
 * Writes .vite/module-chunks.json: each of the app's own source files -> the chunk it ended up in.
 * Rollup merges small lazy modules into other chunks (experimentalMinChunkSize below), and Vite's
 * manifest then no longer names them; the budget check looks a route's chunk up here.
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
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  server: { port: 5173, proxy: { '/api': api, '/uploads': api } },
  // The server render's bundle (`vite build --ssr src/app/entry-server.tsx`, into dist-server):
  // the workspace's own packages are TypeScript, so they are bundled; libraries stay imports.
  ssr: { noExternal: [/^@parade\//] },
  build: {
    sourcemap: true,
    // The server bundle needs no copy of public/ (the client build's dist serves it).
    copyPublicDir: !isSsrBuild,
    // scripts/check-bundle-budgets.mjs reads the manifest to add up each route's initial JS and CSS.
    manifest: true,
    chunkSizeWarningLimit: 200,
    rollupOptions: {
      output: {
        // Merges the many tiny shared chunks (a Mantine hook, an icon) into their importers:
        // fewer requests, and a shorter request chain on a slow phone connection.
        experimentalMinChunkSize: 20_000,
        manualChunks(id) {
          for (const [name, pattern] of Object.entries(vendorChunks)) if (pattern.test(id)) return `vendor-${name}`;
          return undefined;
        },
      },
    },
  },
}));
