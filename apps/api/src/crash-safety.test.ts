import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from './db/client';
import {
  type ApiProcess,
  freePort,
  killApiProcess,
  startApiProcess,
  stopStartedApiProcesses,
} from './test/api-process';
import { COLLECTION_POINT } from './test/checkout-fixtures';
import { type Acknowledged, type CrashFixtures, crashViolations, seedCrashFixtures } from './test/crash-invariants';
import { createPostgresDatabase } from './test/test-database';

/**
 * Crash safety (issue 14): the real API in a process of its own, SIGKILLed in the middle of a
 * burst of checkouts and offer claims, then restarted on the same data (a file-backed PGlite
 * DATA_DIR of this test's own, or a fresh PostgreSQL database). Afterwards, read straight from
 * the database: every checkout is whole (invoice, orders, items, stock, coupon use, points,
 * mails) or absent, every claim is counted once, and every write the API acknowledged before
 * the kill is there as answered. Lost requests are then retried (checkouts with their
 * Idempotency-Key) and a new checkout must work on the restarted server.
 */

const CUSTOMERS = 6;
const CHECKOUTS_PER_CUSTOMER = 8;
/** Requests open at once during the burst: the kill always finds many in flight. */
const CONCURRENCY = 12;
/** The kill comes when this many replies have come back (of about 80 requests). */
const KILL_AFTER_REPLIES = 30;
/** ...and this long after that reply, so the kill does not wait for a reply's boundary. */
const KILL_DELAY_MS = 10;

const serverUrl = process.env.TEST_DATABASE_URL;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'parade-crash-'));
let postgres: { url: string; drop(): Promise<void> } | null = null;
let api: ApiProcess | null = null;
let database: Database | null = null;
let fixtures: CrashFixtures;
const acked: Acknowledged = { checkouts: [], claims: [] };

/** Production's settings, on this test's data; load shedding on event-loop delay off (a busy CI box). */
function serverEnv(): Record<string, string> {
  return {
    NODE_ENV: 'production',
    GEOCODER: 'demo',
    DATA_DIR: dataDir,
    ...(postgres ? { DATABASE_URL: postgres.url } : {}),
    SEED_DEMO: 'false',
    SERVE_APPS: 'false',
    LOG_LEVEL: 'warn',
    SHED_MAX_EVENT_LOOP_DELAY_MS: '0',
  };
}

const openHere = () =>
  postgres ? openDatabase({ url: postgres.url, poolSize: 2 }) : openDatabase({ dataDir, pgliteWorker: false });

/** A small seeded generator: the same burst on every run. */
function generator(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Call {
  kind: 'checkout' | 'claim';
  customer: { id: number; token: string };
  path: string;
  body: object;
  /** Checkouts: the Idempotency-Key, kept for the retry after the restart. */
  key?: string;
  offerId?: number;
}

/** Cash collection checkouts over 1-3 shops with coupons and points here and there, and claims. */
function plan(f: CrashFixtures): Call[] {
  const random = generator(14);
  const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)]!;
  const calls: Call[] = [];
  for (const [c, customer] of f.customers.entries()) {
    for (let k = 0; k < CHECKOUTS_PER_CUSTOMER; k++) {
      const shopIds = f.shops.map((s) => s.id).filter(() => random() < 0.6);
      if (shopIds.length === 0) shopIds.push(pick(f.shops).id);
      const items = shopIds.flatMap((shopId) =>
        f.variations
          .filter((v) => v.shopId === shopId && random() < 0.7)
          .map((v) => ({ variation_id: v.id, quantity: 1 + Math.floor(random() * 3) })),
      );
      if (items.length === 0) items.push({ variation_id: pick(f.variations).id, quantity: 1 });
      const inCart = new Set(items.map((i) => f.variations.find((v) => v.id === i.variation_id)!.shopId));
      const coupons: Record<string, string> = {};
      const points: Record<string, number> = {};
      for (const coupon of f.coupons) {
        if (inCart.has(coupon.shopId) && random() < 0.4) coupons[coupon.shopId] = coupon.code;
      }
      for (const start of f.points.filter((p) => p.userId === customer.id)) {
        if (inCart.has(start.shopId) && random() < 0.4) points[start.shopId] = pick([50, 100, 150, 200]);
      }
      calls.push({
        kind: 'checkout',
        customer,
        path: '/api/user/order/place',
        key: `crash-${c}-${k}`,
        body: {
          order_type: 'collection',
          collection_point: COLLECTION_POINT,
          payment_method: 'cash',
          items,
          coupons,
          reward_points: points,
        },
      });
    }
    // Two claims of each offer: the second is refused or (per-customer limit 2) counted again.
    for (const offer of [...f.offers, ...f.offers]) {
      calls.push({
        kind: 'claim',
        customer,
        path: `/api/vendor-offers/vendor/${offer.slug}/offers/${offer.id}/claim`,
        body: {},
        offerId: offer.id,
      });
    }
  }
  // Shuffled, so checkouts and claims of every customer interleave.
  for (let i = calls.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [calls[i], calls[j]] = [calls[j]!, calls[i]!];
  }
  return calls;
}

