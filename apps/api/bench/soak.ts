/**
 * `npm run bench:soak` (issue 14): a long mixed load on PostgreSQL against TWO API processes,
 * then a reconciliation of stock and money. Not part of `npm test`: it takes ten minutes.
 *
 * 1. Creates a fresh database `parade_soak_<time>` on the server of DATABASE_URL (dropped at the
 *    end unless --keep), has a first API process migrate it and seed the demo marketplace, stops
 *    it, then starts the two measured processes on it as production runs them (bench/processes.ts).
 * 2. Prepares the data directly in the database: every stocked variation gets a large stock
 *    (the catalogue read model repaired after), the active offers lose their claim cap so claims
 *    keep flowing, and --customers shoppers sign up over HTTP and get reward points at every shop.
 * 3. Runs --connections virtual shoppers for --duration seconds, half on each process, each in a
 *    loop of weighted journeys: browsing (home, lists, sorts, pages, product pages, both kinds of
 *    search), a cart (product page, coupon check, points), a cash checkout of 1-3 shops with a
 *    coupon or points now and then, and an offer claim (cancelled again half the time). Every
 *    shopper sends its own address in X-Forwarded-For (the servers trust the loopback proxy), so
 *    the per-IP and per-customer limits see many shoppers, as behind a load balancer.
 * 4. Samples both servers' resident memory every 5 s, and reads it after 30 quiet seconds
 *    once the warm-up minute is over and again at the end.
 * 5. Reconciles the database against itself and against what the shoppers were told: stock,
 *    invoices, orders, items, coupon uses, point ledgers and claim counts.
 *
 * Passes (exit 0) only with zero 5xx replies and zero connection errors, memory growth under
 * 10 % on each process (resident memory read after 30 quiet seconds at the end, against the same
 * reading after a minute of warm-up load; the peak under load is printed too),
 * and every reconciliation check holding. Prints one table per journey and the checks.
 *
 * Options: --duration S (load seconds, default 480, at most 600), -c/--connections N (default 50),
 * --customers N (default 400), --keep (keep the database). Needs DATABASE_URL (PostgreSQL).
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:soak
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { type SQL, sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../src/db/client';
import { repairReadModel } from '../src/modules/catalog';
import { freePort, rssMiB, type Server, startServer, stop } from './processes';

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '480' },
    connections: { type: 'string', short: 'c', default: '50' },
    customers: { type: 'string', default: '400' },
    keep: { type: 'boolean', default: false },
  },
});

const duration = Math.min(600, Number(args.duration));
const connections = Number(args.connections);
const customerCount = Number(args.customers);
if (!(duration > 0) || !(connections > 0) || !(customerCount > 0)) throw new Error('numbers must be positive');
const baseUrl = process.env.DATABASE_URL;
if (!baseUrl?.startsWith('postgres')) throw new Error('bench:soak runs on PostgreSQL: set DATABASE_URL');

const log = (line: string) => process.stderr.write(`${line}\n`);
const STOCK = 100_000;
const POINTS = 1_000_000;
/** Load before the first memory reading: start-up caches, prepared statements and JIT settle first. */
const WARM_UP_SECONDS = Math.min(60, duration / 4);
/** Quiet seconds before each memory reading (after the warm-up and at the end). */
const REST_SECONDS = 30;

// ---------------------------------------------------------------------------------------------
// A small seeded random source, so a run can be told apart from another by its seed only.

let seed = Number(process.env.SOAK_SEED ?? Date.now() % 1_000_000);
const soakSeed = seed;
function random(): number {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
  return seed / 2_147_483_648;
}
const pick = <T>(list: T[]): T => list[Math.floor(random() * list.length)]!;

// ---------------------------------------------------------------------------------------------
// Database

