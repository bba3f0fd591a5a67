import { readdirSync } from 'node:fs';
import path from 'node:path';
import { count, desc, eq } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import {
  addresses,
  authTokens,
  coupons,
  invoices,
  mailOutbox,
  offerClaims,
  offers,
  orderItems,
  orderReturns,
  orderStatusHistory,
  orders,
  payments,
  products,
  productVariations,
  reviews,
  shops,
  siteSettings,
  supportTickets,
  ticketMessages,
} from '../maintenance/schema';
import type { TestApp } from './build-test-app';
import { COLLECTION_POINT } from './checkout-fixtures';
import { injectBounded } from './inject-bounded';
import { signUpAs } from './manage-fixtures';
import { bearer, multipartPayload, signUp } from './test-support';

/**
 * Two owners of everything, for the object-level authorisation matrix: customers A and B,
 * vendors of shops A and B, and an admin. B's objects are made fresh for each call through the
 * real API (`victim(kind)`), so a write that gets through, or the owner's own control call,
 * never spoils the next route's object. Customer B buys at shop B, so shop A's vendor is an
 * outsider to every object of B.
 */

export interface Actor {
  label: string;
  token: string;
}

/** What a path parameter (or a body field) names. */
export type ObjectKind =
  // Customer B's
  | 'order'
  | 'invoice'
  | 'ticket'
  | 'address'
  | 'claim'
  | 'download'
  // Customer B's review of shop B's product (shop B may reply to it)
  | 'review'
  | 'session'
  // Shop B's (its vendor's)
  | 'product'
  | 'variation'
  | 'coupon'
  | 'shop-order'
  | 'return'
  | 'shop-ticket'
  | 'offer'
  | 'shop-claim'
  | 'qr-code';

export interface Victim {
  /** The value substituted for the parameter (or sent in the body). */
  id: string;
  /** The owner's data that must never reach anyone else. */
  secrets: string[];
  /** The object's rows read straight from the tables: a refused call leaves them as they were. */
  snapshot(): Promise<unknown>;
  /** A query string the call needs (a download link's signature), per caller. */
  query?: (actor: Actor) => string;
  /** Other ids of the object: its line (`itemId`), its product (`productId`), its order. */
  extra: Record<string, number>;
}

const HOUR = 60 * 60 * 1000;
const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

/** A tiny real PNG (pictures are decoded and re-encoded on upload). */
const pngBytes = () =>
  sharp({ create: { width: 4, height: 3, channels: 3, background: '#c0ffee' } })
    .png()
    .toBuffer();
const pdfBytes = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');

export async function imageUpload(variationId?: number) {
  const form = new FormData();
  form.append('images', new Blob([new Uint8Array(await pngBytes())]), 'picture.png');
  if (variationId !== undefined) form.append('variation_id', String(variationId));
  return multipartPayload(form);
}

export async function fileUpload() {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(pdfBytes)]), 'guide.pdf');
  return multipartPayload(form);
}

