import { type StripeStandIn, startStripeStandIn } from '@parade/test-support/stripe-stand-in';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { appRoutes, paramKeys, type RouteRow } from '../test/route-table';
import { type Actor, fileUpload, imageUpload, type ObjectKind, type TwoOwners, twoOwners } from '../test/two-owners';
import { guardedArea } from './role-guards';

/**
 * The object-level authorisation matrix (issue 14), generated from the route table: every route
 * with a path parameter is called by everyone who does not own the object it names (customer A,
 * shop A's vendor, the admin on the customer's calls; shop A's vendor on the merchant's calls)
 * with the id of a real object of customer B or shop B put in. Each must answer 404 in the
 * envelope, carry none of B's data, and change nothing; then B's own call, the same request,
 * must not be 401/403/404, which proves the id named a real object. The ids that travel in a
 * body or a query are listed in BODY_CASES, and checked against the OpenAPI document so that
 * a new one cannot slip through unlisted either. role-guards.test.ts keeps the roles apart
 * (401/403 per area); this file keeps owners apart.
 */

let t: TestApp;
let stripe: StripeStandIn;
let w: TwoOwners;

/** Which object each path parameter names, by the path up to and including the parameter. */
const OBJECT_PARAMS: Record<string, ObjectKind> = {
  '/api/user/order/:id': 'order',
  '/api/user/invoice/:invoice': 'invoice',
  '/api/user/address/:id': 'address',
  '/api/user/address/default/:id': 'address',
  // The spec's odd path for deleting an address.
  '/api/user/update-profile/:id': 'address',
  '/api/user/support-ticket/:id': 'ticket',
  '/api/user/sessions/:id': 'session',
  '/api/vendor-offers/user/claims/:id': 'claim',
  '/api/vendor-offers/claims/:id': 'claim',
  '/api/downloads/:orderItemId': 'download',
  '/api/vendor/products/:id': 'product',
  '/api/vendor/variations/:id': 'variation',
  '/api/vendor/coupons/:id': 'coupon',
  '/api/vendor/orders/:id': 'shop-order',
  '/api/vendor/returns/:id': 'return',
  '/api/user/reviews/:id': 'review',
  '/api/vendor/reviews/:id': 'review',
  '/api/vendor/tickets/:id': 'shop-ticket',
  '/api/vendor-offers/vendor/offers/:id': 'offer',
  '/api/vendor-offers/vendor/claims/:id': 'shop-claim',
  '/api/vendor-offers/vendor/qr-code/download/:id': 'qr-code',
};

/** Path parameters that name nobody's private object, and why. */
const NOT_OWNED: Record<string, string> = {
  '/api/product/:vendor': 'public catalogue (a draft product answers 404: tested below)',
  '/api/product/:vendor/:product': 'public catalogue',
  '/api/product/:vendor/:product/:variation': 'public catalogue',
  '/api/blog/:slug': 'published blog posts',
  '/api/shop/:slug': 'public shop pages',
  '/api/products/:id': "a product's public reviews (visible ones only)",
  '/api/vendor-offers/vendor/:slug': "a shop's public offers and QR page",
  '/api/vendor-offers/vendor/:slug/offers/:offerId': 'a public offer (a switched-off one is 404: offers.test.ts)',
  '/api/vendor-offers/qr-code/validate/:code': "a shop's printed QR code",
  '/sitemaps/products-:file': 'the public sitemap of listable products (issue 25)',
};

/** The platform acts on every object; role-guards.test.ts keeps everyone else out of /api/admin/. */
const isAdminRoute = (url: string) => url.startsWith('/api/admin/');

/** The request body each write sends: valid, so that only ownership can refuse it. */
const BODIES: Record<string, object | ((v: { extra: Record<string, number> }) => Promise<Upload>)> = {
  'POST /api/user/address/:id': {
    name: 'Alice Attacker',
    phone: '07700900999',
    line1: '1 Attacker Row',
    city: 'London',
    postcode: 'E1 6AN',
  },
  'PATCH /api/user/support-ticket/:id': { status: 'close' },
  'POST /api/user/support-ticket/:id/send-message': { body: 'Written by someone else.' },
  'PUT /api/vendor/products/:id': { name: 'Renamed by another shop' },
  'POST /api/vendor/products/:id/variations': { name: 'Extra', price: 100, stock: 1 },
  'POST /api/vendor/products/:id/images': (v) => imageUpload(v.extra.variationId),
  'PUT /api/vendor/variations/:id': { price: 1 },
  'POST /api/vendor/variations/:id/digital-file': () => fileUpload(),
  'PUT /api/vendor/coupons/:id': { value: 90 },
  'PATCH /api/vendor/orders/:id/status': { status: 'cancelled' },
  'POST /api/vendor/returns/:id/accept': { note: 'Accepted by another shop' },
  'POST /api/vendor/returns/:id/reject': { note: 'Rejected by another shop' },
  'POST /api/vendor/tickets/:id/reply': { body: 'Answered by another shop.' },
  'PUT /api/user/reviews/:id': { rating: 1, body: 'Changed by someone else.' },
  'POST /api/vendor/reviews/:id/reply': { body: 'Replied by another shop.' },
  'PUT /api/vendor-offers/vendor/offers/:id': { title: 'Taken over' },
  'POST /api/vendor-offers/vendor/claims/:id/confirm': {},
  'POST /api/vendor-offers/vendor/claims/:id/cancel': {},
  'POST /api/vendor-offers/vendor/claims/:id/mark-used': {},
};
type Upload = { payload: Buffer; headers: Record<string, string> };