async function createSoakDatabase(): Promise<string> {
  const name = `parade_soak_${Date.now()}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl!);
  url.pathname = `/${name}`;
  return url.toString();
}

async function dropSoakDatabase(url: string) {
  const name = new URL(url).pathname.slice(1);
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}

// ---------------------------------------------------------------------------------------------
// HTTP, with one forwarded address per shopper

interface Tally {
  statuses: Map<number, number>;
  /** Refusals by status and code, e.g. "422 coupon_min_spend". */
  refusals: Map<string, number>;
  latencies: number[];
  errors: number;
}
const tallies = new Map<string, Tally>();
function tally(journey: string): Tally {
  let t = tallies.get(journey);
  if (!t) {
    t = { statuses: new Map(), refusals: new Map(), latencies: [], errors: 0 };
    tallies.set(journey, t);
  }
  return t;
}

interface Shopper {
  ip: string;
  token?: string;
  userId?: number;
}

async function call<T = unknown>(
  journey: string,
  origin: string,
  shopper: Shopper,
  method: 'GET' | 'POST',
  url: string,
  body?: unknown,
): Promise<{ status: number; data: T | null; text: string }> {
  const t = tally(journey);
  const started = performance.now();
  try {
    const reply = await fetch(`${origin}${url}`, {
      method,
      headers: {
        accept: 'application/json',
        'x-forwarded-for': shopper.ip,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(shopper.token ? { authorization: `Bearer ${shopper.token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
    const text = await reply.text();
    t.latencies.push(performance.now() - started);
    t.statuses.set(reply.status, (t.statuses.get(reply.status) ?? 0) + 1);
    if (reply.status >= 500) log(`${reply.status} on ${method} ${url}: ${text.slice(0, 300)}`);
    const parsed = text ? (JSON.parse(text) as { data?: T; code?: string }) : null;
    if (reply.status >= 400) {
      const key = `${reply.status} ${parsed?.code ?? '(no code)'}`;
      t.refusals.set(key, (t.refusals.get(key) ?? 0) + 1);
    }
    return { status: reply.status, data: parsed?.data ?? null, text };
  } catch (error) {
    t.errors += 1;
    log(`connection error on ${method} ${url}: ${(error as Error).message}`);
    return { status: 0, data: null, text: '' };
  }
}

// ---------------------------------------------------------------------------------------------
// What the shoppers were told, to reconcile against the database

const told = { invoices: new Map<string, number>(), claims: new Set<number>(), cancelledClaims: new Set<number>() };

interface World {
  variations: { id: number; shopId: number; path: string }[];
  shops: { id: number; slug: string }[];
  coupons: { shopId: number; code: string }[];
  collectionPoint: string;
  searchTerms: string[];
}

async function browse(origin: string, shopper: Shopper, world: World) {
  const r = random();
  if (r < 0.15) await call('browse', origin, shopper, 'GET', '/api/home');
  else if (r < 0.4) {
    const sort = pick([
      '',
      '&sort_by=price&sort_high=0',
      '&sort_by=date&sort_high=1',
      '&sort_by=best_selling&sort_high=1',
    ]);
    await call('browse', origin, shopper, 'GET', `/api/products?page=${1 + Math.floor(random() * 20)}${sort}`);
  } else if (r < 0.7) await call('browse', origin, shopper, 'GET', pick(world.variations).path);
  else if (r < 0.8) await call('browse', origin, shopper, 'GET', `/api/shop/${pick(world.shops).slug}/product`);
  else if (r < 0.9) await call('search', origin, shopper, 'POST', '/api/search', { search: pick(world.searchTerms) });
  else
    await call('search', origin, shopper, 'GET', `/api/products?search=${encodeURIComponent(pick(world.searchTerms))}`);
}

function someLines(world: World) {
  const shops = new Set<number>();
  const lines: { variation_id: number; quantity: number }[] = [];
  const wanted = 1 + Math.floor(random() * 3);
  for (let tries = 0; lines.length < wanted && tries < 20; tries++) {
    const variation = pick(world.variations);
    if (shops.has(variation.shopId)) continue;
    shops.add(variation.shopId);
    lines.push({ variation_id: variation.id, quantity: 1 + Math.floor(random() * 3) });
  }
  return { lines, shops: [...shops] };
}

async function cart(origin: string, shopper: Shopper, world: World) {
  const variation = pick(world.variations);
  await call('cart', origin, shopper, 'GET', variation.path);
  const coupon = world.coupons.find((c) => c.shopId === variation.shopId);
  if (coupon)
    await call('cart', origin, shopper, 'POST', '/api/user/order/validate-coupon', {
      shop_id: variation.shopId,
      code: coupon.code,
      items: [{ variation_id: variation.id, quantity: 1 }],
    });
  await call('cart', origin, shopper, 'GET', '/api/user/reward-points');
}

