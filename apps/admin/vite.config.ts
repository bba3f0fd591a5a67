import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const api = process.env.API_URL ?? 'http://localhost:3000';

/** The merchant & platform admin site, served by the API at /admin/. */
export default defineConfig({
  base: '/admin/',
  plugins: [react()],
  server: { port: 5174, proxy: { '/api': api, '/uploads': api } },
});