/** What a refused caller gets where it is not a plain 404 (the contract's words). */
const REFUSALS: Record<string, { status: number; code: string }> = {
  // docs/api-errors.md: a download link with any part changed is 403 download_link_invalid.
  'GET /api/downloads/:orderItemId': { status: 403, code: 'download_link_invalid' },
};

const routeKey = (route: RouteRow) => `${route.method} ${route.url}`;

/** The object a route's path names, or why it names none; undefined = not in the maps. */
function kindOf(route: RouteRow): ObjectKind | 'not-owned' | undefined {
  if (isAdminRoute(route.url)) return 'not-owned';
  const keys = paramKeys(route.url);
  if (keys.length === 0) return undefined;
  if (keys.every((key) => key in NOT_OWNED)) return 'not-owned';
  const kinds = keys.map((key) => OBJECT_PARAMS[key]);
  // One owned object per path: a second parameter would need its own substitution here.
  if (kinds.length !== 1 || kinds[0] === undefined) return undefined;
  return kinds[0];
}

/** Who may not reach B's object through this route, and who may. */
function partiesOf(route: RouteRow): { attackers: Actor[]; owner: Actor } {
  const { actors } = w;
  if (guardedArea(route.url) === 'vendor') return { attackers: [actors.vendorA], owner: actors.vendorB };
  // The customer's calls are "mine" for everyone: a vendor or the admin has no way in either.
  return { attackers: [actors.customerA, actors.vendorA, actors.admin], owner: actors.customerB };
}

async function requestFor(route: RouteRow, victim: { id: string; extra: Record<string, number> }, query: string) {
  const url = route.url.replace(/:\w+/, encodeURIComponent(victim.id)) + (query ? `?${query}` : '');
  const body = BODIES[routeKey(route)];
  const options: InjectOptions = { method: route.method as 'GET', url };
  if (typeof body === 'function') {
    const upload = await body(victim);
    return { ...options, payload: upload.payload, headers: upload.headers };
  }
  return body === undefined ? options : { ...options, payload: body };
}

/** The reply is a refusal in the envelope that carries none of these strings. */
function refusalProblems(res: LightMyRequestResponse, expected: { status: number; code?: string }, secrets: string[]) {
  const problems: string[] = [];
  if (res.statusCode !== expected.status) problems.push(`answered ${res.statusCode}, not ${expected.status}`);
  let body: { status?: unknown; message?: unknown; code?: unknown; errors?: unknown } = {};
  try {
    body = res.json();
  } catch {
    problems.push('answered no JSON');
  }
  if (body.status !== false || typeof body.message !== 'string' || typeof body.errors !== 'object') {
    problems.push('left the envelope');
  }
  // A 404 route_not_found would mean the path was malformed, not that ownership refused it.
  if (body.code === 'route_not_found') problems.push('matched no route');
  if (expected.code && body.code !== expected.code) problems.push(`code ${String(body.code)}, not ${expected.code}`);
  const leaked = secrets.filter((secret) => res.body.includes(secret));
  if (leaked.length > 0) problems.push(`leaked ${leaked.join(', ')}`);
  return problems;
}

/** The owner's own call reached the object: not refused as unknown or forbidden, no crash. */
function controlProblems(res: LightMyRequestResponse) {
  return [401, 403, 404].includes(res.statusCode) || res.statusCode >= 500
    ? [`the owner's own call answered ${res.statusCode} ${res.body.slice(0, 200)}`]
    : [];
}

/** Every secret of B's seen so far, for the list checks. */
const allSecrets = new Set<string>();

beforeAll(async () => {
  stripe = await startStripeStandIn();
  t = await buildTestApp({
    env: {
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      STRIPE_PUBLISHABLE_KEY: stripe.publishableKey,
      STRIPE_API_URL: stripe.url,
      STRIPE_JS_URL: stripe.stripeJsUrl,
    },
  });
  w = await twoOwners(t);
  for (const secret of w.customerBSecrets) allSecrets.add(secret);
}, 60_000);
afterAll(async () => {
  await t?.close();
  await stripe?.close();
});

