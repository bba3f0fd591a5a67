import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { orderCreatedEventSchema, orderUpdatedEventSchema } from '@parade/core/vendor-schemas';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderEvents } from '../../maintenance/schema';
import { apiServerProcess, freePort, keepLastLines, untilHealthy } from '../../test/api-process';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { checkoutFixtures, collection } from '../../test/checkout-fixtures';
import { signUpAs } from '../../test/manage-fixtures';
import { CHEAP_PASSWORD_HASHES, NO_LOAD_SHEDDING } from '../../test/test-env';
import { bearer, signUp } from '../../test/test-support';
import { ORDER_EVENTS_REPLAY_HOURS, pruneOrderEvents } from './order-events';

/**
 * Contract, "Live orders": the shop's board is a text/event-stream read with the Authorization
 * header; events are written with the change and reach every listener, from any API process.
 */
let t: TestApp;
let origin: string;
const fx = checkoutFixtures(() => t);

beforeAll(async () => {
  t = await buildTestApp({ seed: true });
  // A real socket: a stream is not something app.inject can hand back piece by piece.
  origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await t?.close();
});

interface SeenEvent {
  id: number;
  event: string;
  data: Record<string, unknown>;
}

/** A merchant's board: the stream read with fetch, as the merchant site reads it. */
async function openBoard(base: string, token: string, lastEventId?: number) {
  const controller = new AbortController();
  const res = await fetch(`${base}/api/vendor/orders/events`, {
    headers: { ...bearer(token), ...(lastEventId !== undefined ? { 'last-event-id': String(lastEventId) } : {}) },
    signal: controller.signal,
  });
  const events: SeenEvent[] = [];
  const comments: string[] = [];
  const waiters: (() => void)[] = [];
  if (res.ok && res.body) {
    void (async () => {
      const decoder = new TextDecoder();
      let buffer = '';
      try {
        for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
          buffer += decoder.decode(chunk, { stream: true });
          for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const fields = Object.fromEntries(
              block
                .split('\n')
                .filter((line) => !line.startsWith(':'))
                .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1).trim()]),
            );
            comments.push(...block.split('\n').filter((line) => line.startsWith(':')));
            if (fields.event && fields.data)
              events.push({ id: Number(fields.id), event: fields.event, data: JSON.parse(fields.data) });
            for (const wake of waiters.splice(0)) wake();
          }
        }
      } catch {
        // Aborted by close().
      }
    })();
  }
  return {
    res,
    events,
    comments,
    /** The first event matching `match`, waiting up to `timeoutMs` for it. */
    async next(match: (e: SeenEvent) => boolean, timeoutMs = 2_000): Promise<SeenEvent> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = events.find(match);
        if (found) return found;
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no matching event within ${timeoutMs} ms; saw ${JSON.stringify(events)}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, left);
        });
      }
    },
    close: () => controller.abort(),
  };
}

async function shopWithVendor() {
  const shop = await fx.makeShop();
  const vendor = await signUpAs(t.app, t.database, 'vendor', { shopId: shop.id });
  const variation = await fx.makeVariation(shop.id, { price: 650 });
  return { shop, vendor, variation };
}

async function placeFor(variationId: number) {
  const customer = await signUp(t.app);
  const placed = await fx.place(customer.token, collection([{ variation_id: variationId, quantity: 1 }]));
  expect(placed.statusCode, placed.body).toBe(201);
  const data = placed.json().data as { invoice: string; orders: { id: number; total: number }[] };
  return { invoice: data.invoice, order: data.orders[0]! };
}