export async function twoOwners(t: TestApp) {
  const db = t.database.db;
  let serial = 0;
  const next = () => {
    serial += 1;
    return serial;
  };

  await db.insert(siteSettings).values([
    { key: 'collection_locations', value: JSON.stringify([{ value: COLLECTION_POINT }]) },
    // Delivery checkouts (an address id in place-order) measure from here.
    { key: 'postcode', value: 'E1 6AN' },
    { key: 'enable_stripe_payment', value: 'true' },
  ]);

  const asActor = (label: string, account: { token: string }): Actor => ({ label, token: account.token });
  const vendorAAccount = await signUpAs(t.app, t.database, 'vendor');
  const vendorBAccount = await signUpAs(t.app, t.database, 'vendor');
  const customerAAccount = await signUp(t.app, { name: 'Alice Attacker' });
  // Distinctive, so that any reply carrying them is caught.
  const customerBAccount = await signUp(t.app, {
    name: 'Beatrix Quillfeather',
    email: `beatrix.quillfeather.${Date.now()}@example.test`,
  });
  const adminAccount = await signUpAs(t.app, t.database, 'admin');
  const shopA = { id: vendorAAccount.shopId!, slug: await slugOf(vendorAAccount.shopId!) };
  const shopB = { id: vendorBAccount.shopId!, slug: await slugOf(vendorBAccount.shopId!) };

  async function slugOf(shopId: number) {
    const [row] = await db.select({ slug: shops.slug }).from(shops).where(eq(shops.id, shopId));
    return row!.slug;
  }

  const actors = {
    customerA: asActor('customer A', customerAAccount),
    customerB: asActor('customer B', customerBAccount),
    vendorA: asActor('vendor of shop A', vendorAAccount),
    vendorB: asActor('vendor of shop B', vendorBAccount),
    admin: asActor('admin', adminAccount),
  };
  /** Customer B's own data: in no reply to anyone else, ever. */
  const customerBSecrets = [customerBAccount.email, 'Quillfeather'];

  const call = (actor: Actor | null, options: InjectOptions): Promise<LightMyRequestResponse> =>
    injectBounded(t.app, { ...options, headers: { ...(actor ? bearer(actor.token) : {}), ...options.headers } });

  async function ok<T>(actor: Actor, options: InjectOptions, status = 200): Promise<T> {
    const res = await call(actor, options);
    if (res.statusCode !== status) {
      throw new Error(`${options.method} ${options.url} as ${actor.label}: ${res.statusCode} ${res.body}`);
    }
    return res.json().data as T;
  }

  // ---- Catalogue of each shop, through the merchant API ---------------------------------------

  async function makeProduct(vendor: Actor, type: 'Physical' | 'Digital', fields: Record<string, unknown> = {}) {
    const n = next();
    const { product } = await ok<{
      product: { id: number; name: string; slug: string; variations: { id: number; slug: string }[] };
    }>(
      vendor,
      {
        method: 'POST',
        url: '/api/vendor/products',
        payload: {
          name: `Private Product ${n} of ${vendor.label}`,
          type,
          variations: [{ name: type === 'Digital' ? 'PDF' : 'Each', price: 450, stock: 10_000 }],
          ...fields,
        },
      },
      201,
    );
    const variation = product.variations[0]!;
    return {
      id: product.id,
      name: product.name,
      slug: product.slug,
      variationId: variation.id,
      variationSlug: variation.slug,
    };
  }

  async function uploadDigitalFile(vendor: Actor, variationId: number) {
    const upload = await fileUpload();
    await ok(vendor, {
      method: 'POST',
      url: `/api/vendor/variations/${variationId}/digital-file`,
      headers: upload.headers,
      payload: upload.payload,
    });
  }

  const physical = {
    A: await makeProduct(actors.vendorA, 'Physical'),
    B: await makeProduct(actors.vendorB, 'Physical'),
  };
  const digital = { A: await makeProduct(actors.vendorA, 'Digital'), B: await makeProduct(actors.vendorB, 'Digital') };
  await uploadDigitalFile(actors.vendorA, digital.A.variationId);
  await uploadDigitalFile(actors.vendorB, digital.B.variationId);

  // ---- Orders -----------------------------------------------------------------------------

  interface Placed {
    invoice: string;
    orders: { id: number; items: { id: number; variation_id: number }[] }[];
  }

  async function placeOrder(customer: Actor, variationId: number, extra: Record<string, unknown> = {}) {
    const placed = await ok<Placed>(
      customer,
      {
        method: 'POST',
        url: '/api/user/order/place',
        payload: {
          order_type: 'collection',
          collection_point: COLLECTION_POINT,
          items: [{ variation_id: variationId, quantity: 1 }],
          payment_method: 'cash',
          ...extra,
        },
      },
      201,
    );
    const order = placed.orders[0]!;
    return { invoice: placed.invoice, orderId: order.id, itemId: order.items[0]!.id };
  }

  /** A cash order of the customer at the vendor's shop, moved along to delivered (a return needs it). */
  async function deliveredOrder(customer: Actor, vendor: Actor, variationId: number) {
    const order = await placeOrder(customer, variationId);
    for (const status of ['processing', 'ready', 'delivered']) {
      await ok(vendor, { method: 'PATCH', url: `/api/vendor/orders/${order.orderId}/status`, payload: { status } });
    }
    return order;
  }

  /** A paid digital line of the customer and the signed link GET user/digital-products gives for it. */
  async function digitalLine(customer: Actor, vendor: Actor, variationId: number) {
    const order = await placeOrder(customer, variationId);
    await ok(vendor, { method: 'POST', url: `/api/vendor/orders/${order.orderId}/mark-paid` });
    const listed = await ok<{ data: { order_item_id: number; download_url: string }[] }>(customer, {
      method: 'GET',
      url: '/api/user/digital-products',
    });
    const line = listed.data.find((l) => l.order_item_id === order.itemId);
    if (!line) throw new Error(`line ${order.itemId} is not listed`);
    return { ...order, query: line.download_url.split('?')[1] ?? '' };
  }

  // ---- Offers and claims -------------------------------------------------------------------

  async function makeOffer(vendor: Actor, fields: Record<string, unknown> = {}) {
    const n = next();
    const { offer } = await ok<{ offer: { id: number; title: string } }>(
      vendor,
      {
        method: 'POST',
        url: '/api/vendor-offers/vendor/offers',
        payload: {
          title: `Private Offer ${n} of ${vendor.label}`,
          description: 'Ten percent off the whole basket',
          discount_type: 'percent',
          discount_value: 10,
          starts_at: at(-HOUR),
          ends_at: at(24 * HOUR),
          ...fields,
        },
      },
      201,
    );
    return offer;
  }

  /** An offer with a picture uploaded as the merchant site sends it (multipart): the offer and its picture's URL. */
  async function makeOfferWithPicture(vendor: Actor) {
    const n = next();
    const form = new FormData();
    const fields: Record<string, string> = {
      title: `Pictured Offer ${n} of ${vendor.label}`,
      description: 'With a picture',
      discount_type: 'fixed',
      discount_value: '250',
      starts_at: at(-HOUR),
      ends_at: at(24 * HOUR),
    };
    for (const [key, value] of Object.entries(fields)) form.set(key, value);
    form.set('image', new Blob([new Uint8Array(await pngBytes())], { type: 'image/png' }), 'offer.png');
    const upload = await multipartPayload(form);
    const { offer } = await ok<{ offer: { id: number; image: string } }>(
      vendor,
      { method: 'POST', url: '/api/vendor-offers/vendor/offers', headers: upload.headers, payload: upload.payload },
      201,
    );
    return offer;
  }

  /** A product whose variation has a picture uploaded: the product and the picture's URL. */
  async function makeProductWithPicture(vendor: Actor) {
    const product = await makeProduct(vendor, 'Physical', { is_active: false });
    const upload = await imageUpload(product.variationId);
    const { images } = await ok<{ images: { url: string }[] }>(vendor, {
      method: 'POST',
      url: `/api/vendor/products/${product.id}/images`,
      headers: upload.headers,
      payload: upload.payload,
    });
    return { ...product, picture: images[0]!.url };
  }

  async function makeClaim(customer: Actor, vendor: Actor, slug: string, confirm = false) {
    const offer = await makeOffer(vendor);
    const { claim } = await ok<{ claim: { id: number; code: string } }>(
      customer,
      { method: 'POST', url: `/api/vendor-offers/vendor/${slug}/offers/${offer.id}/claim`, payload: {} },
      201,
    );
    if (confirm) {
      await ok(vendor, { method: 'POST', url: `/api/vendor-offers/vendor/claims/${claim.id}/confirm`, payload: {} });
    }
    return { ...claim, offerId: offer.id };
  }

  async function qrCodeOf(vendor: Actor) {
    const res = await call(vendor, { method: 'POST', url: '/api/vendor-offers/vendor/qr-code/generate' });
    if (res.statusCode !== 200 && res.statusCode !== 201) throw new Error(`QR generate: ${res.statusCode} ${res.body}`);
    return (res.json().data as { qr_code_id: string }).qr_code_id;
  }

  // ---- Rows, for "nothing changed" ---------------------------------------------------------

  const rows = {
    order: async (id: number) => ({
      order: await db.select().from(orders).where(eq(orders.id, id)),
      history: await db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, id)),
      items: await db.select().from(orderItems).where(eq(orderItems.orderId, id)),
    }),
    invoice: async (number: string) => {
      const invoice = await db.select().from(invoices).where(eq(invoices.number, number));
      const paymentRows = invoice[0]
        ? await db.select().from(payments).where(eq(payments.invoiceId, invoice[0].id))
        : [];
      return { invoice, payments: paymentRows };
    },
    ticket: async (id: number) => ({
      ticket: await db.select().from(supportTickets).where(eq(supportTickets.id, id)),
      messages: await db.select().from(ticketMessages).where(eq(ticketMessages.ticketId, id)),
    }),
    /** All of the user's addresses: which one is the default is part of each. */
    addressesOf: (userId: number) =>
      db.select().from(addresses).where(eq(addresses.userId, userId)).orderBy(addresses.id),
    claim: async (id: number) => {
      const claim = await db.select().from(offerClaims).where(eq(offerClaims.id, id));
      const offer = claim[0] ? await db.select().from(offers).where(eq(offers.id, claim[0].offerId)) : [];
      return { claim, offer };
    },
    product: async (id: number) => ({
      product: await db.select().from(products).where(eq(products.id, id)),
      variations: await db
        .select()
        .from(productVariations)
        .where(eq(productVariations.productId, id))
        .orderBy(productVariations.id),
    }),
    variation: (id: number) => db.select().from(productVariations).where(eq(productVariations.id, id)),
    coupon: (id: number) => db.select().from(coupons).where(eq(coupons.id, id)),
    return: async (id: number) => {
      const row = await db.select().from(orderReturns).where(eq(orderReturns.id, id));
      return {
        row,
        variation: await db.select().from(productVariations).where(eq(productVariations.id, physical.B.variationId)),
      };
    },
    offer: (id: number) => db.select().from(offers).where(eq(offers.id, id)),
    offersOfShop: (shopId: number) => db.select().from(offers).where(eq(offers.shopId, shopId)).orderBy(offers.id),
    shop: (id: number) => db.select().from(shops).where(eq(shops.id, id)),
    ticketsAboutOrder: (orderId: number) => db.select().from(supportTickets).where(eq(supportTickets.orderId, orderId)),
    returnsOfItem: (itemId: number) => db.select().from(orderReturns).where(eq(orderReturns.orderItemId, itemId)),
    review: (id: number) => db.select().from(reviews).where(eq(reviews.id, id)),
    reviewsOfItem: (itemId: number) => db.select().from(reviews).where(eq(reviews.orderItemId, itemId)),
    couponsOfShop: (shopId: number) => db.select().from(coupons).where(eq(coupons.shopId, shopId)).orderBy(coupons.id),
  };

  /** What no refused call may change anywhere: mail queued, and files written under DATA_DIR. */
  async function sideEffects() {
    const [mail] = await db.select({ n: count() }).from(mailOutbox);
    return { mail: mail?.n ?? 0, files: listFiles(t.config.dataDir) };
  }

  // ---- B's objects, fresh each time ----------------------------------------------------------

  const B = actors.customerB;
  const userIdB = customerBAccount.user.id;

  async function victim(kind: ObjectKind): Promise<Victim> {
    const n = next();
    switch (kind) {
      case 'order':
      case 'shop-order':
      case 'invoice': {
        const order = await placeOrder(B, physical.B.variationId);
        const base = { secrets: [...customerBSecrets, order.invoice], extra: { itemId: order.itemId } };
        if (kind === 'invoice') return { ...base, id: order.invoice, snapshot: () => rows.invoice(order.invoice) };
        return { ...base, id: String(order.orderId), snapshot: () => rows.order(order.orderId) };
      }
      case 'ticket':
      case 'shop-ticket': {
        const order = kind === 'shop-ticket' ? await placeOrder(B, physical.B.variationId) : null;
        const subject = `Quillfeather private question ${n}`;
        const { ticket } = await ok<{ ticket: { id: number } }>(
          B,
          {
            method: 'POST',
            url: '/api/user/support-ticket',
            payload: { subject, message: `Private message ${n} about my parcel`, order_id: order?.orderId ?? null },
          },
          201,
        );
        return {
          id: String(ticket.id),
          secrets: [...customerBSecrets, subject, ...(order ? [order.invoice] : [])],
          snapshot: () => rows.ticket(ticket.id),
          extra: {},
        };
      }
      case 'address': {
        const line1 = `${n} Quillfeather Mews`;
        const address = await ok<{ id: number }>(
          B,
          {
            method: 'POST',
            url: '/api/user/address',
            payload: { name: 'Beatrix Quillfeather', phone: '07700900123', line1, city: 'London', postcode: 'E2 6DG' },
          },
          201,
        );
        return {
          id: String(address.id),
          secrets: [...customerBSecrets, line1],
          snapshot: () => rows.addressesOf(userIdB),
          extra: {},
        };
      }
      case 'claim':
      case 'shop-claim': {
        const claim = await makeClaim(B, actors.vendorB, shopB.slug);
        return {
          id: String(claim.id),
          secrets: [...customerBSecrets, claim.code],
          snapshot: () => rows.claim(claim.id),
          extra: { offerId: claim.offerId },
        };
      }
      case 'download': {
        const line = await digitalLine(B, actors.vendorB, digital.B.variationId);
        return {
          id: String(line.itemId),
          secrets: [...customerBSecrets, line.invoice],
          snapshot: () => rows.order(line.orderId),
          // The only way in is a signed link: the attacker's own, with B's line put in its path.
          query: (actor) => (actor === B ? line.query : (ownLinks.get(actor) ?? '')),
          extra: {},
        };
      }
      case 'product': {
        const product = await makeProduct(actors.vendorB, 'Physical', { is_active: false });
        return {
          id: String(product.id),
          secrets: [product.name],
          snapshot: () => rows.product(product.id),
          extra: { variationId: product.variationId },
        };
      }
      case 'variation': {
        // Digital with a file, so that the owner's file calls (replace, remove) have one to act on.
        const product = await makeProduct(actors.vendorB, 'Digital', { is_active: false });
        await uploadDigitalFile(actors.vendorB, product.variationId);
        return {
          id: String(product.variationId),
          secrets: [product.name],
          snapshot: () => rows.variation(product.variationId),
          extra: { productId: product.id },
        };
      }
      case 'coupon': {
        const code = `QUILLSECRET${n}`;
        const { coupon } = await ok<{ coupon: { id: number } }>(
          actors.vendorB,
          { method: 'POST', url: '/api/vendor/coupons', payload: { code, type: 'percent', value: 15 } },
          201,
        );
        return { id: String(coupon.id), secrets: [code], snapshot: () => rows.coupon(coupon.id), extra: {} };
      }
      case 'return': {
        const order = await deliveredOrder(B, actors.vendorB, physical.B.variationId);
        const reason = `Quillfeather private reason ${n}`;
        const created = await ok<{ return: { id: number } }>(
          B,
          {
            method: 'POST',
            url: '/api/user/order-return',
            payload: { order_item_id: order.itemId, quantity: 1, reason },
          },
          201,
        );
        return {
          id: String(created.return.id),
          secrets: [...customerBSecrets, reason, order.invoice],
          snapshot: () => rows.return(created.return.id),
          extra: {},
        };
      }
      case 'review': {
        const order = await deliveredOrder(B, actors.vendorB, physical.B.variationId);
        const body = `Quillfeather private review ${n}`;
        const created = await ok<{ id: number }>(
          B,
          { method: 'POST', url: '/api/user/reviews', payload: { order_item_id: order.itemId, rating: 4, body } },
          201,
        );
        return {
          id: String(created.id),
          secrets: [...customerBSecrets, order.invoice],
          snapshot: () => rows.review(created.id),
          extra: { itemId: order.itemId },
        };
      }
      case 'offer': {
        // Switched off: nobody but its shop may see it.
        const offer = await makeOffer(actors.vendorB, { is_active: false });
        return { id: String(offer.id), secrets: [offer.title], snapshot: () => rows.offer(offer.id), extra: {} };
      }
      case 'session': {
        // B signed in on another device: a session of B's own, which only B may end.
        const signedIn = await t.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: customerBAccount.email, password: customerBAccount.password },
          remoteAddress: '10.251.0.2',
        });
        if (signedIn.statusCode !== 200) throw new Error(`B's sign-in failed: ${signedIn.body}`);
        const [row] = await db
          .select({ id: authTokens.id })
          .from(authTokens)
          .where(eq(authTokens.userId, userIdB))
          .orderBy(desc(authTokens.id))
          .limit(1);
        if (!row) throw new Error('no session of B');
        return {
          id: String(row.id),
          secrets: [...customerBSecrets],
          snapshot: () => db.select().from(authTokens).where(eq(authTokens.id, row.id)),
          extra: {},
        };
      }
      case 'qr-code': {
        const code = await qrCodeOf(actors.vendorB);
        return { id: code, secrets: [code], snapshot: () => rows.shop(shopB.id), extra: {} };
      }
    }
  }

  /** Each caller's own signed link (to a line of their own), for the download attack. */
  const ownLinks = new Map<Actor, string>();
  ownLinks.set(actors.customerA, (await digitalLine(actors.customerA, actors.vendorA, digital.A.variationId)).query);

  return {
    actors,
    shopA,
    shopB,
    customerBSecrets,
    userIdB,
    physical,
    digital,
    call,
    ok,
    victim,
    placeOrder,
    deliveredOrder,
    makeClaim,
    makeOffer,
    makeOfferWithPicture,
    makeProduct,
    makeProductWithPicture,
    qrCodeOf,
    rows,
    sideEffects,
  };
}

export type TwoOwners = Awaited<ReturnType<typeof twoOwners>>;

/** Every file under a folder, relative paths sorted. */
function listFiles(root: string): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else found.push(path.relative(root, full));
    }
  };
  walk(root);
  return found.sort();
}
