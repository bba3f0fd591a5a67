import { inject } from 'vitest';

/** One test server of a run of browser specs, with the folders a spec may read. */
export interface E2eServer {
  baseURL: string;
  /** The server's DATA_DIR (uploads, digital files, the embedded database). */
  dataDir: string;
  /** Where its SMTP capture writes every mail the server sends, one JSON file each. */
  mailDir: string;
}

declare module 'vitest' {
  /** Provided by the e2e project's global set-up (apps/web/e2e/support/global-setup.ts). */
  export interface ProvidedContext {
    /** One server per worker of the e2e project. */
    e2eServers: E2eServer[];
    /** The run's one Chromium, which every spec file connects to. */
    browserWSEndpoint: string;
  }
}

/**
 * This worker's test server. Each worker of the e2e project has a server of its own (its own
 * database, mail capture and Stripe stand-in), so two spec files running at once never see
 * each other's orders, settings or mail; the files of one worker share it one after another.
 */
export function e2eServer(): E2eServer {
  const servers = inject('e2eServers');
  const worker = Number(process.env.VITEST_POOL_ID ?? '1');
  const server = servers[(worker - 1) % servers.length];
  if (!server) throw new Error('No test server: run the browser specs through the e2e project');
  return server;
}
