import { mkdtempSync, rmSync } from 'node:fs';
import { readFile, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import { productVariations } from '../../maintenance/schema';
import { demoDigitalPurchase } from '../../maintenance/seed/demo-orders';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { COLLECTION_POINT } from '../../test/checkout-fixtures';
import { signUpAs } from '../../test/manage-fixtures';
import { bearer, multipartPayload, signUp } from '../../test/test-support';
import { refreshProductListings } from '../catalog';
import {
  attachmentDisposition,
  checkDownloadLink,
  downloadPath,
  loadDownloadLinkSecret,
  SECRET_FILE_NAME,
  signDownloadLink,
} from './download-links';

/**
 * Issue 12's digital downloads: GET /user/digital-products lists the digital lines of the
 * caller's paid, not cancelled orders with short-lived signed links, and GET /downloads/{line}
 * serves the file to whoever holds a good link, checking the order again at download time.
 * Everything is bought, paid and cancelled through the real API; the app keeps its link secret
 * in DATA_DIR (no DOWNLOAD_LINK_SECRET), which the tests read to forge links of their own.
 */
let t: TestApp;
let secret: Buffer;
let vendor: { token: string; shopId: number | null };
let alice: Awaited<ReturnType<typeof signUp>>;
let bob: Awaited<ReturnType<typeof signUp>>;
let cookbook: { id: number; productId: number };
let physical: { id: number };
let noFile: { id: number; productId: number };

/** The file the merchant uploads: a small PDF, named with characters a header cannot carry as they are. */
const FILE_NAME = 'Recettes d’été (2e).pdf';
const fileBytes = Buffer.from(
  `%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\n% ${'curry '.repeat(40)}\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n`,
  'latin1',
);

interface Listed {
  order_id: number;
  order_item_id: number;
  product: { name: string; slug: string };
  variation: { name: string; slug: string };
  shop: { id: number; name: string; slug: string };
  file: { name: string; size: number | null };
  purchased_at: string;
  download_url: string;
  expires_at: string;
}

const as = (token: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload !== undefined ? { payload } : {}) });

async function product(name: string, type: 'Digital' | 'Physical') {
  const res = await as(vendor.token, 'POST', '/api/vendor/products', {
    name,
    type,
    variations: [
      { name: type === 'Digital' ? 'PDF' : 'Each', price: 450, ...(type === 'Physical' ? { stock: 50 } : {}) },
    ],
  });
  expect(res.statusCode, res.body).toBe(201);
  const created = res.json().data.product as { id: number; variations: { id: number }[] };
  return { id: created.variations[0]!.id, productId: created.id };
}

async function uploadFile(variationId: number, bytes: Buffer, name: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  const body = await multipartPayload(form);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/vendor/variations/${variationId}/digital-file`,
    headers: { ...bearer(vendor.token), ...body.headers },
    payload: body.payload,
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** A cash checkout of these variations (one each) through place-order; its order and line ids. */
/**
 * `noFile`'s variation with or without a file, written directly, as an order placed before a
 * digital variation needed its file to be sold (decision 018) left it: it is bought while it has
 * one, and loses it after the sale.
 */
async function setNoFileFile(file: string | null) {
  await t.database.db
    .update(productVariations)
    .set({ digitalFile: file, digitalFileName: file === null ? null : 'coming-soon.pdf' })
    .where(eq(productVariations.id, noFile.id));
  await refreshProductListings(t.database.db, { productIds: [noFile.productId] });
}

async function buy(token: string, variationIds: number[]) {
  const withNoFile = variationIds.includes(noFile.id);
  if (withNoFile) await setNoFileFile('digital/coming-soon.pdf');
  try {
    return await buyNow(token, variationIds);
  } finally {
    if (withNoFile) await setNoFileFile(null);
  }
}

async function buyNow(token: string, variationIds: number[]) {
  const res = await as(token, 'POST', '/api/user/order/place', {
    order_type: 'collection',
    collection_point: COLLECTION_POINT,
    items: variationIds.map((id) => ({ variation_id: id, quantity: 1 })),
    payment_method: 'cash',
  });
  expect(res.statusCode, res.body).toBe(201);
  const order = res.json().data.orders[0] as { id: number; items: { id: number; variation_id: number }[] };
  const lineOf = (variationId: number) => order.items.find((i) => i.variation_id === variationId)!.id;
  return { orderId: order.id, lineOf };
}

const markPaid = async (orderId: number) =>
  expect((await as(vendor.token, 'POST', `/api/vendor/orders/${orderId}/mark-paid`)).statusCode).toBe(200);
const cancel = async (orderId: number) =>
  expect(
    (await as(vendor.token, 'PATCH', `/api/vendor/orders/${orderId}/status`, { status: 'cancelled' })).statusCode,
  ).toBe(200);

async function listed(token: string, page?: number) {
  const res = await as(token, 'GET', `/api/user/digital-products${page ? `?page=${page}` : ''}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as {
    data: Listed[];
    current_page: number;
    last_page: number;
    per_page: number;
    total: number;
  };
}