async function checkout(origin: string, shopper: Shopper, world: World) {
  const { lines, shops } = someLines(world);
  const coupons: Record<string, string> = {};
  const points: Record<string, number> = {};
  for (const shopId of shops) {
    const coupon = world.coupons.find((c) => c.shopId === shopId);
    if (coupon && random() < 0.2) coupons[shopId] = coupon.code;
    else if (random() < 0.3) points[shopId] = 50 + Math.floor(random() * 200);
  }
  const reply = await call<{ invoice: string; total: number }>(
    'checkout',
    origin,
    shopper,
    'POST',
    '/api/user/order/place',
    {
      order_type: 'collection',
      collection_point: world.collectionPoint,
      payment_method: 'cash',
      items: lines,
      coupons,
      reward_points: points,
    },
  );
  if (reply.status === 201 && reply.data) told.invoices.set(reply.data.invoice, reply.data.total);
}

async function claim(origin: string, shopper: Shopper, world: World) {
  const shop = pick(world.shops);
  const listed = await call<{ offers: { id: number; qr_only: boolean; is_valid: boolean }[] }>(
    'claim',
    origin,
    shopper,
    'GET',
    `/api/vendor-offers/vendor/${shop.slug}/offers`,
  );
  const offers = (listed.data?.offers ?? []).filter((o) => !o.qr_only && o.is_valid);
  if (offers.length === 0) return;
  const offer = pick(offers);
  const claimed = await call<{ claim: { id: number } }>(
    'claim',
    origin,
    shopper,
    'POST',
    `/api/vendor-offers/vendor/${shop.slug}/offers/${offer.id}/claim`,
    {},
  );
  if (claimed.status !== 201 || !claimed.data) return;
  told.claims.add(claimed.data.claim.id);
  if (random() < 0.5) {
    const cancelled = await call(
      'claim',
      origin,
      shopper,
      'POST',
      `/api/vendor-offers/user/claims/${claimed.data.claim.id}/cancel`,
      {},
    );
    if (cancelled.status === 200) told.cancelledClaims.add(claimed.data.claim.id);
  }
}

async function shopperLoop(index: number, origins: string[], shoppers: Shopper[], world: World, until: number) {
  const origin = origins[index % origins.length]!;
  // Each loop walks its own share of the customers, so no customer is used by two loops at once.
  const mine = shoppers.filter((_, i) => i % connections === index);
  for (let turn = 0; performance.now() < until; turn++) {
    const shopper = mine[turn % mine.length]!;
    const r = random();
    if (r < 0.5) await browse(origin, { ip: shopper.ip }, world);
    else if (r < 0.65) await cart(origin, shopper, world);
    else if (r < 0.85) await checkout(origin, shopper, world);
    else await claim(origin, shopper, world);
  }
}

// ---------------------------------------------------------------------------------------------
// Set-up

async function signUp(origin: string, i: number, stamp: number): Promise<Shopper> {
  const ip = `10.${100 + Math.floor(i / 65_536)}.${Math.floor(i / 256) % 256}.${i % 256}`;
  // Nothing of the name or e-mail in it: the password rules refuse context words.
  const password = `quiet harbour lantern ${stamp.toString(36)} ${i.toString(36)} pebble`;
  const reply = await call<{ access_token: string; user: { id: number } }>(
    'sign-up',
    origin,
    { ip },
    'POST',
    '/api/auth/register',
    {
      name: `Soak Shopper ${(i + 10).toString(36).replace(/\d/g, 'x')}`,
      email: `soak.${stamp}.${i}@example.test`,
      password,
      password_confirmation: password,
    },
  );
  if (reply.status !== 201 && reply.status !== 200) throw new Error(`sign-up ${i}: ${reply.status} ${reply.text}`);
  return { ip, token: reply.data!.access_token, userId: reply.data!.user.id };
}

