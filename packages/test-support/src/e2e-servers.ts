import { readFileSync, rmSync, writeFileSync } from 'node:fs';
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

/** The server this process has claimed, once it has. */
let claimed: E2eServer | undefined;

/**
 * This spec file's test server. Each server (its own database, mail capture and Stripe stand-in)
 * serves one spec file at a time, so two files running at once never see each other's orders,
 * settings or mail; files share a server one after another.
 *
 * The process claims a free server with a lock file next to its DATA_DIR, created exclusively
 * and naming its pid, and lets it go when it exits. (Picking by VITEST_POOL_ID was not enough:
 * the ids come from the whole run's pool, so with the API projects' workers still holding some,
 * two browser spec files got ids 1 and 3 and shared a server.) A lock whose process has died is
 * taken over.
 */
export function e2eServer(): E2eServer {
  if (claimed) return claimed;
  const servers = inject('e2eServers');
  if (!servers?.length) throw new Error('No test server: run the browser specs through the e2e project');
  for (const server of servers) {
    if (tryClaim(`${server.dataDir}.claim`)) {
      claimed = server;
      return server;
    }
  }
  throw new Error(
    `All ${servers.length} test servers are in use: run no more spec files at once than there are servers`,
  );
}

function tryClaim(lockFile: string): boolean {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      process.once('exit', () => rmSync(lockFile, { force: true }));
      return true;
    } catch {
      let holder: number;
      try {
        holder = Number(readFileSync(lockFile, 'utf8'));
      } catch {
        continue; // let go meanwhile: try again
      }
      if (holder === process.pid) return true;
      // No pid yet: its claimer is writing it this instant.
      if (!holder || isAlive(holder)) return false;
      // Its process died without letting go: take it over (one taker wins the exclusive create).
      rmSync(lockFile, { force: true });
    }
  }
  return false;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