/** A browser following a link: no Authorization header. */
const follow = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

/** A link the server would make, signed with the app's own secret, for any line, user and expiry. */
const forged = (orderItemId: number, userId: number, expires = Math.floor(Date.now() / 1000) + 300) => {
  const target = { orderItemId, userId, expires };
  return downloadPath(target, signDownloadLink(secret, target));
};

beforeAll(async () => {
  // Seeded: checkout needs the demo's collection points, and the demo customer has an order too.
  t = await buildTestApp({ seed: true });
  secret = await loadDownloadLinkSecret(t.config);
  vendor = await signUpAs(t.app, t.database, 'vendor');
  alice = await signUp(t.app, { name: 'Alice Able' });
  bob = await signUp(t.app, { name: 'Bob Baker' });
  cookbook = await product('Bengali Kitchen Cookbook', 'Digital');
  await uploadFile(cookbook.id, fileBytes, FILE_NAME);
  physical = await product('Printed Tea Towel', 'Physical');
  noFile = await product('Coming Soon Guide', 'Digital');
}, 120_000);
afterAll(async () => t?.close());
afterEach(() => vi.useRealTimers());

describe('GET /api/user/digital-products', () => {
  it("lists only the caller's paid, not cancelled digital lines that have a file, newest first", async () => {
    const customer = await signUp(t.app, { name: 'Lister' });
    expect((await listed(customer.token)).data).toEqual([]);

    // Unpaid: nothing yet.
    const first = await buy(customer.token, [cookbook.id]);
    expect((await listed(customer.token)).total).toBe(0);
    await markPaid(first.orderId);
    const one = await listed(customer.token);
    expect(one).toMatchObject({ current_page: 1, last_page: 1, per_page: 10, total: 1 });
    const item = one.data[0]!;
    expect(item).toMatchObject({
      order_id: first.orderId,
      order_item_id: first.lineOf(cookbook.id),
      product: { name: 'Bengali Kitchen Cookbook', slug: 'bengali-kitchen-cookbook' },
      variation: { name: 'PDF', slug: 'pdf' },
      shop: { id: vendor.shopId },
      file: { name: FILE_NAME, size: fileBytes.length },
    });
    expect(item.download_url).toMatch(
      new RegExp(
        `^/api/downloads/${item.order_item_id}\\?user=${customer.user.id}&expires=\\d+&signature=[0-9a-f]{64}$`,
      ),
    );
    // Ten minutes by default.
    const lifetime = Date.parse(item.expires_at) - Date.now();
    expect(lifetime).toBeGreaterThan(590_000);
    expect(lifetime).toBeLessThanOrEqual(600_000);
    expect(Date.parse(item.purchased_at)).toBeLessThanOrEqual(Date.now());

    // A second checkout: its digital line comes first, the physical and the file-less lines never.
    const second = await buy(customer.token, [physical.id, cookbook.id, noFile.id]);
    await markPaid(second.orderId);
    // A third, paid and then cancelled: gone.
    const third = await buy(customer.token, [cookbook.id]);
    await markPaid(third.orderId);
    await cancel(third.orderId);
    // Someone else's paid line is theirs alone.
    const others = await buy(bob.token, [cookbook.id]);
    await markPaid(others.orderId);

    const two = await listed(customer.token);
    expect(two.total).toBe(2);
    expect(two.data.map((d) => d.order_item_id)).toEqual([second.lineOf(cookbook.id), first.lineOf(cookbook.id)]);
    expect((await listed(bob.token)).data.map((d) => d.order_item_id)).toEqual([others.lineOf(cookbook.id)]);
  });

  it('pages ten lines at a time', async () => {
    const customer = await signUp(t.app, { name: 'Collector' });
    const lines: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      const bought = await buy(customer.token, [cookbook.id]);
      await markPaid(bought.orderId);
      lines.push(bought.lineOf(cookbook.id));
    }
    const newestFirst = [...lines].reverse();
    const page1 = await listed(customer.token);
    expect(page1).toMatchObject({ current_page: 1, last_page: 2, per_page: 10, total: 11 });
    expect(page1.data.map((d) => d.order_item_id)).toEqual(newestFirst.slice(0, 10));
    const page2 = await listed(customer.token, 2);
    expect(page2).toMatchObject({ current_page: 2, last_page: 2, total: 11 });
    expect(page2.data.map((d) => d.order_item_id)).toEqual(newestFirst.slice(10));
  });

  it('answers 401 without a token and 422 for a bad page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/user/digital-products' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ status: false, code: 'unauthenticated' });
    const bad = await as(alice.token, 'GET', '/api/user/digital-products?page=0');
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toMatchObject({ status: false, code: 'validation_failed' });
  });
});

