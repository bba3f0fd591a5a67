import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { type SmtpCapture, startSmtpCapture } from '@parade/test-support/smtp-capture';
import { type StripeStandIn, startStripeStandIn } from '@parade/test-support/stripe-stand-in';
import { and, eq, inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { startApiCluster } from '../test/api-cluster';
import { type ApiProcess, root } from '../test/api-process';
import { placeCheckout, type TestCheckout, variationStock, variationsToSell } from '../test/card-checkouts';
import { BURST, burstWithSigterm } from '../test/sigterm-burst';
import { createPostgresDatabase } from '../test/test-database';
import { CHEAP_PASSWORD_HASHES } from '../test/test-env';
import { signUp } from '../test/test-support';
import { UNPAID_CARD_NOTE } from '../workflows/release-unpaid-card-checkouts';
import { mailOutbox, orderStatusHistory, orders } from './schema';

/**
 * Rolling restarts (issue 26, docs/decisions/042): three real API processes (the compiled
 * server, api-cluster.ts) on one PostgreSQL database. They start together on an empty database
 * and migrate it once; they run the mail outbox and the card-payment sweep together and each
 * mail leaves once, each unpaid checkout is released once; and one of them, SIGTERMed during a
 * burst of requests spread over the three, answers what it accepted while a client that, like a
 * load balancer, retries a request the process never took elsewhere sees no failure.
 * PGlite is one process: these need TEST_DATABASE_URL.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
if (!serverUrl) {
  console.log(
    'rolling-restart.test.ts skipped: no TEST_DATABASE_URL for this project (three processes need one PostgreSQL server; PGlite is one process)',
  );
}

const journal = JSON.parse(readFileSync(path.join(root, 'apps/api/drizzle/meta/_journal.json'), 'utf8')) as {
  entries: unknown[];
};

/** How many times each migration is recorded in the database at `url`. */
async function migrationCounts(url: string): Promise<number[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const reply = await client.query<{ n: number }>(
      'select count(*)::int as n from drizzle.__drizzle_migrations group by hash order by min(id)',
    );
    return reply.rows.map((row) => row.n);
  } finally {
    await client.end();
  }
}

/** `npm run <script>` from the repository root, as an operator's release step runs it; resolves with its exit code and output. */
function npmRun(script: string, env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', script], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, output }));
  });
}