type Outcome = { status: number; body: { data?: Record<string, unknown> } } | 'lost';
type Reply = Exclude<Outcome, 'lost'>;

async function send(origin: string, call: Call): Promise<Outcome> {
  try {
    const reply = await fetch(`${origin}${call.path}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${call.customer.token}`,
        'content-type': 'application/json',
        ...(call.key ? { 'idempotency-key': call.key } : {}),
      },
      body: JSON.stringify(call.body),
    });
    return { status: reply.status, body: (await reply.json()) as Reply['body'] };
  } catch {
    // The process died with the request open (or before its reply was read).
    return 'lost';
  }
}

/** Keeps what a 2xx said, for the durability check. */
function acknowledge(call: Call, outcome: Outcome) {
  if (outcome === 'lost' || outcome.status < 200 || outcome.status > 299) return;
  const data = outcome.body.data ?? {};
  if (call.kind === 'checkout') {
    const placed = data as { invoice: string; total: number; orders: { items: unknown[] }[] };
    acked.checkouts.push({
      key: call.key!,
      userId: call.customer.id,
      invoice: placed.invoice,
      total: placed.total,
      orders: placed.orders.length,
      items: placed.orders.reduce((n, o) => n + o.items.length, 0),
    });
  } else {
    const { claim } = data as { claim: { id: number; code: string } };
    acked.claims.push({ id: claim.id, code: claim.code, userId: call.customer.id, offerId: call.offerId! });
  }
}

/**
 * Sends the calls CONCURRENCY at a time; after `killAfter` replies, SIGKILLs the server at once
 * (before any worker sends its next call). Answers the calls not answered: lost in flight or
 * never sent, and how many were in flight at the kill.
 */