describe('the map of path parameters', () => {
  it('names the object (or the reason for none) of every path parameter of every route', () => {
    const unknown = appRoutes(t.app)
      .filter((route) => paramKeys(route.url).length > 0 && kindOf(route) === undefined)
      .map((route) => `${routeKey(route)}: add this route to the map (OBJECT_PARAMS or NOT_OWNED)`);
    expect(unknown).toEqual([]);
  });

  it('has no entry that matches no route any more', () => {
    const keys = new Set(appRoutes(t.app).flatMap((route) => paramKeys(route.url)));
    expect([...Object.keys(OBJECT_PARAMS), ...Object.keys(NOT_OWNED)].filter((key) => !keys.has(key))).toEqual([]);
    const routes = new Set(appRoutes(t.app).map(routeKey));
    expect([...Object.keys(BODIES), ...Object.keys(REFUSALS)].filter((key) => !routes.has(key))).toEqual([]);
  });
});

describe("every route with an object's id in its path", () => {
  it("answers 404 to everyone but the owner, with none of the owner's data and nothing changed", async () => {
    const routes = appRoutes(t.app).filter((route) => {
      const kind = kindOf(route);
      return kind !== undefined && kind !== 'not-owned';
    });
    // The matrix covers what the issue names, at least.
    const covered = new Set(routes.map((route) => kindOf(route)));
    for (const kind of ['order', 'invoice', 'ticket', 'address', 'claim', 'download'] as const) {
      expect(covered.has(kind), kind).toBe(true);
    }
    for (const kind of ['product', 'shop-order', 'coupon', 'offer', 'shop-claim', 'qr-code'] as const) {
      expect(covered.has(kind), kind).toBe(true);
    }
    expect(routes.length).toBeGreaterThan(40);

    const failures: string[] = [];
    for (const route of routes) {
      const kind = kindOf(route) as ObjectKind;
      const victim = await w.victim(kind);
      for (const secret of victim.secrets) allSecrets.add(secret);
      const { attackers, owner } = partiesOf(route);
      const expected = REFUSALS[routeKey(route)] ?? { status: 404 };
      const rowsBefore = await victim.snapshot();
      const effectsBefore = await w.sideEffects();
      for (const attacker of attackers) {
        const res = await w.call(attacker, await requestFor(route, victim, victim.query?.(attacker) ?? ''));
        for (const problem of refusalProblems(res, expected, victim.secrets)) {
          failures.push(`${routeKey(route)} as ${attacker.label} on ${kind} ${victim.id}: ${problem}`);
        }
      }
      if (JSON.stringify(await victim.snapshot()) !== JSON.stringify(rowsBefore)) {
        failures.push(`${routeKey(route)}: another caller changed ${kind} ${victim.id}`);
      }
      if (JSON.stringify(await w.sideEffects()) !== JSON.stringify(effectsBefore)) {
        failures.push(`${routeKey(route)}: a refused call queued mail or wrote or removed files`);
      }
      const control = await w.call(owner, await requestFor(route, victim, victim.query?.(owner) ?? ''));
      for (const problem of controlProblems(control)) failures.push(`${routeKey(route)} as ${owner.label}: ${problem}`);
    }
    expect(failures).toEqual([]);
  });
});

/**
 * The ids that travel in a body or a query: each case names the route and field, what the
 * outsider gets (the contract's refusal), B's rows that must not change, and the owner's
 * control request.
 */
interface BodyCase {
  route: string;
  field: string;
  refusal: { status: number; code?: string };
  build(): Promise<{
    attackers: Actor[];
    attack: InjectOptions;
    secrets: string[];
    snapshot(): Promise<unknown>;
    owner: Actor;
    control: InjectOptions;
    /** A list filter: the owner's reply must show this (the filter named a real object). */
    controlShows?: string;
  }>;
}

const customerCallers = () => [w.actors.customerA, w.actors.vendorA, w.actors.admin];