describe('GET /api/vendor/orders/events', () => {
  it('answers 401 without a token and 403 to a customer, and never takes a token in the URL', async () => {
    expect((await fetch(`${origin}/api/vendor/orders/events`)).status).toBe(401);
    const customer = await signUp(t.app);
    const asCustomer = await fetch(`${origin}/api/vendor/orders/events`, { headers: bearer(customer.token) });
    expect(asCustomer.status).toBe(403);
    expect(((await asCustomer.json()) as { status: boolean }).status).toBe(false);
    const { vendor } = await shopWithVendor();
    expect((await fetch(`${origin}/api/vendor/orders/events?token=${vendor.token}`)).status).toBe(401);
  });

  it("streams the shop's own new and changed orders, and nothing of another shop's", async () => {
    const mine = await shopWithVendor();
    const other = await shopWithVendor();
    const board = await openBoard(origin, mine.vendor.token);
    expect(board.res.status).toBe(200);
    expect(board.res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');

    const theirs = await placeFor(other.variation.id);
    const { invoice, order } = await placeFor(mine.variation.id);
    const created = await board.next((e) => e.event === 'order.created');
    expect(orderCreatedEventSchema.parse(created.data)).toEqual({
      order_id: order.id,
      invoice_number: invoice,
      status: 'pending',
      total: order.total,
      created_at: expect.any(String),
    });
    expect(Number.isNaN(Date.parse(created.data.created_at as string))).toBe(false);

    const moved = await t.app.inject({
      method: 'PATCH',
      url: `/api/vendor/orders/${order.id}/status`,
      headers: bearer(mine.vendor.token),
      payload: { status: 'processing' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const updated = await board.next((e) => e.event === 'order.updated');
    expect(orderUpdatedEventSchema.parse(updated.data)).toEqual({
      order_id: order.id,
      status: 'processing',
      payment_status: 'unpaid',
    });
    expect(updated.id).toBeGreaterThan(created.id);
    expect(board.events.some((e) => e.data.order_id === theirs.order.id)).toBe(false);
    board.close();
  });

  it('replays what came after Last-Event-ID, and starts at now without it', async () => {
    const { vendor, variation } = await shopWithVendor();
    const first = await openBoard(origin, vendor.token);
    const a = await placeFor(variation.id);
    const seenA = await first.next((e) => e.data.order_id === a.order.id);
    first.close();

    // Placed while no board was open.
    const b = await placeFor(variation.id);
    const c = await placeFor(variation.id);

    const resumed = await openBoard(origin, vendor.token, seenA.id);
    await resumed.next((e) => e.data.order_id === c.order.id);
    expect(resumed.events.map((e) => e.data.order_id)).toEqual([b.order.id, c.order.id]);
    resumed.close();

    const fresh = await openBoard(origin, vendor.token);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(fresh.events).toEqual([]);
    expect(fresh.comments.length).toBeGreaterThan(0);
    fresh.close();
  });

  it('keeps events for the replay window and prunes older ones', async () => {
    const { shop, vendor } = await shopWithVendor();
    const db = t.database.db;
    const old = new Date(Date.now() - (ORDER_EVENTS_REPLAY_HOURS + 1) * 3_600_000);
    const data = { order_id: 1, status: 'pending', payment_status: 'unpaid' };
    const [stale] = await db
      .insert(orderEvents)
      .values({ shopId: shop.id, kind: 'order.updated', data, createdAt: old })
      .returning();
    const [fresh] = await db.insert(orderEvents).values({ shopId: shop.id, kind: 'order.updated', data }).returning();
    // A board asking for everything after 0 is not sent what is past the window.
    const board = await openBoard(origin, vendor.token, 0);
    await board.next((e) => e.id === fresh!.id);
    expect(board.events.map((e) => e.id)).toEqual([fresh!.id]);
    board.close();

    expect(await pruneOrderEvents(db)).toBeGreaterThanOrEqual(1);
    const left = await db.select({ id: orderEvents.id }).from(orderEvents).where(eq(orderEvents.shopId, shop.id));
    expect(left.map((r) => r.id)).toEqual([fresh!.id]);
    expect(stale!.id).toBeLessThan(fresh!.id);
  });

  it('tells no board of a change that rolled back', async () => {
    const { vendor, variation } = await shopWithVendor();
    const board = await openBoard(origin, vendor.token);
    const customer = await signUp(t.app);
    // Two units of a line with one in stock: the checkout is refused and rolls back whole.
    const scarce = await fx.makeVariation(variation.shopId, { price: 100, stock: 1 });
    const refused = await fx.place(customer.token, collection([{ variation_id: scarce.id, quantity: 2 }]));
    expect(refused.statusCode).toBe(409);
    const placed = await placeFor(variation.id);
    await board.next((e) => e.data.order_id === placed.order.id);
    expect(board.events).toHaveLength(1);
    board.close();
  });
});

/**
 * Two API processes on one PostgreSQL: the board on the second process hears of an order placed
 * through the first within 2 s (LISTEN/NOTIFY). On PGlite there is one process only; its
 * in-process delivery is what the tests above exercise.
 */
if (process.env.TEST_DATABASE_URL)
  describe('two API processes on one PostgreSQL', () => {
    let child: ChildProcess | null = null;
    let childOrigin = '';
    let dataDir = '';

    beforeAll(async () => {
      const url = t.database.url;
      if (!url) throw new Error('the test database has no URL');
      dataDir = mkdtempSync(path.join(os.tmpdir(), 'parade-second-api-'));
      const port = await freePort();
      childOrigin = `http://127.0.0.1:${port}`;
      child = await apiServerProcess({
        ...process.env,
        ...NO_LOAD_SHEDDING,
        ...CHEAP_PASSWORD_HASHES,
        NODE_ENV: 'test',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: url,
        DATA_DIR: dataDir,
        SEED_DEMO: 'false',
        SERVE_APPS: 'false',
        LOG_LEVEL: 'warn',
      });
      const output = keepLastLines(child, 40);
      const healthy = await untilHealthy(child, childOrigin, {
        what: 'the second API process',
        output,
        timeoutMs: 60_000,
        pollMs: 100,
      });
      if (!healthy) throw new Error(`the second API process did not start:\n${output.join('\n')}`);
    }, 90_000);
    afterAll(async () => {
      if (child && child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((resolve) => child?.once('exit', resolve));
      }
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    });

    it('delivers an order placed through one process to a board on the other within 2 s', async () => {
      const { vendor, variation } = await shopWithVendor();
      const board = await openBoard(childOrigin, vendor.token);
      expect(board.res.status).toBe(200);
      const { order } = await placeFor(variation.id);
      // The contract's window: the event is there within 2 s of the reply, or the test fails.
      const created = await board.next((e) => e.event === 'order.created' && e.data.order_id === order.id, 2_000);
      expect(created.data.status).toBe('pending');
      board.close();
    });
  });