describe.skipIf(!serverUrl)('three API processes on one PostgreSQL database', () => {
  const drops: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const drop of drops) await drop();
  }, 60_000);

  /** A database of this test's own: empty, or a copy of the run's seeded template. */
  async function freshDatabase(from: 'empty' | 'seeded'): Promise<string> {
    const templates = inject('databaseTemplates');
    const fresh = await createPostgresDatabase(serverUrl!, from === 'seeded' ? templates.seeded : undefined);
    drops.push(fresh.drop);
    return fresh.url;
  }

  it('migrate an empty database once when started together; `npm run db:migrate` migrates once as a release step', async () => {
    const url = await freshDatabase('empty');
    const cluster = await startApiCluster(3, url);
    try {
      for (const api of cluster.processes) {
        expect((await fetch(`${api.origin}/api/health/ready`)).status).toBe(200);
      }
      // Every migration recorded exactly once: one process applied them, the others found them done.
      expect(await migrationCounts(url)).toEqual(journal.entries.map(() => 1));
    } finally {
      await cluster.stop();
    }
    for (const api of cluster.processes) expect(api.child.exitCode).toBe(0);

    // The release step: migrate once, then processes that do not migrate at start.
    const released = await freshDatabase('empty');
    const env = { DATABASE_URL: released, NODE_ENV: 'production', GEOCODER: 'demo' };
    // Before the release step, a process that does not migrate refuses the old schema.
    await expect(startApiCluster(1, released, { MIGRATE_ON_START: 'false' })).rejects.toThrow(
      /lacks \d+ migration\(s\).*run `npm run db:migrate` first/,
    );
    const first = await npmRun('db:migrate', env);
    expect(first.code, first.output).toBe(0);
    expect(first.output).toContain(`Migrated the postgres database: applied ${journal.entries.length} migration(s)`);
    const again = await npmRun('db:migrate', env);
    expect(again.code, again.output).toBe(0);
    expect(again.output).toContain('The postgres database was up to date: no migration applied.');
    expect(await migrationCounts(released)).toEqual(journal.entries.map(() => 1));
    const noMigrate = await startApiCluster(1, released, { MIGRATE_ON_START: 'false' });
    try {
      expect((await fetch(`${noMigrate.processes[0]!.origin}/api/health/ready`)).status).toBe(200);
    } finally {
      await noMigrate.stop();
    }
  }, 120_000);

  describe('running the background jobs together', () => {
    let smtp: SmtpCapture;
    let stripe: StripeStandIn;
    beforeAll(async () => {
      smtp = await startSmtpCapture();
      stripe = await startStripeStandIn();
    });
    afterAll(async () => {
      await smtp?.close();
      await stripe?.close();
    });

    it('send each mail of the outbox once and release each unpaid card checkout once', async () => {
      const url = await freshDatabase('seeded');
      const here = await openDatabase({ url, poolSize: 4 });
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'parade-jobs-'));
      const checkouts: TestCheckout[] = [];
      let stockBefore: (number | null)[] = [];
      let variationIds: number[] = [];
      try {
        // Overdue card checkouts, placed through the real API (an app in this test on the same database).
        const config = loadConfig({
          NODE_ENV: 'test',
          DATA_DIR: dataDir,
          SERVE_APPS: 'false',
          LOG_LEVEL: 'silent',
          SHED_MAX_EVENT_LOOP_DELAY_MS: '0',
          ...CHEAP_PASSWORD_HASHES,
          STRIPE_SECRET_KEY: stripe.secretKey,
          STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
          STRIPE_PUBLISHABLE_KEY: stripe.publishableKey,
          STRIPE_API_URL: stripe.url,
        });
        const placing = await buildApp({ config, database: here, logger: false });
        try {
          variationIds = await variationsToSell(here.db);
          stockBefore = await Promise.all(variationIds.map((id) => variationStock(here.db, id)));
          const customer = await signUp(placing);
          for (let i = 0; i < 12; i++)
            checkouts.push(await placeCheckout(placing, here.db, customer, { dueInMinutes: -1 }));
          await placing.mailer.idle();
        } finally {
          await placing.close();
        }
        // Mails left behind by a process that stopped before sending them: every sweep wants them.
        await here.db.insert(mailOutbox).values(
          Array.from({ length: 150 }, (_, i) => ({
            to: `reader${i}@example.test`,
            subject: `Left behind ${i}`,
            text: `Mail ${i} of 150`,
            kind: 'contact',
            createdAt: sql`now() - interval '10 minutes'`,
          })),
        );

        // Three processes sweeping the outbox every second and the unpaid card checkouts every second.
        const cluster = await startApiCluster(3, url, {
          SMTP_URL: smtp.url,
          MAIL_SWEEP_SECONDS: '1',
          CARD_PAYMENT_SWEEP_SECONDS: '1',
        });
        try {
          const invoiceIds = checkouts.map((c) => c.invoiceId);
          for (;;) {
            const [left] = await here.db
              .select({ mails: sql<number>`count(*)::int` })
              .from(mailOutbox)
              .where(inArray(mailOutbox.status, ['pending', 'failed']));
            const [open] = await here.db
              .select({ orders: sql<number>`count(*)::int` })
              .from(orders)
              .where(and(inArray(orders.invoiceId, invoiceIds), sql`${orders.status} <> 'cancelled'`));
            if (left?.mails === 0 && open?.orders === 0) break;
            await new Promise((resolve) => setTimeout(resolve, 200));
          }
        } finally {
          // A clean stop waits for sends under way: a second send of a mail would have arrived by now.
          await cluster.stop();
        }
        for (const api of cluster.processes) expect(api.child.exitCode).toBe(0);

        // Each left-behind mail arrived once.
        const leftBehind = smtp.messages.filter((m) => m.subject.startsWith('Left behind '));
        expect(leftBehind.map((m) => m.subject).sort()).toEqual(
          Array.from({ length: 150 }, (_, i) => `Left behind ${i}`).sort(),
        );
        // Every mail the processes sent (the cancellations too) arrived once: as many as rows sent.
        const sent = await here.db
          .select({ to: mailOutbox.to, subject: mailOutbox.subject, attempts: mailOutbox.attempts })
          .from(mailOutbox)
          .where(eq(mailOutbox.status, 'sent'));
        expect(smtp.messages).toHaveLength(sent.length);
        expect(sent.every((row) => row.attempts === 1)).toBe(true);
        expect(sent.length).toBeGreaterThan(150);

        // Each order cancelled once (one history entry), and the stock put back once.
        const orderIds = checkouts.flatMap((c) => c.orderIds);
        const cancellations = await here.db
          .select({ orderId: orderStatusHistory.orderId })
          .from(orderStatusHistory)
          .where(and(inArray(orderStatusHistory.orderId, orderIds), eq(orderStatusHistory.note, UNPAID_CARD_NOTE)));
        expect(cancellations.map((c) => c.orderId).sort((a, b) => a - b)).toEqual([...orderIds].sort((a, b) => a - b));
        expect(await Promise.all(variationIds.map((id) => variationStock(here.db, id)))).toEqual(stockBefore);
      } finally {
        await here.close();
        rmSync(dataDir, { recursive: true, force: true });
      }
    }, 120_000);
  });

  describe('a SIGTERM during a burst', () => {
    it('answers every request it accepted, and a balancer that retries what it never took sees no failure', async () => {
      const url = await freshDatabase('seeded');
      // A (index 0) keeps serving 600 ms after the signal with readiness at 503, as it would
      // while a balancer notices; then it stops accepting and finishes what it has.
      const cluster = await startApiCluster(
        3,
        url,
        (index): Record<string, string> => (index === 0 ? { SHUTDOWN_DELAY_MS: '600' } : {}),
      );
      const [a] = cluster.processes as [ApiProcess, ApiProcess, ApiProcess];
      try {
        const outcome = await burstWithSigterm(cluster.processes, a);
        expect(outcome.failures).toEqual([]);
        expect(outcome.statuses.length).toBe(BURST);
        expect(outcome.statuses.filter((status) => status !== 200)).toEqual([]);
        // A answered requests after the signal, among them the slow one it had accepted before:
        // whole, and with Connection: close so the client's next request goes elsewhere.
        expect(outcome.slowOnA).toEqual({ status: 200, connection: 'close' });
        expect(outcome.readyDuringDrain).toBe(503);
        // Some requests met A closed and went elsewhere (the part a balancer does).
        expect(outcome.retried).toBeGreaterThan(0);
        await a.exited;
        expect(a.child.exitCode).toBe(0);
        expect(a.output.join('\n')).not.toMatch(/grace period over/);
      } finally {
        await cluster.stop();
      }
    }, 120_000);
  });
});