const BODY_CASES: BodyCase[] = [
  {
    route: 'POST /api/user/order/place',
    field: 'address_id',
    // docs/api-errors.md: another user's address_id is 422 address_not_found (a field of the checkout).
    refusal: { status: 422, code: 'address_not_found' },
    async build() {
      const address = await w.victim('address');
      const request: InjectOptions = {
        method: 'POST',
        url: '/api/user/order/place',
        payload: {
          order_type: 'delivery',
          address_id: Number(address.id),
          items: [{ variation_id: w.physical.B.variationId, quantity: 1 }],
          payment_method: 'cash',
        },
      };
      return { attackers: customerCallers(), attack: request, ...address, owner: w.actors.customerB, control: request };
    },
  },
  {
    route: 'POST /api/payment-token',
    field: 'invoice',
    refusal: { status: 404, code: 'invoice_not_found' },
    async build() {
      const order = await w.placeOrder(w.actors.customerB, w.physical.B.variationId, { payment_method: 'card' });
      const request: InjectOptions = { method: 'POST', url: '/api/payment-token', payload: { invoice: order.invoice } };
      return {
        attackers: customerCallers(),
        attack: request,
        secrets: [...w.customerBSecrets, order.invoice],
        snapshot: () => w.rows.invoice(order.invoice),
        owner: w.actors.customerB,
        control: request,
      };
    },
  },
  {
    route: 'POST /api/user/order-return',
    field: 'order_item_id',
    refusal: { status: 404, code: 'order_item_not_found' },
    async build() {
      const order = await w.deliveredOrder(w.actors.customerB, w.actors.vendorB, w.physical.B.variationId);
      const request: InjectOptions = {
        method: 'POST',
        url: '/api/user/order-return',
        payload: { order_item_id: order.itemId, quantity: 1, reason: 'Not what I expected.' },
      };
      return {
        attackers: customerCallers(),
        attack: request,
        secrets: [...w.customerBSecrets, order.invoice],
        snapshot: () => w.rows.returnsOfItem(order.itemId),
        owner: w.actors.customerB,
        control: request,
      };
    },
  },
  {
    route: 'POST /api/user/reviews',
    field: 'order_item_id',
    refusal: { status: 404, code: 'order_item_not_found' },
    async build() {
      const order = await w.deliveredOrder(w.actors.customerB, w.actors.vendorB, w.physical.B.variationId);
      const request: InjectOptions = {
        method: 'POST',
        url: '/api/user/reviews',
        payload: { order_item_id: order.itemId, rating: 5, body: 'Lovely.' },
      };
      return {
        attackers: customerCallers(),
        attack: request,
        secrets: [...w.customerBSecrets, order.invoice],
        snapshot: () => w.rows.reviewsOfItem(order.itemId),
        owner: w.actors.customerB,
        control: request,
      };
    },
  },
  {
    route: 'POST /api/user/support-ticket',
    field: 'order_id',
    refusal: { status: 404, code: 'order_not_found' },
    async build() {
      const order = await w.placeOrder(w.actors.customerB, w.physical.B.variationId);
      const request: InjectOptions = {
        method: 'POST',
        url: '/api/user/support-ticket',
        payload: { subject: 'Where is my order?', message: 'It has not come yet.', order_id: order.orderId },
      };
      return {
        attackers: customerCallers(),
        attack: request,
        secrets: [...w.customerBSecrets, order.invoice],
        snapshot: () => w.rows.ticketsAboutOrder(order.orderId),
        owner: w.actors.customerB,
        control: request,
      };
    },
  },
  {
    route: 'POST /api/user/order-issue',
    field: 'order_id',
    refusal: { status: 404, code: 'order_not_found' },
    async build() {
      const order = await w.placeOrder(w.actors.customerB, w.physical.B.variationId);
      const request: InjectOptions = {
        method: 'POST',
        url: '/api/user/order-issue',
        payload: { order_id: order.orderId, type: 'damaged', message: 'The box was crushed.' },
      };
      return {
        attackers: customerCallers(),
        attack: request,
        secrets: [...w.customerBSecrets, order.invoice],
        snapshot: () => w.rows.ticketsAboutOrder(order.orderId),
        owner: w.actors.customerB,
        control: request,
      };
    },
  },
  {
    route: 'POST /api/user/order-issue',
    field: 'item_id',
    // Customer A's own order with B's line: the line is checked against the order.
    refusal: { status: 422, code: 'order_item_invalid' },
    async build() {
      const mine = await w.placeOrder(w.actors.customerA, w.physical.A.variationId);
      const theirs = await w.placeOrder(w.actors.customerB, w.physical.B.variationId);
      const body = { type: 'damaged', message: 'The box was crushed.', item_id: theirs.itemId };
      return {
        attackers: [w.actors.customerA],
        attack: { method: 'POST', url: '/api/user/order-issue', payload: { ...body, order_id: mine.orderId } },
        secrets: [...w.customerBSecrets, theirs.invoice],
        snapshot: async () => [await w.rows.order(theirs.orderId), await w.rows.ticketsAboutOrder(mine.orderId)],
        owner: w.actors.customerB,
        control: { method: 'POST', url: '/api/user/order-issue', payload: { ...body, order_id: theirs.orderId } },
      };
    },
  },
  {
    route: 'POST /api/vendor-offers/vendor/claims/:id/mark-used',
    field: 'order_id',
    // Shop A's own confirmed claim, used "on" shop B's order: the contract's 422 claim_order_invalid.
    refusal: { status: 422, code: 'claim_order_invalid' },
    async build() {
      const mine = await w.makeClaim(w.actors.customerA, w.actors.vendorA, w.shopA.slug, true);
      const theirs = await w.makeClaim(w.actors.customerB, w.actors.vendorB, w.shopB.slug, true);
      const order = await w.placeOrder(w.actors.customerB, w.physical.B.variationId);
      const markUsed = (claimId: number): InjectOptions => ({
        method: 'POST',
        url: `/api/vendor-offers/vendor/claims/${claimId}/mark-used`,
        payload: { order_id: order.orderId },
      });
      return {
        attackers: [w.actors.vendorA],
        attack: markUsed(mine.id),
        secrets: [...w.customerBSecrets, order.invoice],
        snapshot: async () => [await w.rows.order(order.orderId), await w.rows.claim(mine.id)],
        owner: w.actors.vendorB,
        control: markUsed(theirs.id),
      };
    },
  },
  {
    route: 'POST /api/vendor/products/bulk-stock',
    field: 'items[].variation_id',
    refusal: { status: 404, code: 'variation_not_found' },
    async build() {
      const product = await w.makeProduct(w.actors.vendorB, 'Physical', { is_active: false });
      const request: InjectOptions = {
        method: 'POST',
        url: '/api/vendor/products/bulk-stock',
        payload: { items: [{ variation_id: product.variationId, stock: 0 }] },
      };
      return {
        attackers: [w.actors.vendorA],
        attack: request,
        secrets: [product.name],
        snapshot: () => w.rows.product(product.id),
        owner: w.actors.vendorB,
        control: request,
      };
    },
  },
  {
    route: 'POST /api/vendor/coupons',
    field: 'product_ids',
    // docs/api-errors.md: validation_failed on errors.product_ids ("No such product in your shop").
    refusal: { status: 422, code: 'validation_failed' },
    async build() {
      const product = await w.makeProduct(w.actors.vendorB, 'Physical', { is_active: false });
      const coupon = (code: string): InjectOptions => ({
        method: 'POST',
        url: '/api/vendor/coupons',
        payload: { code, type: 'percent', value: 5, product_ids: [product.id] },
      });
      return {
        attackers: [w.actors.vendorA],
        attack: coupon(`ATTACK${Date.now()}`),
        secrets: [product.name],
        snapshot: async () => [await w.rows.product(product.id), await w.rows.couponsOfShop(w.shopA.id)],
        owner: w.actors.vendorB,
        control: coupon(`OWN${Date.now()}`),
      };
    },
  },
  {
    route: 'PUT /api/vendor/coupons/:id',
    field: 'product_ids',
    refusal: { status: 422, code: 'validation_failed' },
    async build() {
      const product = await w.makeProduct(w.actors.vendorB, 'Physical', { is_active: false });
      const couponOf = async (vendor: Actor, code: string) =>
        (
          await w.ok<{ coupon: { id: number } }>(
            vendor,
            { method: 'POST', url: '/api/vendor/coupons', payload: { code, type: 'percent', value: 5 } },
            201,
          )
        ).coupon.id;
      const mine = await couponOf(w.actors.vendorA, `MINE${Date.now()}`);
      const theirs = await couponOf(w.actors.vendorB, `THEIRS${Date.now()}`);
      const put = (id: number): InjectOptions => ({
        method: 'PUT',
        url: `/api/vendor/coupons/${id}`,
        payload: { product_ids: [product.id] },
      });
      return {
        attackers: [w.actors.vendorA],
        attack: put(mine),
        secrets: [product.name],
        snapshot: async () => [await w.rows.product(product.id), await w.rows.coupon(mine)],
        owner: w.actors.vendorB,
        control: put(theirs),
      };
    },
  },
  {
    route: 'GET /api/vendor-offers/vendor/qr-code/download/:id',
    field: '?offer',
    refusal: { status: 404, code: 'offer_not_found' },
    async build() {
      const offer = await w.victim('offer');
      const download = (code: string): InjectOptions => ({
        method: 'GET',
        url: `/api/vendor-offers/vendor/qr-code/download/${code}?offer=${offer.id}`,
      });
      return {
        attackers: [w.actors.vendorA],
        attack: download(await w.qrCodeOf(w.actors.vendorA)),
        ...offer,
        owner: w.actors.vendorB,
        control: download(await w.qrCodeOf(w.actors.vendorB)),
      };
    },
  },
  {
    route: 'GET /api/vendor-offers/vendor/claims',
    field: '?offer_id',
    // A filter of the caller's own list: another shop's offer filters everything out.
    refusal: { status: 200 },
    async build() {
      const claim = await w.victim('shop-claim');
      const request: InjectOptions = {
        method: 'GET',
        url: `/api/vendor-offers/vendor/claims?offer_id=${claim.extra.offerId}`,
      };
      return {
        attackers: [w.actors.vendorA],
        attack: request,
        ...claim,
        owner: w.actors.vendorB,
        control: request,
        controlShows: claim.secrets.at(-1),
      };
    },
  },
  {
    route: 'POST /api/vendor/products/:id/images',
    field: 'variation_id',
    refusal: { status: 404, code: 'variation_not_found' },
    async build() {
      const product = await w.makeProduct(w.actors.vendorB, 'Physical', { is_active: false });
      const upload = async (productId: number): Promise<InjectOptions> => {
        const body = await imageUpload(product.variationId);
        return {
          method: 'POST',
          url: `/api/vendor/products/${productId}/images`,
          payload: body.payload,
          headers: body.headers,
        };
      };
      return {
        attackers: [w.actors.vendorA],
        attack: await upload(w.physical.A.id),
        secrets: [product.name],
        snapshot: () => w.rows.product(product.id),
        owner: w.actors.vendorB,
        control: await upload(product.id),
      };
    },
  },
  {
    route: 'POST /api/vendor-offers/vendor/offers',
    field: 'image',
    // Another shop's picture: its file would go when this offer is re-pictured or deleted.
    refusal: { status: 422, code: 'image_invalid' },
    async build() {
      const theirs = await w.makeOfferWithPicture(w.actors.vendorB);
      const create = (): InjectOptions => ({
        method: 'POST',
        url: '/api/vendor-offers/vendor/offers',
        payload: {
          title: 'Borrowed picture',
          description: 'Ten percent off',
          discount_type: 'percent',
          discount_value: 10,
          starts_at: new Date(Date.now() - 60_000).toISOString(),
          ends_at: new Date(Date.now() + 3_600_000).toISOString(),
          image: theirs.image,
        },
      });
      return {
        attackers: [w.actors.vendorA],
        attack: create(),
        secrets: [],
        snapshot: async () => [await w.rows.offer(theirs.id), await w.rows.offersOfShop(w.shopA.id)],
        owner: w.actors.vendorB,
        control: create(),
      };
    },
  },
  {
    route: 'PUT /api/vendor-offers/vendor/offers/:id',
    field: 'image',
    refusal: { status: 422, code: 'image_invalid' },
    async build() {
      const theirs = await w.makeOfferWithPicture(w.actors.vendorB);
      const mine = await w.makeOffer(w.actors.vendorA);
      const put = (id: number): InjectOptions => ({
        method: 'PUT',
        url: `/api/vendor-offers/vendor/offers/${id}`,
        payload: { image: theirs.image },
      });
      return {
        attackers: [w.actors.vendorA],
        attack: put(mine.id),
        secrets: [],
        snapshot: async () => [await w.rows.offer(theirs.id), await w.rows.offer(mine.id)],
        owner: w.actors.vendorB,
        control: put(theirs.id),
      };
    },
  },
  {
    route: 'PUT /api/vendor/variations/:id',
    field: 'images',
    // docs/api-errors.md: validation_failed on errors.images (only the variation's own pictures).
    refusal: { status: 422, code: 'validation_failed' },
    async build() {
      const theirs = await w.makeProductWithPicture(w.actors.vendorB);
      const put = (variationId: number): InjectOptions => ({
        method: 'PUT',
        url: `/api/vendor/variations/${variationId}`,
        payload: { images: [theirs.picture] },
      });
      return {
        attackers: [w.actors.vendorA],
        attack: put(w.physical.A.variationId),
        secrets: [theirs.name],
        snapshot: async () => [await w.rows.product(theirs.id), await w.rows.product(w.physical.A.id)],
        owner: w.actors.vendorB,
        control: put(theirs.variationId),
      };
    },
  },
];

