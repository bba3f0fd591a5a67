import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const api = process.env.API_URL ?? 'http://localhost:3000';

/** Libraries every screen needs go to their own long-cached chunks; the rest stays with the lazy screen that uses it. */
const vendorChunks: Record<string, RegExp> = {
  react: /\/node_modules\/(react|react-dom|scheduler)\//,
  router: /\/node_modules\/react-router\//,
  zod: /\/node_modules\/zod\//,
  query: /\/node_modules\/@tanstack\//,
};

/** The merchant & platform admin site, served by the API at /admin/. */
export default defineConfig({
  base: '/admin/',
  plugins: [react()],
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  server: { port: 5174, proxy: { '/api': api, '/uploads': api } },
  build: {
    sourcemap: true,
    // scripts/check-bundle-budgets.mjs can read it to add up a route's initial JS and CSS.
    manifest: true,
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
