import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { modeLine } from './dev-mode';
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
  });
  await database.migrate();
  if (config.seedDemo) {
    const seeded = await seedDemoIfEmpty(database.db, config);
    if (seeded) printDemoAccounts(seeded.accounts);
  }

  const app = await buildApp({ config, database });
  const close = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void close('SIGINT'));
  process.once('SIGTERM', () => void close('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    { node: process.version, storage: app.storage.description },
    `Parade is running at ${config.publicUrl} (${database.kind} database, files on ${app.storage.description}, Node.js ${process.version})`,
  );
  // One line that says whether development conveniences are on, and why (dev-mode.ts).
  app.log.info({ logResetLinks: config.logResetLinks, seedDemo: config.seedDemo }, modeLine(config));
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