/**
 * Ids in bodies and queries that name nothing private, and why. Anything else id-like in the
 * OpenAPI document outside /api/admin/ must be a BODY_CASE.
 */
const PUBLIC_FIELDS: Record<string, string> = {
  'POST /api/user/order/validate-coupon shop_id': 'any open shop',
  'POST /api/user/order/validate-coupon items[].variation_id': 'the public catalogue',
  'POST /api/user/order/place items[].variation_id': 'the public catalogue',
  'GET /api/vendor-offers/vendor/:slug/my-offer ?qr': "a shop's printed QR code",
  'GET /api/vendor-offers/vendor/:slug/my-offer ?offer': 'a public offer',
  'POST /api/vendor-offers/vendor/:slug/offers/:offerId/claim qr': "a shop's printed QR code",
  'POST /api/vendor/products category_id': 'the platform taxonomy',
  'POST /api/vendor/products sub_category_id': 'the platform taxonomy',
  'POST /api/vendor/products brand_id': 'the platform taxonomy',
  'PUT /api/vendor/products/:id category_id': 'the platform taxonomy',
  'PUT /api/vendor/products/:id sub_category_id': 'the platform taxonomy',
  'PUT /api/vendor/products/:id brand_id': 'the platform taxonomy',
  // Shown as they are; no call deletes a slide's file, so naming a public picture takes nothing from anyone.
  'PUT /api/vendor/shop slides[].image': 'a picture URL the storefront shows',
  'PUT /api/vendor/shop slides[].mobile_image': 'a picture URL the storefront shows',
  // Favourites name public products and open shops; each customer keeps their own list.
  'POST /api/user/favourites product_id': 'the public catalogue',
  'POST /api/user/favourites shop_id': 'any open shop',
  'DELETE /api/user/favourites product_id': "the public catalogue (only the caller's own favourite is let go)",
  'DELETE /api/user/favourites shop_id': "any open shop (only the caller's own favourite is let go)",
  'DELETE /api/user/favourites ?product_id': "the public catalogue (only the caller's own favourite is let go)",
  'DELETE /api/user/favourites ?shop_id': "any open shop (only the caller's own favourite is let go)",
  'GET /api/user/reviews ?order_id': "filters the caller's own reviews: another's order lists nothing",
  'POST /api/user/shop-create-request category_id': 'the platform taxonomy',
  // Files the caller uploads (multipart): new pictures, naming nothing that is anyone else's.
  'POST /api/vendor/products/:id/images images': 'new picture files, stored under the caller’s product',
  'POST /api/vendor/shop/logo image': 'a new picture file for the caller’s own shop',
  'POST /api/vendor/shop/banner image': 'a new picture file for the caller’s own shop',
};