describe('GET /api/downloads/{order_item_id}', () => {
  let aliceLink: Listed;
  let aliceOtherLine: number;

  beforeAll(async () => {
    const bought = await buy(alice.token, [cookbook.id]);
    await markPaid(bought.orderId);
    const again = await buy(alice.token, [cookbook.id]);
    await markPaid(again.orderId);
    aliceOtherLine = again.lineOf(cookbook.id);
    aliceLink = (await listed(alice.token)).data.find((d) => d.order_item_id === bought.lineOf(cookbook.id))!;
  });

  it('serves the exact bytes as an attachment, unencoded, never cached, to a request without a token', async () => {
    const res = await follow(aliceLink.download_url, { 'accept-encoding': 'br, gzip' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.rawPayload.equals(fileBytes)).toBe(true);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-length']).toBe(String(fileBytes.length));
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Recettes d__t_ (2e).pdf"; filename*=UTF-8''Recettes%20d%E2%80%99%C3%A9t%C3%A9%20%282e%29.pdf`,
    );
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('sends a stored name with a right-to-left override without it, under the extension of its type (issue 22)', async () => {
    // A row written before names were cleaned at upload: shown as "ﬁfdp.exe" reversed, saved as .exe.
    await t.database.db
      .update(productVariations)
      .set({ digitalFileName: 'ﬁ\u202Efdp.exe' })
      .where(eq(productVariations.id, cookbook.id));
    try {
      const link = (await listed(alice.token)).data.find((d) => d.order_item_id === aliceLink.order_item_id)!;
      const res = await follow(link.download_url);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="_fdp.pdf"; filename*=UTF-8''%EF%AC%81fdp.pdf`,
      );
    } finally {
      await t.database.db
        .update(productVariations)
        .set({ digitalFileName: FILE_NAME })
        .where(eq(productVariations.id, cookbook.id));
    }
  });

  it('refuses a link past its expiry with 403 download_link_expired', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.parse(aliceLink.expires_at) + 1000);
    const res = await follow(aliceLink.download_url);
    vi.useRealTimers();
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ status: false, code: 'download_link_expired', errors: {} });

    const old = forged(aliceLink.order_item_id, alice.user.id, Math.floor(Date.now() / 1000) - 1);
    expect((await follow(old)).json()).toMatchObject({ status: false, code: 'download_link_expired' });
    // The same link is fine until then.
    expect((await follow(aliceLink.download_url)).statusCode).toBe(200);
  });

  it('refuses a changed signature, user, line or expiry, and a malformed link, with 403 download_link_invalid', async () => {
    const url = new URL(aliceLink.download_url, 'http://parade.test');
    const signature = url.searchParams.get('signature')!;
    const variant = (change: (u: URL) => void) => {
      const copy = new URL(url);
      change(copy);
      return `${copy.pathname}${copy.search}`;
    };
    const flipped = `${signature.slice(0, -1)}${signature.endsWith('0') ? '1' : '0'}`;
    const tampered = [
      variant((u) => u.searchParams.set('signature', flipped)),
      variant((u) => u.searchParams.set('signature', signature.toUpperCase())),
      variant((u) => u.searchParams.set('user', String(bob.user.id))),
      variant((u) => {
        u.pathname = `/api/downloads/${aliceOtherLine}`;
      }),
      variant((u) => u.searchParams.set('expires', String(Number(u.searchParams.get('expires')) + 3600))),
      variant((u) => u.searchParams.delete('signature')),
      variant((u) => u.searchParams.delete('user')),
      variant((u) => u.searchParams.set('expires', 'soon')),
      variant((u) => u.searchParams.append('user', String(alice.user.id))),
      variant((u) => u.searchParams.set('signature', signature.repeat(4))),
      variant((u) => {
        u.pathname = '/api/downloads/abc';
      }),
      variant((u) => {
        u.pathname = '/api/downloads/0';
      }),
      variant((u) => {
        u.pathname = `/api/downloads/${'9'.repeat(40)}`;
      }),
      // Signed by anyone but us.
      downloadPath(
        { orderItemId: aliceLink.order_item_id, userId: alice.user.id, expires: Math.floor(Date.now() / 1000) + 300 },
        signDownloadLink(Buffer.from('not the server secret, just a guess at one'), {
          orderItemId: aliceLink.order_item_id,
          userId: alice.user.id,
          expires: Math.floor(Date.now() / 1000) + 300,
        }),
      ),
    ];
    for (const link of tampered) {
      const res = await follow(link);
      expect(res.statusCode, link).toBe(403);
      expect(res.json(), link).toMatchObject({ status: false, code: 'download_link_invalid', errors: {} });
    }
  });

  it("answers 404 for another user's line, an unpaid order's line or a line without a file, even when signed", async () => {
    const unpaid = await buy(bob.token, [cookbook.id]);
    const paid = await buy(bob.token, [cookbook.id, physical.id, noFile.id]);
    await markPaid(paid.orderId);
    const cases = [
      // Alice's own line, signed for Bob: not his.
      forged(aliceLink.order_item_id, bob.user.id),
      // Bob's unpaid line, signed for Bob.
      forged(unpaid.lineOf(cookbook.id), bob.user.id),
      // Bob's paid lines without a file: physical, and digital with none uploaded.
      forged(paid.lineOf(physical.id), bob.user.id),
      forged(paid.lineOf(noFile.id), bob.user.id),
      // No such line.
      forged(2_000_000_000, bob.user.id),
    ];
    for (const link of cases) {
      const res = await follow(link);
      expect(res.statusCode, link).toBe(404);
      expect(res.json(), link).toMatchObject({ status: false, code: 'download_not_found' });
    }
    // Bob's paid digital line does download.
    expect((await follow(forged(paid.lineOf(cookbook.id), bob.user.id))).statusCode).toBe(200);
  });

  it('stops working as soon as its order is cancelled, even within its ten minutes', async () => {
    const bought = await buy(bob.token, [cookbook.id]);
    await markPaid(bought.orderId);
    const link = (await listed(bob.token)).data.find((d) => d.order_item_id === bought.lineOf(cookbook.id))!;
    expect((await follow(link.download_url)).statusCode).toBe(200);
    await cancel(bought.orderId);
    const res = await follow(link.download_url);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ status: false, code: 'download_not_found' });
    expect((await listed(bob.token)).data.some((d) => d.order_id === bought.orderId)).toBe(false);
  });

  it('keeps a bought file: its removal and the deletion of its variation or product are refused, and a replacement is served', async () => {
    const guide = await product('Spice Blending Guide', 'Digital');
    await uploadFile(guide.id, fileBytes, 'guide.pdf');
    const customer = await signUp(t.app, { name: 'Keeper' });
    const bought = await buy(customer.token, [guide.id]);
    await markPaid(bought.orderId);
    const link = (await listed(customer.token)).data[0]!;
    const replacement = Buffer.concat([fileBytes, Buffer.from('% second edition\n', 'latin1')]);
    await uploadFile(guide.id, replacement, 'guide-2nd.pdf');
    const newer = await follow(link.download_url);
    expect(newer.rawPayload.equals(replacement)).toBe(true);
    expect(newer.headers['content-disposition']).toContain('filename="guide-2nd.pdf"');

    const vendorDelete = (url: string) => t.app.inject({ method: 'DELETE', url, headers: bearer(vendor.token) });
    for (const url of [
      `/api/vendor/variations/${guide.id}/digital-file`,
      `/api/vendor/variations/${guide.id}`,
      `/api/vendor/products/${guide.productId}`,
    ]) {
      const refused = await vendorDelete(url);
      expect(refused.statusCode, url).toBe(409);
      expect(refused.json()).toMatchObject({ status: false, code: 'digital_product_sold' });
    }
    expect((await listed(customer.token)).total).toBe(1);
    expect((await follow(link.download_url)).rawPayload.equals(replacement)).toBe(true);

    // Once nobody holds it (the order cancelled), the file, the variation and the product may go.
    await cancel(bought.orderId);
    for (const url of [`/api/vendor/variations/${guide.id}/digital-file`, `/api/vendor/products/${guide.productId}`]) {
      const res = await vendorDelete(url);
      expect(res.statusCode, `${url} ${res.body}`).toBe(200);
    }
  });

  it('gives the demo customer the e-book of the demo order', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'customer@parade.test', password: 'parade-customer-2026' },
    });
    const token = login.json().data.access_token as string;
    const list = await listed(token);
    expect(list.total).toBe(1);
    const item = list.data[0]!;
    expect(item).toMatchObject({
      product: { name: demoDigitalPurchase.productName },
      shop: { slug: demoDigitalPurchase.shopSlug },
      file: { name: expect.stringMatching(/\.pdf$/) },
    });
    const res = await follow(item.download_url);
    expect(res.statusCode).toBe(200);
    const stored = await readFile(path.join(t.config.dataDir, 'digital', item.file.name));
    expect(res.rawPayload.equals(stored)).toBe(true);
    expect(stored.length).toBe(item.file.size);

    // The order is a paid, delivered card order, and its points are in the ledger.
    const order = await as(token, 'GET', `/api/user/order/${item.order_id}`);
    expect(order.json().data.order).toMatchObject({
      status: 'delivered',
      payment_status: 'paid',
      payment_method: 'card',
      shipping_charge: 0,
    });
    const history = await as(token, 'GET', '/api/user/reward-points/history');
    expect(history.json().data.data).toContainEqual(
      expect.objectContaining({
        reason: 'order_delivered',
        order_id: item.order_id,
        shop: expect.objectContaining({ slug: demoDigitalPurchase.shopSlug }),
      }),
    );
  });
});

describe('download links', () => {
  it('keep a generated secret in DATA_DIR, readable by the owner only, the same across restarts and racing starts', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'parade-secret-'));
    try {
      const config = { dataDir, downloadLinks: {} };
      const racing = await Promise.all([1, 2, 3, 4].map(() => loadDownloadLinkSecret(config)));
      const file = path.join(dataDir, SECRET_FILE_NAME);
      expect((await stat(file)).mode & 0o777).toBe(0o600);
      expect((await readFile(file, 'utf8')).trim()).toMatch(/^[0-9a-f]{64}$/);
      for (const key of racing) expect(key.equals(racing[0]!)).toBe(true);
      // After a restart: the same key, so links handed out before it still check.
      const again = await loadDownloadLinkSecret(config);
      expect(again.equals(racing[0]!)).toBe(true);
      const link = { orderItemId: 5, userId: 7, expires: 2_000_000_000 };
      const signature = signDownloadLink(racing[0]!, link);
      expect(
        checkDownloadLink(again, { orderItemId: '5', user: '7', expires: '2000000000', signature }, Date.now()),
      ).toEqual({ ok: true, link });

      // A damaged file is never signed with.
      await writeFile(file, 'short\n');
      await expect(loadDownloadLinkSecret(config)).rejects.toThrow(/download-link secret/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('use DOWNLOAD_LINK_SECRET when it is set, and nothing is written', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'parade-secret-'));
    try {
      const configured = 'a-configured-secret-of-at-least-32-chars';
      const key = await loadDownloadLinkSecret({ dataDir, downloadLinks: { secret: configured } });
      expect(key.equals(Buffer.from(configured))).toBe(true);
      await expect(stat(path.join(dataDir, SECRET_FILE_NAME))).rejects.toThrow();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('are configured by DOWNLOAD_LINK_SECRET (32 characters or more) and DOWNLOAD_LINK_TTL_SECONDS (default 600)', () => {
    expect(loadConfig({}).downloadLinks).toEqual({ secret: undefined, ttlSeconds: 600 });
    expect(
      loadConfig({ DOWNLOAD_LINK_SECRET: 'x'.repeat(32), DOWNLOAD_LINK_TTL_SECONDS: '120' }).downloadLinks,
    ).toEqual({ secret: 'x'.repeat(32), ttlSeconds: 120 });
    expect(() => loadConfig({ DOWNLOAD_LINK_SECRET: 'too-short' })).toThrow(ConfigError);
    expect(() => loadConfig({ DOWNLOAD_LINK_TTL_SECONDS: '5' })).toThrow(ConfigError);
  });

  it('name the file for any browser: ASCII fallback and the exact UTF-8 name', () => {
    expect(attachmentDisposition('plain.pdf')).toBe(`attachment; filename="plain.pdf"; filename*=UTF-8''plain.pdf`);
    expect(attachmentDisposition('say "hi"\\.pdf')).toBe(
      `attachment; filename="say _hi__.pdf"; filename*=UTF-8''say%20%22hi%22%5C.pdf`,
    );
    expect(attachmentDisposition('line\r\nbreak.pdf')).toBe(
      `attachment; filename="line__break.pdf"; filename*=UTF-8''line%0D%0Abreak.pdf`,
    );
  });
});
