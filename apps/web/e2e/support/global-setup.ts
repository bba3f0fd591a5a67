import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromiumServer } from '@parade/test-support/chromium';
import type { E2eServer } from '@parade/test-support/e2e-servers';
import { ledgerClockFile } from '@parade/test-support/ledger-clock';
import { startSmtpCapture } from '@parade/test-support/smtp-capture';
import { startStripeStandIn } from '@parade/test-support/stripe-stand-in';
import type { TestProject } from 'vitest/node';
import { apiServerFile, buildApiIfNeeded } from '../../../../scripts/build-api.mjs';
import { buildIfNeeded } from '../../../../scripts/build-if-needed.mjs';
import { serverNodeFlags } from '../../../../scripts/server-node-flags.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function waitForHealth(url: string, server: ChildProcess, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server exited early with code ${server.exitCode}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`The server did not become healthy within ${timeoutMs} ms`);
}

/**
 * Builds the apps and the API if needed, then starts one Chromium and, for each worker of the e2e
 * project, the real server (compiled, with `npm start`'s Node flags: what production runs) on a
 * free port with a throw-away DATA_DIR, its own SMTP capture and Stripe stand-in (each spec file
 * claims a free one: @parade/test-support/e2e-servers).
 */
export default async function setup(project: TestProject) {
  buildIfNeeded();
  await buildApiIfNeeded();
  const count = Math.max(1, Number(project.config.maxWorkers) || 1);
  const [browser, ...stacks] = await Promise.all([
    launchChromiumServer(),
    ...Array.from({ length: count }, () => startServerStack()),
  ]);
  project.provide('browserWSEndpoint', browser.wsEndpoint());
  project.provide(
    'e2eServers',
    stacks.map((stack) => stack.server),
  );

  return async () => {
    await browser.close();
    await Promise.all(stacks.map((stack) => stack.close()));
  };
}

/** One test server with everything it talks to: a real SMTP capture and the Stripe stand-in. */
async function startServerStack(): Promise<{ server: E2eServer; close(): Promise<void> }> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'parade-e2e-'));
  // A real SMTP server for the app's mail (reset links); specs read what it received from mailDir.
  const mailDir = mkdtempSync(path.join(os.tmpdir(), 'parade-e2e-mail-'));
  let mailCount = 0;
  const smtp = await startSmtpCapture({
    onMail: (mail) => {
      mailCount += 1;
      const { raw: _raw, ...readable } = mail;
      writeFileSync(path.join(mailDir, `${String(mailCount).padStart(4, '0')}.json`), JSON.stringify(readable));
    },
  });
  const baseURL = `http://127.0.0.1:${port}`;
  // Card payments through the Stripe stand-in: the API's SDK calls its REST side, the payment
  // step loads its Stripe.js, and its confirmPayment posts the signed webhook to the server.
  const stripe = await startStripeStandIn({ webhookUrl: `${baseURL}/api/payments/stripe/webhook` });
  const server = spawn(process.execPath, [...serverNodeFlags, apiServerFile], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: baseURL,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      // No load shedding: a busy test machine must slow the specs down, never answer them 503.
      SHED_MAX_EVENT_LOOP_DELAY_MS: '0',
      SHED_MAX_IN_FLIGHT: '0',
      // Cheap password hashes (as in the API tests): the specs sign in and up a few hundred times.
      PASSWORD_HASH_COST: '10',
      SMTP_URL: smtp.url,
      // The specs stand in for a reverse proxy on this machine: they send X-Forwarded-For so
      // each test counts as its own shopper against the per-IP limits.
      TRUST_PROXY: 'loopback',
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_PUBLISHABLE_KEY: stripe.publishableKey,
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      STRIPE_API_URL: stripe.url,
      STRIPE_JS_URL: stripe.stripeJsUrl,
      // The shop ledger's clock, which a spec may move past the payout hold (moveLedgerClock).
      TEST_CLOCK_FILE: ledgerClockFile({ dataDir }),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitForHealth(baseURL, server);

  return {
    server: { baseURL, dataDir, mailDir },
    async close() {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(`${dataDir}.claim`, { force: true });
      await smtp.close();
      await stripe.close();
      rmSync(mailDir, { recursive: true, force: true });
    },
  };
}