type JsonSchema = {
  $ref?: string;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
};

/**
 * Every field of the document's bodies and queries that names an object: `id`, `*_id`, `*_ids`,
 * `invoice`, `offer`, `qr`, and pictures (`image`, `images`, `*_image`), whose files are objects too.
 */
function idFieldsOfOpenApi(doc: {
  paths: Record<
    string,
    Record<
      string,
      { requestBody?: { content: Record<string, { schema: JsonSchema }> }; parameters?: { in: string; name: string }[] }
    >
  >;
  components?: { schemas?: Record<string, JsonSchema> };
}): string[] {
  const idLike = (name: string) => /^(id|ids|invoice|offer|qr|image|images)$|_(id|ids|image)$/.test(name);
  const found: string[] = [];
  for (const [openApiPath, operations] of Object.entries(doc.paths)) {
    const url = openApiPath.replace(/\{(\w+)\}/g, ':$1');
    if (isAdminRoute(url)) continue;
    for (const [method, operation] of Object.entries(operations)) {
      const fields: string[] = [];
      const walk = (schema: JsonSchema | undefined, at: string, depth: number) => {
        if (!schema || depth > 8) return;
        if (schema.$ref) return walk(doc.components?.schemas?.[schema.$ref.split('/').pop() ?? ''], at, depth + 1);
        for (const part of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) {
          walk(part, at, depth + 1);
        }
        for (const [name, property] of Object.entries(schema.properties ?? {})) {
          if (idLike(name)) fields.push(`${at}${name}`);
          walk(property, `${at}${name}.`, depth + 1);
        }
        if (schema.items) walk(schema.items, `${at.replace(/\.$/, '')}[].`, depth + 1);
      };
      for (const content of Object.values(operation.requestBody?.content ?? {})) walk(content.schema, '', 0);
      for (const parameter of operation.parameters ?? []) {
        if (parameter.in === 'query' && idLike(parameter.name)) fields.push(`?${parameter.name}`);
      }
      for (const field of new Set(fields)) found.push(`${method.toUpperCase()} ${url} ${field}`);
    }
  }
  return found;
}

