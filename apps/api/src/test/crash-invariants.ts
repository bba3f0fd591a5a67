import { type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client';
import {
  coupons,
  offers,
  products,
  productVariations,
  rewardPointBalances,
  rewardPointEntries,
  shops,
  siteSettings,
  users,
} from '../maintenance/schema';
import { createSession } from '../modules/auth';
import { refreshProductListings } from '../modules/catalog';
import { COLLECTION_POINT } from './checkout-fixtures';

/**
 * The marketplace of the crash-safety test (crash-safety.test.ts), written straight into the
 * database before the API process starts, and the checks of what must hold after a crash:
 * every checkout whole or absent, every claim counted once, every acknowledged write kept.
 */

export interface CrashFixtures {
  customers: { id: number; token: string }[];
  shops: { id: number; slug: string }[];
  /** One variation per product; stock null = unlimited. */
  variations: { id: number; productId: number; shopId: number; price: number; stock: number | null }[];
  coupons: { id: number; shopId: number; code: string }[];
  /** Each customer's starting balance at a shop (also written to the ledger as an adjustment). */
  points: { userId: number; shopId: number; points: number }[];
  offers: { id: number; shopId: number; slug: string; maxClaims: number | null; maxClaimsPerUser: number }[];
}

const HOUR = 60 * 60 * 1000;

export async function seedCrashFixtures(db: Db, customerCount: number): Promise<CrashFixtures> {
  const stamp = Date.now();
  await db
    .insert(siteSettings)
    .values({ key: 'collection_locations', value: JSON.stringify([{ value: COLLECTION_POINT }]) })
    .onConflictDoNothing();

  const shopRows = await db
    .insert(shops)
    .values(
      [1, 2, 3].map((n) => ({
        name: `Crash Shop ${n}`,
        slug: `crash-shop-${n}-${stamp}`,
        address: `${n} Commercial Street`,
        postcode: 'E1 6AN',
        email: `crash-shop-${n}@example.test`,
      })),
    )
    .returning({ id: shops.id, slug: shops.slug });
  const [s1, s2, s3] = shopRows as [(typeof shopRows)[0], (typeof shopRows)[0], (typeof shopRows)[0]];

  // Limited stock that the burst runs short of (so refusals happen too), and one unlimited.
  const catalogue = [
    { shopId: s1.id, price: 250, stock: 40 },
    { shopId: s1.id, price: 400, stock: 15 },
    { shopId: s2.id, price: 300, stock: 30 },
    { shopId: s2.id, price: 150, stock: 10 },
    { shopId: s3.id, price: 500, stock: null },
    { shopId: s3.id, price: 200, stock: 20 },
  ];
  const variations: CrashFixtures['variations'] = [];
  for (const [index, item] of catalogue.entries()) {
    const name = `Crash Product ${index + 1}`;
    const [product] = await db
      .insert(products)
      .values({ shopId: item.shopId, name, slug: `crash-product-${index + 1}-${stamp}` })
      .returning({ id: products.id });
    const [variation] = await db
      .insert(productVariations)
      .values({
        productId: product!.id,
        name: '1kg',
        slug: '1kg',
        fullName: `${name} 1kg`,
        price: item.price,
        stock: item.stock,
        images: [`/uploads/crash-${index + 1}.jpg`],
      })
      .returning({ id: productVariations.id });
    variations.push({ id: variation!.id, productId: product!.id, ...item });
  }
  await db.transaction((tx) => refreshProductListings(tx, { productIds: variations.map((v) => v.productId) }));

  const couponRows = await db
    .insert(coupons)
    .values([
      { shopId: s1.id, code: 'CRASH10', type: 'percent', value: 10, usageLimit: 6 },
      { shopId: s2.id, code: 'CRASH50', type: 'fixed', value: 50, perUserLimit: 1 },
    ])
    .returning({ id: coupons.id, shopId: coupons.shopId, code: coupons.code });

  const customers: CrashFixtures['customers'] = [];
  const points: CrashFixtures['points'] = [];
  for (let n = 1; n <= customerCount; n++) {
    const [user] = await db
      .insert(users)
      .values({ name: `Crash Customer ${n}`, email: `crash-customer-${n}-${stamp}@example.test` })
      .returning({ id: users.id });
    customers.push({ id: user!.id, token: await createSession(db, user!.id, 1) });
    points.push({ userId: user!.id, shopId: s1.id, points: 400 }, { userId: user!.id, shopId: s2.id, points: 150 });
  }
  await db.insert(rewardPointBalances).values(points);
  await db.insert(rewardPointEntries).values(points.map((p) => ({ ...p, reason: 'adjustment' as const })));

  const now = Date.now();
  const offerRows = await db
    .insert(offers)
    .values(
      [
        { shopId: s1.id, maxClaims: 4, maxClaimsPerUser: 1 },
        { shopId: s2.id, maxClaims: null, maxClaimsPerUser: 2 },
        { shopId: s3.id, maxClaims: 10, maxClaimsPerUser: 1 },
      ].map((o, i) => ({
        ...o,
        title: `Crash offer ${i + 1}`,
        description: 'Ten percent off',
        discountType: 'percent' as const,
        discountValue: 10,
        startsAt: new Date(now - HOUR),
        endsAt: new Date(now + 24 * HOUR),
      })),
    )
    .returning({
      id: offers.id,
      shopId: offers.shopId,
      maxClaims: offers.maxClaims,
      maxClaimsPerUser: offers.maxClaimsPerUser,
    });
  const slugOf = (shopId: number) => shopRows.find((s) => s.id === shopId)!.slug;

  return {
    customers,
    shops: shopRows,
    variations,
    // Both are shop coupons (shopId set above).
    coupons: couponRows.map((c) => ({ ...c, shopId: c.shopId! })),
    points,
    offers: offerRows.map((o) => ({ ...o, slug: slugOf(o.shopId) })),
  };
}

/** What the API answered 2xx: it must be in the database, as answered, after any crash. */
export interface Acknowledged {
  checkouts: { key: string; userId: number; invoice: string; total: number; orders: number; items: number }[];
  claims: { id: number; code: string; userId: number; offerId: number }[];
}

async function rows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  // Both drivers answer `{ rows }`.
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * Every rule a crash must not break, as a list of what is wrong (empty when all hold). Counts
 * come back from SQL as numbers or strings by driver, so they are compared as numbers.
 */
export async function crashViolations(db: DbOrTx, f: CrashFixtures, acked: Acknowledged): Promise<string[]> {
  const found: string[] = [];
  const report = (list: Record<string, unknown>[], describe: (row: Record<string, unknown>) => string) => {
    for (const row of list) found.push(describe(row));
  };

  // Whole checkouts: invoice -> orders -> items, and the figures add up at each level.
  report(
    await rows(
      db,
      sql`select i.number from invoices i where not exists (select 1 from orders o where o.invoice_id = i.id)`,
    ),
    (r) => `invoice ${r.number} has no orders`,
  );
  report(
    await rows(
      db,
      sql`select o.id from orders o where not exists (select 1 from order_items x where x.order_id = o.id)`,
    ),
    (r) => `order ${r.id} has no items`,
  );
  report(
    await rows(db, sql`select o.id from orders o left join invoices i on i.id = o.invoice_id where i.id is null`),
    (r) => `order ${r.id} has no invoice`,
  );
  report(
    await rows(db, sql`select x.id from order_items x left join orders o on o.id = x.order_id where o.id is null`),
    (r) => `order item ${r.id} has no order`,
  );
  report(
    await rows(db, sql`select id, order_id from order_items where total <> price * quantity or quantity <= 0`),
    (r) => `order item ${r.id} of order ${r.order_id}: total is not price x quantity`,
  );
  report(
    await rows(
      db,
      sql`select o.id, o.subtotal, coalesce(sum(x.total), 0) as lines from orders o
          left join order_items x on x.order_id = o.id group by o.id
          having o.subtotal <> coalesce(sum(x.total), 0)
             or o.total <> o.subtotal - o.discount - o.reward_discount + o.shipping_charge
             or o.reward_discount <> o.reward_points_used`,
    ),
    (r) => `order ${r.id}: subtotal ${r.subtotal} or total does not match its items (${r.lines})`,
  );
  report(
    await rows(
      db,
      sql`select i.number from invoices i join orders o on o.invoice_id = i.id group by i.id
          having i.subtotal <> sum(o.subtotal) or i.discount <> sum(o.discount)
             or i.reward_discount <> sum(o.reward_discount) or i.shipping_charge <> sum(o.shipping_charge)
             or i.total <> sum(o.total)`,
    ),
    (r) => `invoice ${r.number}: figures do not add up over its orders`,
  );
  report(
    await rows(
      db,
      sql`select o.id from orders o where not exists
          (select 1 from order_status_history h where h.order_id = o.id and h.status = 'pending')`,
    ),
    (r) => `order ${r.id} has no pending history entry`,
  );
  // The customer's confirmation and each shop's notice were queued in the checkout's transaction.
  report(
    await rows(
      db,
      sql`select i.number, count(m.id) as n from invoices i
          left join mail_outbox m on m.kind = 'order-placed' and m.subject = 'Your Parade order ' || i.number
          group by i.id having count(m.id) <> 1`,
    ),
    (r) => `invoice ${r.number}: ${r.n} confirmation mails, not 1`,
  );
  report(
    await rows(
      db,
      sql`select m.subject from mail_outbox m where m.kind = 'order-placed'
          and not exists (select 1 from invoices i where m.subject = 'Your Parade order ' || i.number)`,
    ),
    (r) => `mail "${r.subject}" confirms an invoice that does not exist`,
  );
  report(
    await rows(
      db,
      sql`select o.id, count(m.id) as n from orders o
          left join mail_outbox m on m.kind = 'order-new-for-shop' and m.subject = 'New order #' || o.id || ' on Parade'
          group by o.id having count(m.id) <> 1`,
    ),
    (r) => `order ${r.id}: ${r.n} shop notices, not 1`,
  );

  // Stock: what is left is what there was less what the surviving orders hold; the read model agrees.
  const sold = await rows<{ variation_id: number; quantity: number | string }>(
    db,
    sql`select x.variation_id, sum(x.quantity) as quantity from order_items x
        join orders o on o.id = x.order_id where o.status <> 'cancelled' group by x.variation_id`,
  );
  const stock = await rows<{
    id: number;
    stock: number | null;
    units_sold: number;
    card_stock: number | null;
    product_units_sold: number;
  }>(
    db,
    sql`select v.id, v.stock, v.units_sold, p.card_stock, p.units_sold as product_units_sold
        from product_variations v join products p on p.id = v.product_id`,
  );
  for (const v of f.variations) {
    const soldQty = Number(sold.find((s) => s.variation_id === v.id)?.quantity ?? 0);
    const now = stock.find((s) => s.id === v.id);
    const expected = v.stock === null ? null : v.stock - soldQty;
    if (!now) {
      found.push(`variation ${v.id} is missing`);
      continue;
    }
    if (now.stock !== expected) found.push(`variation ${v.id}: stock ${now.stock}, expected ${expected}`);
    if (now.stock !== null && now.stock < 0) found.push(`variation ${v.id}: stock below zero`);
    if (now.units_sold !== soldQty)
      found.push(`variation ${v.id}: ${now.units_sold} units sold, orders hold ${soldQty}`);
    if (now.card_stock !== now.stock || now.product_units_sold !== now.units_sold) {
      found.push(`product ${v.productId}: the read model disagrees with its variation`);
    }
  }

  // Coupons: one use per order that carries the code, one redemption per use, limits kept.
  const couponUse = await rows<{
    id: number;
    code: string;
    times_used: number;
    usage_limit: number | null;
    per_user_limit: number | null;
    orders: number | string;
    redemptions: number | string;
    orphans: number | string;
    worst_user: number | string;
  }>(
    db,
    sql`select c.id, c.code, c.times_used, c.usage_limit, c.per_user_limit,
          (select count(*) from orders o where o.shop_id = c.shop_id and upper(o.coupon_code) = upper(c.code)
             and o.status <> 'cancelled') as orders,
          (select count(*) from coupon_redemptions r where r.coupon_id = c.id) as redemptions,
          (select count(*) from coupon_redemptions r where r.coupon_id = c.id
             and not exists (select 1 from orders o where o.id = r.order_id and o.status <> 'cancelled')) as orphans,
          (select coalesce(max(n), 0) from (select count(*) as n from coupon_redemptions r
             where r.coupon_id = c.id group by r.user_id) per_user) as worst_user
        from coupons c`,
  );
  for (const c of couponUse) {
    const [orderCount, redemptions] = [Number(c.orders), Number(c.redemptions)];
    if (c.times_used !== orderCount || c.times_used !== redemptions) {
      found.push(`coupon ${c.code}: times_used ${c.times_used}, ${orderCount} orders, ${redemptions} redemptions`);
    }
    if (Number(c.orphans) > 0) found.push(`coupon ${c.code}: ${c.orphans} redemptions of no order`);
    if (c.usage_limit !== null && c.times_used > c.usage_limit) found.push(`coupon ${c.code}: over its usage limit`);
    if (c.per_user_limit !== null && Number(c.worst_user) > c.per_user_limit) {
      found.push(`coupon ${c.code}: a customer is over the per-customer limit`);
    }
  }

  // Points: balance = start - spent by surviving orders = the ledger's sum, never negative.
  const balances = await rows<{
    user_id: number;
    shop_id: number;
    points: number;
    ledger: number | string;
    spent: number | string;
  }>(
    db,
    sql`select b.user_id, b.shop_id, b.points,
          (select coalesce(sum(e.points), 0) from reward_point_entries e
             where e.user_id = b.user_id and e.shop_id = b.shop_id) as ledger,
          (select coalesce(sum(o.reward_points_used), 0) from orders o
             where o.user_id = b.user_id and o.shop_id = b.shop_id and o.status <> 'cancelled') as spent
        from reward_point_balances b`,
  );
  for (const start of f.points) {
    const b = balances.find((x) => x.user_id === start.userId && x.shop_id === start.shopId);
    const expected = start.points - Number(b?.spent ?? 0);
    if (!b) found.push(`points of customer ${start.userId} at shop ${start.shopId}: balance missing`);
    else if (b.points !== expected || Number(b.ledger) !== b.points || b.points < 0) {
      found.push(
        `points of customer ${start.userId} at shop ${start.shopId}: balance ${b.points}, ledger ${b.ledger}, expected ${expected}`,
      );
    }
  }
  report(
    await rows(
      db,
      sql`select o.id, o.reward_points_used, coalesce(sum(e.points), 0) as entries from orders o
          left join reward_point_entries e on e.order_id = o.id and e.reason = 'checkout'
          group by o.id having coalesce(sum(e.points), 0) <> -o.reward_points_used
             or count(e.id) > case when o.reward_points_used > 0 then 1 else 0 end`,
    ),
    (r) => `order ${r.id}: spent ${r.reward_points_used} points but the ledger says ${r.entries}`,
  );
  report(
    await rows(
      db,
      sql`select e.id from reward_point_entries e where e.reason = 'checkout'
          and not exists (select 1 from orders o where o.id = e.order_id)`,
    ),
    (r) => `ledger entry ${r.id} spends points for an order that does not exist`,
  );

  // Claims: each offer's counter is its claims that are not cancelled; the limits hold.
  report(
    await rows(
      db,
      sql`select o.id, o.claims_count, o.max_claims,
            (select count(*) from offer_claims c where c.offer_id = o.id and c.status <> 'cancelled') as claims
          from offers o
          where o.claims_count <> (select count(*) from offer_claims c where c.offer_id = o.id and c.status <> 'cancelled')
             or (o.max_claims is not null and o.claims_count > o.max_claims)`,
    ),
    (r) => `offer ${r.id}: claims_count ${r.claims_count} but ${r.claims} claims (max ${r.max_claims})`,
  );
  report(
    await rows(
      db,
      sql`select c.offer_id, c.user_id, count(*) as n from offer_claims c join offers o on o.id = c.offer_id
          where c.status <> 'cancelled' group by c.offer_id, c.user_id, o.max_claims_per_user
          having count(*) > o.max_claims_per_user`,
    ),
    (r) => `offer ${r.offer_id}: customer ${r.user_id} holds ${r.n} claims, over the per-customer limit`,
  );

  // Durability: every 2xx the API sent before (or after) the crash is there, as it was answered.
  const invoices = await rows<{
    number: string;
    user_id: number;
    idempotency_key: string | null;
    total: number;
    orders: number | string;
    items: number | string;
  }>(
    db,
    sql`select i.number, i.user_id, i.idempotency_key, i.total,
          (select count(*) from orders o where o.invoice_id = i.id) as orders,
          (select count(*) from order_items x join orders o on o.id = x.order_id where o.invoice_id = i.id) as items
        from invoices i`,
  );
  for (const a of acked.checkouts) {
    const i = invoices.find((x) => x.number === a.invoice);
    if (!i) found.push(`acknowledged checkout ${a.invoice} (${a.key}) is missing`);
    else if (
      i.idempotency_key !== a.key ||
      i.user_id !== a.userId ||
      i.total !== a.total ||
      Number(i.orders) !== a.orders ||
      Number(i.items) !== a.items
    ) {
      found.push(`acknowledged checkout ${a.invoice} (${a.key}) is not as answered`);
    }
  }
  const claims = await rows<{ id: number; code: string; user_id: number; offer_id: number }>(
    db,
    sql`select id, code, user_id, offer_id from offer_claims`,
  );
  for (const a of acked.claims) {
    const c = claims.find((x) => x.id === a.id);
    if (!c || c.code !== a.code || c.user_id !== a.userId || c.offer_id !== a.offerId) {
      found.push(`acknowledged claim ${a.id} (${a.code}) is missing or changed`);
    }
  }
  return found;
}
