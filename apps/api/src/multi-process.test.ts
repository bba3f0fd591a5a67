import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type SmtpCapture, startSmtpCapture } from '@parade/test-support/smtp-capture';
import { inArray, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from './maintenance/schema';
import { demoPasswords } from './modules/auth';
import { type ApiCluster, startApiCluster } from './test/api-cluster';
import type { ApiProcess } from './test/api-process';
import { redisServerBinary, startTestRedis, type TestRedis } from './test/redis-server';
import { startS3Server, type TestS3Server } from './test/s3-server';
import { BURST, burstWithSigterm } from './test/sigterm-burst';
import { copySeededFiles, openTestDatabase, type TestDatabase } from './test/test-database';

/**
 * Issue 26: three API processes on one PostgreSQL database, one Redis and one S3-compatible
 * store, as a deployment behind a load balancer runs them (docs/deploy.md). Each is the real
 * compiled server in a process of its own, with production's settings and a DATA_DIR of its own
 * (test/api-cluster.ts). Needs the machine's PostgreSQL (TEST_DATABASE_URL) and `redis-server`;
 * `.ci/run` provides both, and the S3 store is s3rver, started here. PGlite is one process by
 * design, so without them this says why and does not run. The outbox is delivered to an SMTP
 * relay of the test's own (@parade/test-support/smtp-capture).
 */
const redisBinary = redisServerBinary();
const missing = !process.env.TEST_DATABASE_URL
  ? 'TEST_DATABASE_URL is not set (several processes need PostgreSQL; PGlite is one process)'
  : !redisBinary
    ? 'redis-server is not installed (apt-get install redis-server)'
    : null;
if (missing) console.warn(`multi-process tests not run: ${missing}`);

/** Search's limit per address and minute (modules/catalog/search-limits.ts). */
const SEARCHES_PER_MINUTE = 120;

describe.skipIf(missing !== null)('three API processes, one PostgreSQL, one Redis', () => {
  let database: TestDatabase;
  let redis: TestRedis;
  let s3: TestS3Server;
  let smtp: SmtpCapture;
  let cluster: ApiCluster;
  const processes: ApiProcess[] = [];
  let seededFiles = '';
  let addressCounter = 0;
  /** A documentation address (RFC 5737) no other request of this file uses. */
  const freshAddress = () => {
    addressCounter += 1;
    return `198.51.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`;
  };

  beforeAll(async () => {
    database = await openTestDatabase({ from: 'seeded' });
    if (!database.url) throw new Error('the test database has no URL');
    redis = await startTestRedis(redisBinary!);
    s3 = await startS3Server();
    smtp = await startSmtpCapture();
    // The seeded database's pictures and downloads, moved into the bucket as storage:copy would.
    seededFiles = mkdtempSync(path.join(os.tmpdir(), 'parade-seeded-'));
    copySeededFiles(seededFiles);
    expect((await s3.copyIn(seededFiles)).mismatched).toEqual([]);
    cluster = await startApiCluster(3, database.url, (index) => ({
      ...s3.env,
      REDIS_URL: redis.url,
      // The test stands where a load balancer would: the client's address comes in X-Forwarded-For.
      TRUST_PROXY: '127.0.0.1',
      // One link secret for all (each would otherwise make its own in its DATA_DIR).
      DOWNLOAD_LINK_SECRET: 'a-test-download-link-secret-of-at-least-32-characters',
      // All three deliver the outbox, each looking every second.
      SMTP_URL: smtp.url,
      MAIL_SWEEP_SECONDS: '1',
      // A keeps serving 600 ms after its SIGTERM with readiness at 503, as while a balancer notices.
      ...(index === 0 ? { SHUTDOWN_DELAY_MS: '600' } : {}),
    }));
    processes.push(...cluster.processes);
  }, 120_000);

  afterAll(async () => {
    await cluster?.stop();
    await redis?.stop();
    await s3?.stop();
    await smtp?.close();
    await database?.close();
    if (seededFiles) rmSync(seededFiles, { recursive: true, force: true });
  });

  /** The process that takes the `i`-th request of a round robin, as a balancer spreads them. */
  const nth = (i: number) => processes[i % processes.length]!;

  const search = (api: ApiProcess, address: string) =>
    fetch(`${api.origin}/api/search`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
      body: JSON.stringify({ search: 'bread' }),
    });

  /** 200 searches from one address, round robin over the processes: how many were answered 200 and 429. */
  async function searchesFromOneAddress(count = 200) {
    const address = freshAddress();
    const statuses: number[] = [];
    // Ten at a time, as a busy client would; the order of arrival does not matter to the count.
    for (let at = 0; at < count; at += 10) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(10, count - at) }, (_, k) => search(nth(at + k), address)),
      );
      for (const reply of batch) {
        statuses.push(reply.status);
        await reply.arrayBuffer();
      }
    }
    return { ok: statuses.filter((s) => s === 200).length, limited: statuses.filter((s) => s === 429).length };
  }

  /** Uploads or downloads a process put on its own disk: none, with a store. */
  const ownDisks = () =>
    cluster.dataDirs.flatMap((dir) => ['uploads', 'digital'].filter((folder) => existsSync(path.join(dir, folder))));

  it('serves an avatar uploaded through A from B and C, byte for byte', async () => {
    const [a, b, c] = processes as [ApiProcess, ApiProcess, ApiProcess];
    const token = await signIn(a, 'customer@parade.test', demoPasswords.customer);
    const png = await sharp({ create: { width: 5, height: 5, channels: 3, background: '#2a6' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('name', 'Shared Avatar');
    form.append('avatar', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'me.png');
    const uploaded = await fetch(`${a.origin}/api/user/update-profile`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(uploaded.status).toBe(200);
    const url = ((await uploaded.json()) as { data: { user: { avatar: string } } }).data.user.avatar;
    expect(url).toMatch(/^\/uploads\/avatars\//);
    const served = await Promise.all(
      [a, b, c].map(async (api) => {
        const reply = await fetch(`${api.origin}${url}`);
        return {
          status: reply.status,
          type: reply.headers.get('content-type'),
          bytes: Buffer.from(await reply.arrayBuffer()),
        };
      }),
    );
    for (const reply of served) expect(reply).toMatchObject({ status: 200, type: 'image/png' });
    expect(served[1]?.bytes.equals(served[0]?.bytes ?? Buffer.alloc(0))).toBe(true);
    expect(served[2]?.bytes.equals(served[0]?.bytes ?? Buffer.alloc(0))).toBe(true);
    expect(ownDisks()).toEqual([]);
  });

  it("hands out a bought file through C from a link B signed, and the demo's pictures from every process", async () => {
    const [a, b, c] = processes as [ApiProcess, ApiProcess, ApiProcess];
    const token = await signIn(b, 'customer@parade.test', demoPasswords.customer);
    const list = await fetch(`${b.origin}/api/user/digital-products`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const item = ((await list.json()) as { data: { data: { download_url: string; file: { size: number } }[] } }).data
      .data[0];
    const download = await fetch(`${c.origin}${item?.download_url}`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    const bytes = Buffer.from(await download.arrayBuffer());
    expect(bytes.length).toBe(item?.file.size);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const picture = (await (await fetch(`${a.origin}/api/shops`)).text()).match(/\/uploads\/demo\/[\w/.-]+\.svg/);
    expect(picture).not.toBeNull();
    for (const api of processes) expect((await fetch(`${api.origin}${picture?.[0]}`)).status).toBe(200);
    expect(ownDisks()).toEqual([]);
  });

  it('counts one address against one shared limit, whichever process answers', async () => {
    // Without Redis each process would allow 120 a minute: all 200 would pass.
    expect(await searchesFromOneAddress()).toEqual({ ok: SEARCHES_PER_MINUTE, limited: 200 - SEARCHES_PER_MINUTE });
  });

  /**
   * Changes a price through `a` after `b` has cached the cheapest-first list, then reads that list
   * on `b` for at most 1 s (the contract: no stale reply past 1 s); answers the price `b` showed last.
   */
  async function priceChangeSeen(a: ApiProcess, b: ApiProcess) {
    const token = await signIn(a, 'vendor.green-barrow@parade.test', demoPasswords.vendor);
    const listUrl = `${b.origin}/api/products?sort_by=price&sort_high=0&per_page=5`;
    const before = await readList(listUrl);
    const again = await fetch(listUrl);
    // B now answers this list from its reply cache (kept 10 s).
    expect(again.headers.get('age')).not.toBeNull();
    await again.arrayBuffer();

    const variation = await someVariationOf(a, token);
    const cheapest = (before.products.data[0]?.price ?? 2) - 1;
    expect(cheapest).toBeGreaterThanOrEqual(1);
    const changed = await fetch(`${a.origin}/api/vendor/variations/${variation}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ price: cheapest }),
    });
    expect(changed.status, await changed.text()).toBe(200);
    const answeredAt = Date.now();
    let seen: number | undefined;
    while (Date.now() - answeredAt <= 1_000) {
      const list = await readList(listUrl);
      seen = list.products.data[0]?.price;
      if (seen === cheapest) break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    return { expected: cheapest, seen };
  }

  it("shows a price changed through one process in another's cached list within 1 s", async () => {
    const { expected, seen } = await priceChangeSeen(processes[0]!, processes[1]!);
    expect(seen).toBe(expected);
  });

  it('brings an order placed through one process to a live board on another within 2 s', async () => {
    const [b, c] = [processes[1]!, processes[2]!];
    const vendor = await signIn(c, 'vendor.green-barrow@parade.test', demoPasswords.vendor);
    const variation = await someVariationOf(c, vendor);
    const board = await openBoard(c, vendor);
    const customer = await signIn(b, 'customer@parade.test', demoPasswords.customer);
    const placed = await fetch(`${b.origin}/api/user/order/place`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${customer}` },
      body: JSON.stringify({
        order_type: 'collection',
        collection_point: 'Jubilee Parade, Commercial Street, London E1 6AN',
        items: [{ variation_id: variation, quantity: 1 }],
        payment_method: 'cash',
      }),
    });
    const body = await placed.text();
    expect(placed.status, body).toBe(201);
    const orderId = (JSON.parse(body).data.orders as { id: number }[])[0]!.id;
    const created = await board.next(`"order_id":${orderId}`, 2_000);
    expect(created).toContain('order.created');
    board.close();
  });

  it('answers every request while Redis goes away, then shares the limit again when it is back', async () => {
    // A burst of searches from many addresses (no limit reached), spread over the three; Redis
    // stops a third of the way in.
    const statuses: number[] = [];
    const total = 300;
    let stopped: Promise<void> | null = null;
    for (let at = 0; at < total; at += 15) {
      if (at >= total / 3 && !stopped) stopped = redis.stop();
      const batch = await Promise.all(Array.from({ length: 15 }, (_, k) => search(nth(at + k), freshAddress())));
      for (const reply of batch) {
        statuses.push(reply.status);
        await reply.arrayBuffer();
      }
    }
    await stopped;
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    expect(statuses).toHaveLength(total);
    // Each process said so once in its log.
    await untilEvery((api) => api.output.some((line) => line.includes('Redis is unreachable')));

    // Meanwhile each process counts alone: one address gets 120 from each.
    expect((await searchesFromOneAddress(3 * SEARCHES_PER_MINUTE + 30)).ok).toBe(3 * SEARCHES_PER_MINUTE);
    // And a write still reaches the others, through PostgreSQL's NOTIFY.
    const throughTheDatabase = await priceChangeSeen(processes[2]!, processes[0]!);
    expect(throughTheDatabase.seen).toBe(throughTheDatabase.expected);

    await redis.start();
    await untilEvery((api) => api.output.some((line) => line.includes('Redis is back')));
    expect(await searchesFromOneAddress()).toEqual({ ok: SEARCHES_PER_MINUTE, limited: 200 - SEARCHES_PER_MINUTE });
  }, 60_000);

  it('sends each mail of the outbox once, with three processes delivering it', async () => {
    // Mails left behind by a process that stopped before sending them: every process's sweep wants them.
    await database.db.insert(mailOutbox).values(
      Array.from({ length: 60 }, (_, i) => ({
        to: `reader${i}@example.test`,
        subject: `Left behind ${i}`,
        text: `Mail ${i} of 60`,
        kind: 'contact',
        createdAt: sql`now() - interval '10 minutes'`,
      })),
    );
    const deadline = Date.now() + 30_000;
    for (;;) {
      const [left] = await database.db
        .select({ mails: sql<number>`count(*)::int` })
        .from(mailOutbox)
        .where(inArray(mailOutbox.status, ['pending', 'failed']));
      if (left?.mails === 0) break;
      if (Date.now() > deadline) throw new Error(`${left?.mails} mails still unsent after 30 s`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    // A second send of a mail would be under way now, from a sweep that took it too: give every
    // process's next sweep (each second) time to have sent it.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const leftBehind = smtp.messages.filter((m) => m.subject.startsWith('Left behind ')).map((m) => m.subject);
    expect(leftBehind.sort()).toEqual(Array.from({ length: 60 }, (_, i) => `Left behind ${i}`).sort());
  }, 60_000);

  // Last: it stops A.
  it('answers every request of a burst of 500 spread over the three while A is stopped with SIGTERM', async () => {
    const a = processes[0]!;
    const outcome = await burstWithSigterm(processes, a);
    expect(outcome.failures).toEqual([]);
    expect(outcome.statuses).toHaveLength(BURST);
    expect(outcome.statuses.filter((status) => status !== 200)).toEqual([]);
    // A answered the slow request it had taken before the signal, and said it was closing.
    expect(outcome.slowOnA).toEqual({ status: 200, connection: 'close' });
    expect(outcome.readyDuringDrain).toBe(503);
    expect(a.child.exitCode).toBe(0);
  }, 120_000);

  /** Waits (up to 10 s) until `check` holds for every process. */
  async function untilEvery(check: (api: ApiProcess) => boolean) {
    const deadline = Date.now() + 10_000;
    while (!processes.every(check)) {
      if (Date.now() > deadline) {
        throw new Error(`not every process got there:\n${processes.map((p) => p.output.join('\n')).join('\n---\n')}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
});

async function signIn(api: ApiProcess, email: string, password: string): Promise<string> {
  const reply = await fetch(`${api.origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body = await reply.text();
  if (reply.status !== 200) throw new Error(`sign-in failed: ${reply.status} ${body}`);
  return JSON.parse(body).data.access_token as string;
}

interface ProductList {
  products: { data: { price: number }[] };
}
async function readList(url: string): Promise<ProductList> {
  const reply = await fetch(url);
  expect(reply.status).toBe(200);
  return ((await reply.json()) as { data: ProductList }).data;
}

/** The id of an in-stock variation of the signed-in vendor's first product. */
async function someVariationOf(api: ApiProcess, token: string): Promise<number> {
  const headers = { authorization: `Bearer ${token}` };
  const list = (await (await fetch(`${api.origin}/api/vendor/products?per_page=1`, { headers })).json()) as {
    data: { data: { id: number }[] };
  };
  const productId = list.data.data[0]!.id;
  const product = (await (await fetch(`${api.origin}/api/vendor/products/${productId}`, { headers })).json()) as {
    data: { product: { variations: { id: number }[] } };
  };
  return product.data.product.variations[0]!.id;
}

/** A shop's live order board (text/event-stream), read with fetch as the merchant site reads it. */
async function openBoard(api: ApiProcess, token: string) {
  const controller = new AbortController();
  const reply = await fetch(`${api.origin}/api/vendor/orders/events`, {
    headers: { authorization: `Bearer ${token}` },
    signal: controller.signal,
  });
  expect(reply.status).toBe(200);
  let text = '';
  const reading = (async () => {
    const decoder = new TextDecoder();
    try {
      for await (const chunk of reply.body as AsyncIterable<Uint8Array>)
        text += decoder.decode(chunk, { stream: true });
    } catch {
      // Closed by the test.
    }
  })();
  return {
    /** The first event block containing `needle`, waiting up to `timeoutMs`. */
    async next(needle: string, timeoutMs: number): Promise<string> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const block = text.split('\n\n').find((b) => b.includes(needle));
        if (block) return block;
        if (Date.now() > deadline) throw new Error(`no event with ${needle} within ${timeoutMs} ms; saw:\n${text}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    close() {
      controller.abort();
      void reading;
    },
  };
}