describe('ids in bodies and queries', () => {
  it('every id-like field of the OpenAPI document is a case below, or named as public', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const listed = new Set([...BODY_CASES.map((c) => `${c.route} ${c.field}`), ...Object.keys(PUBLIC_FIELDS)]);
    const fields = idFieldsOfOpenApi(doc);
    expect(fields.length).toBeGreaterThan(10);
    expect(fields.filter((field) => !listed.has(field)).map((field) => `${field}: add it to BODY_CASES`)).toEqual([]);
    const routes = new Set(appRoutes(t.app).map(routeKey));
    expect(BODY_CASES.map((c) => c.route).filter((route) => !routes.has(route))).toEqual([]);
  });

  it("refuses another owner's id in a body or query, leaking and changing nothing; the owner's own goes through", async () => {
    const failures: string[] = [];
    for (const bodyCase of BODY_CASES) {
      const name = `${bodyCase.route} (${bodyCase.field})`;
      const c = await bodyCase.build();
      for (const secret of c.secrets) allSecrets.add(secret);
      const rowsBefore = await c.snapshot();
      const effectsBefore = await w.sideEffects();
      for (const attacker of c.attackers) {
        const res = await w.call(attacker, c.attack);
        const problems =
          bodyCase.refusal.status === 200
            ? [
                ...(res.statusCode === 200 ? [] : [`answered ${res.statusCode}`]),
                ...c.secrets.filter((s) => res.body.includes(s)).map((s) => `leaked ${s}`),
              ]
            : refusalProblems(res, bodyCase.refusal, c.secrets);
        for (const problem of problems) failures.push(`${name} as ${attacker.label}: ${problem}`);
      }
      if (JSON.stringify(await c.snapshot()) !== JSON.stringify(rowsBefore)) {
        failures.push(`${name}: another caller changed the owner's rows`);
      }
      if (JSON.stringify(await w.sideEffects()) !== JSON.stringify(effectsBefore)) {
        failures.push(`${name}: a refused call queued mail or wrote or removed files`);
      }
      const control = await w.call(c.owner, c.control);
      for (const problem of controlProblems(control)) failures.push(`${name} as ${c.owner.label}: ${problem}`);
      if (control.statusCode === 422 && bodyCase.refusal.status === 422) {
        failures.push(`${name} as ${c.owner.label}: the owner is refused too (${control.body.slice(0, 200)})`);
      }
      if (c.controlShows && !control.body.includes(c.controlShows)) {
        failures.push(`${name} as ${c.owner.label}: the owner's list lacks ${c.controlShows}`);
      }
    }
    expect(failures).toEqual([]);
  });
});