async function burst(origin: string, calls: Call[], killAfter: number) {
  const queue = [...calls];
  const unanswered: Call[] = [];
  const statuses: number[] = [];
  let replies = 0;
  let open = 0;
  let inFlightAtKill = -1;
  let killed = false;
  const worker = async () => {
    while (!killed && queue.length > 0) {
      const call = queue.shift()!;
      open += 1;
      const outcome = await send(origin, call);
      open -= 1;
      if (outcome === 'lost') {
        unanswered.push(call);
        continue;
      }
      statuses.push(outcome.status);
      acknowledge(call, outcome);
      replies += 1;
      if (replies === killAfter && api) {
        const target = api;
        // A moment later, not on a reply's boundary: the server is then mid-work on the open calls.
        setTimeout(() => {
          killed = true;
          inFlightAtKill = open;
          target.child.kill('SIGKILL');
        }, KILL_DELAY_MS);
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return { unanswered: [...unanswered, ...queue], statuses, inFlightAtKill };
}

async function invoiceNumbers(db: Database['db']): Promise<string[]> {
  const result = (await db.execute(sql`select number from invoices`)) as unknown as { rows: { number: string }[] };
  return result.rows.map((r) => r.number);
}

/** The data as the kill left it, opened in this process (PGlite: a copy, recovered here). */
async function openAtKill(): Promise<Database> {
  if (postgres) return openDatabase({ url: postgres.url, poolSize: 2 });
  const copy = path.join(dataDir, 'at-kill');
  cpSync(path.join(dataDir, 'pglite'), path.join(copy, 'pglite'), { recursive: true });
  const db = await openDatabase({ dataDir: copy, pgliteWorker: false });
  return {
    ...db,
    async close() {
      await db.close();
      rmSync(copy, { recursive: true, force: true });
    },
  };
}

beforeAll(async () => {
  if (serverUrl) postgres = await createPostgresDatabase(serverUrl);
  const db = await openHere();
  await db.migrate();
  fixtures = await seedCrashFixtures(db.db, CUSTOMERS);
  await db.close();
}, 60_000);

afterAll(async () => {
  if (api) await killApiProcess(api, 'SIGKILL');
  // One still starting when the test timed out is not in `api`.
  await stopStartedApiProcesses();
  await database?.close();
  await postgres?.drop();
  rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

describe(`crash safety (${serverUrl ? 'PostgreSQL' : 'PGlite in DATA_DIR'})`, () => {
  it('keeps every checkout whole or absent and every claim counted once across a SIGKILL', async () => {
    const calls = plan(fixtures);
    api = await startApiProcess(serverEnv(), await freePort());
    const first = await burst(api.origin, calls, KILL_AFTER_REPLIES);
    await api.exited;
    expect(api.child.signalCode).toBe('SIGKILL');
    // The kill found requests open and left work undone; some writes were acknowledged before it.
    expect(first.inFlightAtKill).toBeGreaterThan(0);
    expect(first.unanswered.length).toBeGreaterThan(0);
    expect(acked.checkouts.length).toBeGreaterThan(0);
    expect(acked.claims.length).toBeGreaterThan(0);
    expect(first.statuses.filter((s) => s >= 500 && s !== 503)).toEqual([]);

    // Right after the kill, before anything touches the data again: on PGlite a copy of the
    // files as the kill left them (the server restarts on the originals), on PostgreSQL the
    // database itself. Whole or absent, and everything acknowledged is there.
    const atKill = await openAtKill();
    expect(await crashViolations(atKill.db, fixtures, acked)).toEqual([]);
    await atKill.close();

    // Restarted on the same data: PGlite recovers its files, then the lost calls are retried.
    api = await startApiProcess(serverEnv(), await freePort());
    const retried = await burst(api.origin, first.unanswered, Number.POSITIVE_INFINITY);
    expect(retried.unanswered).toEqual([]);
    expect(retried.statuses.filter((s) => s >= 500)).toEqual([]);

    // The restarted server takes new checkouts (unlimited stock, so never refused for it).
    const unlimited = fixtures.variations.find((v) => v.stock === null)!;
    const after: Call = {
      kind: 'checkout',
      customer: fixtures.customers[0]!,
      path: '/api/user/order/place',
      key: 'crash-after-restart',
      body: {
        order_type: 'collection',
        collection_point: COLLECTION_POINT,
        payment_method: 'cash',
        items: [{ variation_id: unlimited.id, quantity: 1 }],
      },
    };
    const outcome = await send(api.origin, after);
    expect(outcome !== 'lost' && outcome.status).toBe(201);
    acknowledge(after, outcome);

    await killApiProcess(api, 'SIGTERM');
    api = null;
    database = await openHere();
    expect(await crashViolations(database.db, fixtures, acked)).toEqual([]);
    // Every call has now been answered, and a retried key answers its first invoice: so the
    // invoices are exactly the acknowledged ones, none made twice and none unaccounted for.
    expect((await invoiceNumbers(database.db)).sort()).toEqual(acked.checkouts.map((c) => c.invoice).sort());
  }, 90_000);

  it('the checks find a checkout that is not whole (each break rolled back)', async () => {
    expect(database, 'the crash test ran first').not.toBeNull();
    const db = database!.db;
    const invoice = acked.checkouts[0]!.invoice;
    const limited = fixtures.variations.find((v) => v.stock !== null)!;
    const offer = fixtures.offers[1]!;
    const breaks: [string, SQL, RegExp][] = [
      [
        'an order line lost',
        sql`delete from order_items where id = (select min(x.id) from order_items x join orders o on o.id = x.order_id
              join invoices i on i.id = o.invoice_id where i.number = ${invoice})`,
        /does not match its items|has no items/,
      ],
      [
        'an acknowledged checkout lost',
        sql`delete from invoices where number = ${invoice}`,
        new RegExp(`acknowledged checkout ${invoice}`),
      ],
      ['stock not taken', sql`update product_variations set stock = stock + 1 where id = ${limited.id}`, /stock/],
      ['a coupon use not counted', sql`update coupons set times_used = times_used + 1`, /coupon CRASH/],
      ['points not spent', sql`update reward_point_balances set points = points + 1`, /points of customer/],
      ['a claim counted twice', sql`update offers set claims_count = claims_count + 1 where id = ${offer.id}`, /offer/],
    ];
    for (const [name, corrupt, expected] of breaks) {
      let found: string[] = [];
      await db
        .transaction(async (tx) => {
          await tx.execute(corrupt);
          found = await crashViolations(tx, fixtures, acked);
          tx.rollback();
        })
        .catch(() => {});
      expect(found.join('\n'), name).toMatch(expected);
    }
    // Rolled back: the database is whole again.
    expect(await crashViolations(db, fixtures, acked)).toEqual([]);
  }, 60_000);
});