async function prepare(
  databaseUrl: string,
  origins: string[],
): Promise<{ world: World; shoppers: Shopper[]; marks: Marks }> {
  const database = await openDatabase({ url: databaseUrl });
  try {
    const { db } = database;
    await db.execute(sql`update product_variations set stock = ${STOCK} where stock is not null`);
    await db.execute(sql`update offers set max_claims = null`);
    await repairReadModel(db);
    const variations = (
      await rowsOf<{ id: number; shop_id: number; shop_slug: string; product_slug: string; slug: string }>(
        db,
        sql`
        select v.id, p.shop_id, s.slug as shop_slug, p.slug as product_slug, v.slug
        from product_variations v join products p on p.id = v.product_id join shops s on s.id = p.shop_id
        where p.listable and v.stock is not null and p.type = 'Physical'`,
      )
    ).map((v) => ({
      id: v.id,
      shopId: v.shop_id,
      path: `/api/product/${v.shop_slug}/${v.product_slug}/${v.slug}`,
    }));
    const shops = await rowsOf<{ id: number; slug: string }>(
      db,
      sql`select distinct s.id, s.slug from shops s join products p on p.shop_id = s.id where p.listable`,
    );
    const coupons = (
      await rowsOf<{ shop_id: number; code: string }>(
        db,
        sql`select shop_id, code from coupons where (ends_at is null or ends_at > now()) and (starts_at is null or starts_at < now())`,
      )
    ).map((c) => ({ shopId: c.shop_id, code: c.code }));
    const names = await rowsOf<{ name: string }>(db, sql`select name from products where listable limit 200`);
    const words = [
      ...new Set(names.flatMap((n) => n.name.toLowerCase().split(/[^a-z]+/)).filter((w) => w.length >= 4)),
    ];
    const searchTerms = words.flatMap((w) => [w, w.slice(0, 3), w.slice(0, -1)]);
    const settings = (await (await fetch(`${origins[0]}/api/app/setting`)).json()) as {
      data?: { settings?: { collection_locations?: string } };
      settings?: { collection_locations?: string };
    };
    const locations = (settings.data?.settings ?? settings.settings)?.collection_locations ?? '[]';
    const collectionPoint = (JSON.parse(locations) as { value: string }[])[0]?.value;
    if (!collectionPoint || variations.length === 0 || shops.length === 0) throw new Error('the demo seed lacks data');

    log(`Signing up ${customerCount} shoppers...`);
    const stamp = Date.now();
    const shoppers: Shopper[] = [];
    for (let i = 0; i < customerCount; i += 8) {
      const batch = Array.from({ length: Math.min(8, customerCount - i) }, (_, k) =>
        signUp(origins[(i + k) % origins.length]!, i + k, stamp),
      );
      shoppers.push(...(await Promise.all(batch)));
    }
    // Points at every shop, through the ledger, so that balances and entries must agree at the end.
    const ids = shoppers.map((s) => s.userId!);
    await db.execute(sql`
      insert into reward_point_entries (user_id, shop_id, points, reason)
      select u, s.id, ${POINTS}, 'adjustment' from unnest(${`{${ids.join(',')}}`}::int[]) u, shops s`);
    await db.execute(sql`
      insert into reward_point_balances (user_id, shop_id, points)
      select u, s.id, ${POINTS} from unnest(${`{${ids.join(',')}}`}::int[]) u, shops s
      on conflict (user_id, shop_id) do update set points = reward_point_balances.points + excluded.points`);
    const marks = await readMarks(db);
    return { world: { variations, shops, coupons, collectionPoint, searchTerms }, shoppers, marks };
  } finally {
    await database.close();
  }
}

interface Marks {
  invoiceId: number;
  orderId: number;
  claimId: number;
  /**
   * Per coupon, times_used less its redemptions, and per offer, claims_count less its live claims,
   * before the load: the demo seed sets some counts without the rows behind them, so the run is
   * checked for keeping these differences, not for their being zero.
   */
  couponOffsets: string;
  offerOffsets: string;
}
type Db = Awaited<ReturnType<typeof openDatabase>>['db'];

/** The rows of a raw statement (node-postgres' result shape: the soak runs on PostgreSQL only). */
async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

const couponOffsets = sql`select c.id, c.times_used - count(r.id) as offset from coupons c
  left join coupon_redemptions r on r.coupon_id = c.id group by c.id order by c.id`;
const offerOffsets = sql`select f.id, f.claims_count - count(c.id) filter (where c.status <> 'cancelled') as offset
  from offers f left join offer_claims c on c.offer_id = f.id group by f.id order by f.id`;

async function readMarks(db: Db): Promise<Marks> {
  const offsets = {
    couponOffsets: JSON.stringify(await rowsOf(db, couponOffsets)),
    offerOffsets: JSON.stringify(await rowsOf(db, offerOffsets)),
  };
  const [row] = await rowsOf<{ invoice_id: number; order_id: number; claim_id: number }>(
    db,
    sql`
      select (select coalesce(max(id), 0) from invoices) as invoice_id,
             (select coalesce(max(id), 0) from orders) as order_id,
             (select coalesce(max(id), 0) from offer_claims) as claim_id`,
  );
  return {
    invoiceId: Number(row!.invoice_id),
    orderId: Number(row!.order_id),
    claimId: Number(row!.claim_id),
    ...offsets,
  };
}

