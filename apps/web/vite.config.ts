import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

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

export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  server: { port: 5173, proxy: { '/api': api, '/uploads': api } },
  build: {
    sourcemap: true,
    // scripts/check-bundle-budgets.mjs reads the manifest to add up each route's initial JS and CSS.
    manifest: true,
    chunkSizeWarningLimit: 200,
    rollupOptions: {
      output: {
        manualChunks(id) {
          for (const [name, pattern] of Object.entries(vendorChunks)) if (pattern.test(id)) return `vendor-${name}`;
          return undefined;
        },
      },
    },
  },
});
