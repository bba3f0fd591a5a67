import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { type Database, openDatabase } from './db/client';
import { pendingMigrations } from './db/pending-migrations';
import { modeLine, safetyLine } from './dev-mode';
import { seedDemoIfEmpty } from './maintenance/seed/seed';

/** Boot: check configuration, migrate, seed an empty database, listen; shut down cleanly. */
async function main() {
  assertSupportedNode();
  const config = loadConfig();
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.dbPoolSize,
    statementTimeoutMs: config.dbStatementTimeoutMs,
    poolWaitMs: config.dbPoolWaitMs,
    pgliteWorker: config.pgliteWorker,
    pgliteSharedBuffersMb: config.pgliteSharedBuffersMb,
    pgliteFsync: config.pgliteFsync,
  });
  // Off when a release step runs `npm run db:migrate` before the processes start (decision 042);
  // on, N processes starting together still migrate once (an advisory lock, db/client.ts).
  if (config.migrateOnStart) await database.migrate();
  else {
    const pending = await pendingMigrations(database.db);
    if (pending.length > 0) {
      // Serving with an older schema than the code's would fail request by request: say so once.
      console.error(
        `The database lacks ${pending.length} migration(s) (${pending.join(', ')}) and MIGRATE_ON_START=false: run \`npm run db:migrate\` first.`,
      );
      await database.close();
      process.exit(1);
    }
  }
  if (config.seedDemo) {
    const seeded = await seedDemoIfEmpty(database.db, config);
    if (seeded) printDemoAccounts(seeded.accounts);
  }

  const app = await buildApp({ config, database });
  const shutdown = gracefulShutdown(app, database, config.shutdown);
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    { node: process.version, storage: app.storage.description },
    `Parade is running at ${config.publicUrl} (${database.kind} database, files on ${app.storage.description}, Node.js ${process.version})`,
  );
  // One line that says whether development conveniences are on, and why (dev-mode.ts).
  app.log.info({ logResetLinks: config.logResetLinks, seedDemo: config.seedDemo }, modeLine(config));
  // And how safe the data is on the embedded database, and how admins sign in (decision 045).
  app.log.info({ pgliteFsync: config.pgliteFsync, adminTwoFactor: config.adminTwoFactor }, safetyLine(config));
}

/**
 * A rolling restart's end of a process (docs/decisions/042), on the first SIGTERM or SIGINT:
 * 1. drain: GET /api/health/ready answers 503 and the background jobs start no new round;
 * 2. after `delayMs` (time for the balancer to see that), stop accepting: idle keep-alive
 *    sockets close, requests under way are answered (with `Connection: close`), then the
 *    plugins' onClose hooks wait for the sweeps, mail batches and Stripe calls under way;
 * 3. close the database and exit 0.
 * Past `graceMs` from the signal, the work still running is logged and the process exits 1 (an
 * unfinished transaction rolls back; a mail taken stays claimed until its claim runs out).
 * Another signal meanwhile changes nothing: the one shutdown runs to its end or its deadline.
 */
function gracefulShutdown(
  app: FastifyInstance,
  database: Database,
  options: { graceMs: number; delayMs: number },
): (signal: string) => void {
  let started = false;
  return (signal) => {
    if (started) {
      app.log.warn({ signal }, 'already shutting down: finishing the work under way');
      return;
    }
    started = true;
    app.log.info({ signal, graceMs: options.graceMs }, 'shutting down: draining');
    app.lifecycle.drain();
    const deadline = setTimeout(() => {
      app.log.error(
        { requestsInFlight: app.requestsInFlight(), jobs: app.lifecycle.running() },
        'shutdown grace period over: exiting with work unfinished',
      );
      process.exit(1);
    }, options.graceMs);
    const stop = async () => {
      if (options.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
      await app.close();
      await database.close();
      clearTimeout(deadline);
      app.log.info({ signal }, 'shut down cleanly');
      process.exit(0);
    };
    stop().catch((error: unknown) => {
      app.log.error({ err: error }, 'shutting down failed');
      process.exit(1);
    });
  };
}

/**
 * Node 20 is past its end of life and some dependencies need 22.12+. `npm start` runs the
 * LTS that `npm install` put in node_modules (the npm registry's `node` package), so this
 * only trips when the server is started by hand with an older system Node.
 */
function assertSupportedNode() {
  const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
  if (major < 22 || (major === 22 && minor < 12)) {
    console.error(
      `Parade needs Node.js 22.12 or newer (24 LTS recommended); this is ${process.version}. Start it with \`npm start\`, which uses the Node.js that \`npm install\` installed.`,
    );
    process.exit(1);
  }
}

function printDemoAccounts(accounts: { role: string; email: string; password: string; shop?: string }[]) {
  const lines = accounts.map(
    (a) => `  ${a.role.padEnd(8)} ${a.email.padEnd(34)} ${a.password}${a.shop ? `  (${a.shop})` : ''}`,
  );
  console.log(`\nDemo data seeded. Demo accounts (role, e-mail, password):\n${lines.join('\n')}\n`);
}

main().catch((error) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