// ---------------------------------------------------------------------------------------------
// Reconciliation: each check is a query that lists what is wrong (no rows = it holds)

async function reconcile(databaseUrl: string, marks: Marks): Promise<{ check: string; ok: boolean; detail: string }[]> {
  const database = await openDatabase({ url: databaseUrl });
  const results: { check: string; ok: boolean; detail: string }[] = [];
  try {
    const { db } = database;
    const wrong = async (check: string, query: ReturnType<typeof sql>) => {
      const rows = await rowsOf<Record<string, unknown>>(db, query);
      results.push({
        check,
        ok: rows.length === 0,
        detail: rows.length === 0 ? 'holds' : `${rows.length} wrong, e.g. ${JSON.stringify(rows[0])}`,
      });
    };
    await wrong(
      `stock: ${STOCK} less the units of this run's live orders, for every stocked variation`,
      sql`select v.id, v.stock, coalesce(sold.n, 0) as sold from product_variations v
          left join (select i.variation_id, sum(i.quantity) as n from order_items i join orders o on o.id = i.order_id
                     where o.id > ${marks.orderId} and o.status <> 'cancelled' group by i.variation_id) sold
            on sold.variation_id = v.id
          where v.stock is not null and v.stock <> ${STOCK} - coalesce(sold.n, 0)`,
    );
    await wrong('no stock below zero', sql`select id, stock from product_variations where stock < 0`);
    await wrong(
      "every invoice's total is the sum of its orders' totals, and it has orders",
      sql`select i.number, i.total, sum(o.total) as orders_total from invoices i left join orders o on o.invoice_id = i.id
          where i.id > ${marks.invoiceId} group by i.id having count(o.id) = 0 or i.total <> sum(o.total)`,
    );
    await wrong(
      "every order's subtotal is the sum of its items, and it has items",
      sql`select o.id, o.subtotal, sum(it.price * it.quantity) as items from orders o left join order_items it on it.order_id = o.id
          where o.id > ${marks.orderId} group by o.id
          having count(it.id) = 0 or o.subtotal <> sum(it.price * it.quantity)`,
    );
    await wrong(
      "every order's total is its subtotal less its discounts plus its delivery charge",
      sql`select id, subtotal, discount, reward_discount, shipping_charge, total from orders
          where id > ${marks.orderId} and total <> subtotal - discount - reward_discount + shipping_charge`,
    );
    const same = async (check: string, query: SQL, before: string) => {
      const now = JSON.stringify(await rowsOf(db, query));
      results.push({ check, ok: now === before, detail: now === before ? 'holds' : `before ${before}, after ${now}` });
    };
    await same("every coupon's use count moved with its redemptions", couponOffsets, marks.couponOffsets);
    await wrong(
      'no coupon used past its limit',
      sql`select id, times_used, usage_limit from coupons where usage_limit is not null and times_used > usage_limit`,
    );
    await wrong(
      'every redemption belongs to an order with that coupon',
      sql`select r.id from coupon_redemptions r left join orders o on o.id = r.order_id where o.id is null or o.coupon_code is null`,
    );
    await wrong(
      'every reward point balance is the sum of its ledger, never below zero',
      sql`select b.user_id, b.shop_id, b.points, coalesce(e.sum, 0) as ledger from reward_point_balances b
          left join (select user_id, shop_id, sum(points) as sum from reward_point_entries group by user_id, shop_id) e
            on e.user_id = b.user_id and e.shop_id = b.shop_id
          where b.points <> coalesce(e.sum, 0) or b.points < 0`,
    );
    await wrong(
      'points spent in the ledger are the points used by live orders',
      sql`select o.id, o.reward_points_used, coalesce(-sum(e.points), 0) as spent from orders o
          left join reward_point_entries e on e.order_id = o.id and e.reason = 'checkout'
          where o.id > ${marks.orderId} and o.status <> 'cancelled' group by o.id
          having o.reward_points_used <> coalesce(-sum(e.points), 0)`,
    );
    await same("every offer's claim count moved with its live claims", offerOffsets, marks.offerOffsets);

    const invoices = await rowsOf<{ number: string; total: number }>(
      db,
      sql`select number, total from invoices where id > ${marks.invoiceId}`,
    );
    const stored = new Map(invoices.map((i) => [i.number, Number(i.total)]));
    const missing = [...told.invoices].filter(([number, total]) => stored.get(number) !== total);
    const unknown = [...stored.keys()].filter((number) => !told.invoices.has(number));
    results.push({
      check: 'every checkout a shopper was told of is stored with the total they were told, and no other',
      ok: missing.length === 0 && unknown.length === 0,
      detail: `${told.invoices.size} told, ${stored.size} stored; ${missing.length} missing or different, ${unknown.length} unknown`,
    });
    const claims = await rowsOf<{ id: number; status: string }>(
      db,
      sql`select id, status from offer_claims where id > ${marks.claimId}`,
    );
    const claimIds = new Set(claims.map((c) => Number(c.id)));
    const cancelled = new Set(claims.filter((c) => c.status === 'cancelled').map((c) => Number(c.id)));
    const claimsMissing = [...told.claims].filter((id) => !claimIds.has(id)).length;
    const claimsUnknown = [...claimIds].filter((id) => !told.claims.has(id)).length;
    const cancelMismatch = [...told.cancelledClaims].filter((id) => !cancelled.has(id)).length;
    results.push({
      check: 'every claim a shopper was told of is stored once, cancelled where they were told so, and no other',
      ok:
        claimsMissing === 0 &&
        claimsUnknown === 0 &&
        cancelMismatch === 0 &&
        cancelled.size === told.cancelledClaims.size,
      detail: `${told.claims.size} told (${told.cancelledClaims.size} cancelled), ${claimIds.size} stored (${cancelled.size} cancelled)`,
    });
  } finally {
    await database.close();
  }
  return results;
}