describe("the callers' own lists", () => {
  it("show none of B's data to anyone else", async () => {
    // Every B object made above (and a few more of each kind) is in B's lists; none may be in anyone else's.
    for (const kind of [
      'order',
      'ticket',
      'address',
      'claim',
      'download',
      'return',
      'review',
      'coupon',
      'offer',
    ] as const) {
      for (const secret of (await w.victim(kind)).secrets) allSecrets.add(secret);
    }
    const secrets = [...allSecrets];
    const lists = appRoutes(t.app).filter(
      (route) =>
        route.method === 'GET' &&
        paramKeys(route.url).length === 0 &&
        (route.url.startsWith('/api/user/') ||
          route.url.startsWith('/api/vendor-offers/user/') ||
          route.url === '/api/auth/me' ||
          guardedArea(route.url) === 'vendor'),
    );
    expect(lists.length).toBeGreaterThan(15);
    const failures: string[] = [];
    for (const route of lists) {
      const { attackers, owner } = partiesOf(route);
      for (const attacker of attackers) {
        const res = await w.call(attacker, { method: 'GET', url: route.url });
        if (res.statusCode !== 200) failures.push(`${routeKey(route)} as ${attacker.label}: ${res.statusCode}`);
        for (const secret of secrets.filter((s) => res.body.includes(s))) {
          failures.push(`${routeKey(route)} as ${attacker.label}: leaked ${secret}`);
        }
      }
      expect((await w.call(owner, { method: 'GET', url: route.url })).statusCode, routeKey(route)).toBe(200);
    }
    expect(failures).toEqual([]);
    // The check can see B's data where it belongs: B's own lists carry it.
    const mine = await w.call(w.actors.customerB, { method: 'GET', url: '/api/user/support-ticket' });
    expect(secrets.some((s) => s.startsWith('Quillfeather private question') && mine.body.includes(s))).toBe(true);
    const coupons = await w.call(w.actors.vendorB, { method: 'GET', url: '/api/vendor/coupons' });
    expect(secrets.some((s) => s.startsWith('QUILLSECRET') && coupons.body.includes(s))).toBe(true);
  });
});

describe('public pages', () => {
  it('show no draft product of a shop to anyone, until the shop publishes it', async () => {
    const product = await w.makeProduct(w.actors.vendorB, 'Physical', { is_active: false });
    const url = `/api/product/${w.shopB.slug}/${product.slug}/${product.variationSlug}`;
    for (const caller of [null, w.actors.customerA, w.actors.vendorA]) {
      const res = await w.call(caller, { method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('product_not_found');
      expect(res.body).not.toContain(product.name);
    }
    await w.ok(w.actors.vendorB, { method: 'POST', url: `/api/vendor/products/${product.id}/publish` });
    const published = await w.call(null, { method: 'GET', url });
    expect(published.statusCode, published.body).toBe(200);
    expect(published.body).toContain(product.name);
  });
});