// ---------------------------------------------------------------------------------------------
// Report

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

function table(header: string[], body: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((row) => row[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map(line)].join('\n');
}

async function main() {
  const databaseUrl = await createSoakDatabase();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'parade-soak-'));
  const servers: Server[] = [];
  log(
    `Soak: ${duration} s at c=${connections} on two API processes, database ${new URL(databaseUrl).pathname.slice(1)}, seed ${soakSeed}`,
  );
  try {
    const env = (port: number, seedDemo: boolean): NodeJS.ProcessEnv => ({
      ...process.env,
      DATABASE_URL: databaseUrl,
      NODE_ENV: 'production',
      GEOCODER: 'demo',
      SEED_DEMO: String(seedDemo),
      SERVE_APPS: 'false',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      TRUST_PROXY: '127.0.0.1',
      // Both processes share one data folder (uploads, the download-link secret), as two
      // processes behind one load balancer share a volume.
      DATA_DIR: dataDir,
    });
    // A first process migrates and seeds, then stops: the two measured processes start alike on
    // the ready database, as production processes do (none of them seeds), so the memory of one
    // is not the seed's.
    const seederPort = await freePort();
    await stop((await startServer(env(seederPort, true), seederPort)).child);
    for (let i = 0; i < 2; i++) {
      const port = await freePort();
      servers.push(await startServer(env(port, false), port));
    }
    const origins = servers.map((s) => s.origin);
    log(`Servers healthy: ${origins.join(', ')} (pids ${servers.map((s) => s.child.pid).join(', ')})`);

    const { world, shoppers, marks } = await prepare(databaseUrl, origins);
    for (const server of servers) server.warnings.length = 0;
    log(`${world.variations.length} stocked variations in ${world.shops.length} shops; loading for ${duration} s...`);

    const started = performance.now();
    const memory: { at: number; rss: (number | null)[] }[] = [];
    const sample = () => {
      memory.push({ at: (performance.now() - started) / 1000, rss: servers.map((s) => rssMiB(s.child.pid)) });
      return memory.at(-1)!;
    };
    const sampler = setInterval(() => {
      const { at, rss } = sample();
      if (memory.length % 12 === 0)
        log(`  ${at.toFixed(0)} s: RSS ${rss.map((r) => `${r?.toFixed(0)} MiB`).join(', ')}`);
    }, 5000);
    /** Runs every shopper's loop for this many seconds. */
    const load = (seconds: number) => {
      const until = performance.now() + seconds * 1000;
      return Promise.all(
        Array.from({ length: connections }, (_, i) => shopperLoop(i, origins, shoppers, world, until)),
      );
    };
    /**
     * Lets the servers idle, then reads their memory: under load the old space holds garbage
     * between full collections (and V8 grows the heap with the allocation rate), so what a process
     * keeps is read once it has been quiet for a while, after the warm-up and at the end alike.
     */
    const settled = async () => {
      await new Promise((resolve) => setTimeout(resolve, REST_SECONDS * 1000));
      return sample().rss;
    };
    await load(WARM_UP_SECONDS);
    const afterWarmUp = await settled();
    log(`  settled after the warm-up: RSS ${afterWarmUp.map((r) => `${r?.toFixed(0)} MiB`).join(', ')}`);
    await load(duration - WARM_UP_SECONDS);
    const peaks = servers.map((_, i) => Math.max(...memory.map((m) => m.rss[i] ?? 0)));
    const atEnd = await settled();
    clearInterval(sampler);
    const elapsed = duration;

    const checks = await reconcile(databaseUrl, marks);

    // The report.
    const rows: string[][] = [];
    let fiveHundreds = 0;
    let errors = 0;
    for (const [journey, t] of tallies) {
      const sorted = [...t.latencies].sort((a, b) => a - b);
      const statuses = [...t.statuses].sort((a, b) => a[0] - b[0]);
      fiveHundreds += statuses.filter(([s]) => s >= 500).reduce((n, [, c]) => n + c, 0);
      errors += t.errors;
      rows.push([
        journey,
        String(t.latencies.length),
        (t.latencies.length / (journey === 'sign-up' ? 1 : elapsed)).toFixed(journey === 'sign-up' ? 0 : 1),
        percentile(sorted, 50).toFixed(0),
        percentile(sorted, 99).toFixed(0),
        String(t.errors),
        statuses.map(([s, c]) => `${c}x${s}`).join(' '),
      ]);
    }
    const growth = servers.map((_, i) => {
      const early = afterWarmUp[i] ?? 0;
      const late = atEnd[i] ?? 0;
      return { early, late, peak: peaks[i] ?? 0, growth: early ? late / early - 1 : 0 };
    });
    const memoryOk = growth.every((g) => g.growth < 0.1);
    const checksOk = checks.every((c) => c.ok);

    console.log('');
    console.log(`Parade soak, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, seed ${soakSeed}`);
    console.log(
      `PostgreSQL, two API processes, ${connections} shoppers' loops over ${customerCount} customers, ${elapsed.toFixed(0)} s of load`,
    );
    console.log('');
    console.log(table(['journey', 'requests', 'per s', 'p50 ms', 'p99 ms', 'errors', 'statuses'], rows));
    for (const [journey, t] of tallies) {
      const refusals = [...t.refusals].sort((a, b) => b[1] - a[1]);
      if (refusals.length) console.log(`  ${journey} refusals: ${refusals.map(([k, n]) => `${n}x ${k}`).join(', ')}`);
    }
    console.log('');
    growth.forEach((g, i) => {
      console.log(
        `API process ${i + 1}: RSS settled ${g.early.toFixed(0)} MiB after the warm-up, ${g.late.toFixed(0)} MiB at the end: ${(g.growth * 100).toFixed(1)} % (limit 10 %); peak under load ${g.peak.toFixed(0)} MiB`,
      );
    });
    console.log(`5xx replies: ${fiveHundreds}; connection errors: ${errors}`);
    for (const server of servers)
      if (server.warnings.length) console.log(`server warnings: ${server.warnings.length} lines`);
    console.log('');
    console.log(
      table(
        ['reconciliation', 'result'],
        checks.map((c) => [c.check, c.ok ? 'holds' : `FAILS: ${c.detail}`]),
      ),
    );
    for (const c of checks) if (c.ok && c.detail !== 'holds') console.log(`  ${c.check}: ${c.detail}`);
    const passed = fiveHundreds === 0 && errors === 0 && memoryOk && checksOk;
    console.log(`\n${passed ? 'PASS' : 'FAIL'}`);
    if (!passed) process.exitCode = 1;
  } catch (error) {
    for (const [i, server] of servers.entries()) log(`API process ${i + 1}, last lines:\n${server.lines.join('\n')}`);
    throw error;
  } finally {
    for (const server of servers) await stop(server.child);
    rmSync(dataDir, { recursive: true, force: true });
    if (!args.keep) await dropSoakDatabase(databaseUrl);
    else log(`Kept ${databaseUrl}`);
  }
}

await main();
