import { and, eq, sql } from 'drizzle-orm';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offerClaims, offers, qrScans, shops } from '../../maintenance/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { signUpAs } from '../../test/manage-fixtures';
import { bearer, signUp } from '../../test/test-support';

/**
 * The shop's QR code through the real routes: generate (idempotent, also at once), regenerate
 * (the old code stops working everywhere at once), the PNG (decoded back to the my-offer URL),
 * the public validate and my-offer (scans recorded and their counting limit), a code never
 * unlocking another shop, the stats against counts taken from the data, and who may call.
 */

let t: TestApp;
type Vendor = Awaited<ReturnType<typeof signUpAs>> & { shopId: number };
let shopA: Vendor;
let shopB: Vendor;
let customer: Awaited<ReturnType<typeof signUp>>;
let slugA: string;
let qrOnlyOffer: number;
let plainOffer: number;
let offerB: number;
let addressCounter = 0;

/** A fresh client address per public call, clear of the per-address scan counting unless a test wants it. */
const freshAddress = () => `10.77.${Math.floor(addressCounter / 250) % 250}.${(addressCounter++ % 250) + 1}`;

const BASE = '/api/vendor-offers';

function vendorCall(token: string, method: 'GET' | 'POST', path: string) {
  return t.app.inject({ method, url: `${BASE}/${path}`, headers: bearer(token) });
}

function myOffer(slug: string, code: string, options: { token?: string; address?: string; offer?: number } = {}) {
  const query = new URLSearchParams({ qr: code });
  if (options.offer !== undefined) query.set('offer', String(options.offer));
  return t.app.inject({
    method: 'GET',
    url: `${BASE}/vendor/${slug}/my-offer?${query}`,
    remoteAddress: options.address ?? freshAddress(),
    headers: options.token ? bearer(options.token) : {},
  });
}

const validate = (code: string) =>
  t.app.inject({ method: 'GET', url: `${BASE}/qr-code/validate/${code}`, remoteAddress: freshAddress() });

/** The URL inside a PNG, read the way a phone's camera would. */
function decodePng(body: Buffer): string | null {
  const image = PNG.sync.read(body);
  return jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data ?? null;
}

async function makeOffer(shopId: number, values: { qrOnly?: boolean; title?: string } = {}): Promise<number> {
  const [row] = await t.database.db
    .insert(offers)
    .values({
      shopId,
      title: values.title ?? 'Ten per cent off',
      description: 'Show this at the till.',
      discountType: 'percent',
      discountValue: 10,
      startsAt: new Date(Date.now() - 86_400_000),
      endsAt: new Date(Date.now() + 30 * 86_400_000),
      qrOnly: values.qrOnly ?? false,
    })
    .returning({ id: offers.id });
  if (!row) throw new Error('no offer');
  return row.id;
}

async function liveCode(shopId: number): Promise<string | null> {
  const [row] = await t.database.db.select({ code: shops.qrCodeId }).from(shops).where(eq(shops.id, shopId));
  return row?.code ?? null;
}

async function scanCount(shopId: number): Promise<number> {
  const [row] = await t.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(qrScans)
    .where(eq(qrScans.shopId, shopId));
  return Number(row?.n ?? 0);
}

beforeAll(async () => {
  t = await buildTestApp();
  shopA = (await signUpAs(t.app, t.database, 'vendor')) as Vendor;
  shopB = (await signUpAs(t.app, t.database, 'vendor')) as Vendor;
  customer = await signUp(t.app);
  const [a] = await t.database.db.select({ slug: shops.slug }).from(shops).where(eq(shops.id, shopA.shopId));
  slugA = a?.slug ?? '';
  qrOnlyOffer = await makeOffer(shopA.shopId, { qrOnly: true, title: 'Counter only: free coffee' });
  plainOffer = await makeOffer(shopA.shopId, { title: 'Ten per cent off' });
  offerB = await makeOffer(shopB.shopId);
}, 60_000);
afterAll(async () => t?.close());

describe('generate', () => {
  it('answers nulls before there is a code, then makes one (201) and gives the same one again (200)', async () => {
    const before = await vendorCall(shopA.token, 'GET', 'vendor/qr-code/info');
    expect(before.statusCode).toBe(200);
    expect(before.json().data).toEqual({ qr_code_id: null, qr_code_url: null, download_url: null, generated_at: null });

    const first = await vendorCall(shopA.token, 'POST', 'vendor/qr-code/generate');
    expect(first.statusCode, first.body).toBe(201);
    const made = first.json().data;
    // 128 random bits, base64url: 22 characters safe in a URL.
    expect(made.qr_code_id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(made.qr_code_url).toBe(`${t.config.publicUrl}/vendor/${slugA}/my-offer?qr=${made.qr_code_id}`);
    expect(made.download_url).toBe(`${BASE}/vendor/qr-code/download/${made.qr_code_id}`);
    expect(Number.isNaN(Date.parse(made.generated_at))).toBe(false);
    expect(await liveCode(shopA.shopId)).toBe(made.qr_code_id);

    const again = await vendorCall(shopA.token, 'POST', 'vendor/qr-code/generate');
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual(made);
    const info = await vendorCall(shopA.token, 'GET', 'vendor/qr-code/info');
    expect(info.json().data).toEqual(made);
  });

  it('makes exactly one code when asked several times at once', async () => {
    const vendor = (await signUpAs(t.app, t.database, 'vendor')) as Vendor;
    const replies = await Promise.all(
      Array.from({ length: 6 }, () => vendorCall(vendor.token, 'POST', 'vendor/qr-code/generate')),
    );
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 201]);
    const codes = new Set(replies.map((r) => r.json().data.qr_code_id));
    expect(codes.size).toBe(1);
    expect(await liveCode(vendor.shopId)).toBe([...codes][0]);
  });

  it('gives every shop its own unguessable code', async () => {
    const b = await vendorCall(shopB.token, 'POST', 'vendor/qr-code/generate');
    expect(b.statusCode).toBe(201);
    expect(b.json().data.qr_code_id).not.toBe(await liveCode(shopA.shopId));
  });
});

describe('the PNG', () => {
  it('is a real PNG attachment that a camera reads as the absolute my-offer URL', async () => {
    const info = (await vendorCall(shopA.token, 'GET', 'vendor/qr-code/info')).json().data;
    const res = await t.app.inject({ method: 'GET', url: info.download_url, headers: bearer(shopA.token) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${slugA}-qr.png"`);
    expect(res.rawPayload.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    const url = decodePng(res.rawPayload);
    expect(url).toBe(info.qr_code_url);
    expect(url).toBe(`${t.config.publicUrl}/vendor/${slugA}/my-offer?qr=${info.qr_code_id}`);
  });

  it("answers 404 for another shop's live code and for a made-up id", async () => {
    const codeB = await liveCode(shopB.shopId);
    for (const id of [codeB, 'AAAAAAAAAAAAAAAAAAAAAA']) {
      const res = await vendorCall(shopA.token, 'GET', `vendor/qr-code/download/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('qr_code_not_found');
    }
  });
});

describe('validate and my-offer', () => {
  it("validates the live code with the shop's name and slug, and 404s an unknown one", async () => {
    const code = (await liveCode(shopA.shopId)) ?? '';
    const ok = await validate(code);
    expect(ok.statusCode).toBe(200);
    const [shop] = await t.database.db.select().from(shops).where(eq(shops.id, shopA.shopId));
    expect(ok.json().data).toEqual({ valid: true, vendor: { name: shop?.name, slug: slugA } });
    for (const bad of ['AAAAAAAAAAAAAAAAAAAAAA', 'x', '%20']) {
      const res = await validate(bad);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('qr_code_invalid');
    }
  });

  it('opens the shop with its live offers, QR-only ones included, and records the scan', async () => {
    const code = (await liveCode(shopA.shopId)) ?? '';
    const before = await scanCount(shopA.shopId);
    const res = await myOffer(slugA, code);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.vendor.slug).toBe(slugA);
    const ids = data.offers.map((o: { id: number }) => o.id);
    expect(ids).toContain(qrOnlyOffer);
    expect(ids).toContain(plainOffer);
    expect(ids).not.toContain(offerB);
    expect(await scanCount(shopA.shopId)).toBe(before + 1);
    const [scan] = await t.database.db
      .select()
      .from(qrScans)
      .where(eq(qrScans.shopId, shopA.shopId))
      .orderBy(sql`${qrScans.id} desc`)
      .limit(1);
    expect(scan).toMatchObject({ qrCodeId: code, userId: null, offerId: null });
  });

  it('records the signed-in customer and the offer of a per-offer code; a dead token is a guest', async () => {
    const code = (await liveCode(shopA.shopId)) ?? '';
    expect((await myOffer(slugA, code, { token: customer.token, offer: plainOffer })).statusCode).toBe(200);
    const [scan] = await t.database.db
      .select()
      .from(qrScans)
      .where(eq(qrScans.shopId, shopA.shopId))
      .orderBy(sql`${qrScans.id} desc`)
      .limit(1);
    expect(scan).toMatchObject({ userId: customer.user.id, offerId: plainOffer });

    // Another shop's offer is not recorded against this shop's scan.
    expect((await myOffer(slugA, code, { token: 'x'.repeat(43), offer: offerB })).statusCode).toBe(200);
    const [guest] = await t.database.db
      .select()
      .from(qrScans)
      .where(eq(qrScans.shopId, shopA.shopId))
      .orderBy(sql`${qrScans.id} desc`)
      .limit(1);
    expect(guest).toMatchObject({ userId: null, offerId: null });
  });

  it("never unlocks a shop with another shop's code (and records nothing)", async () => {
    const codeB = (await liveCode(shopB.shopId)) ?? '';
    const before = await scanCount(shopA.shopId);
    const res = await myOffer(slugA, codeB);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('qr_code_invalid');
    const unknownShop = await myOffer('no-such-shop', codeB);
    expect(unknownShop.statusCode).toBe(404);
    expect(unknownShop.json().code).toBe('shop_not_found');
    expect(await scanCount(shopA.shopId)).toBe(before);
  });

  it('counts at most 20 scans an hour per shop and address, while the page keeps answering', async () => {
    const code = (await liveCode(shopA.shopId)) ?? '';
    const address = '10.78.0.1';
    const before = await scanCount(shopA.shopId);
    for (let i = 0; i < 23; i++) expect((await myOffer(slugA, code, { address })).statusCode).toBe(200);
    expect(await scanCount(shopA.shopId)).toBe(before + 20);
    // Another address still counts.
    expect((await myOffer(slugA, code, { address: '10.78.0.2' })).statusCode).toBe(200);
    expect(await scanCount(shopA.shopId)).toBe(before + 21);
  });
});

describe('a per-offer code', () => {
  it("points the shop's live code at the offer, and its PNG reads so", async () => {
    const code = await liveCode(shopA.shopId);
    const res = await vendorCall(shopA.token, 'POST', `vendor/offers/${plainOffer}/qr-code`);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.qr_code_id).toBe(code);
    expect(data.qr_code_url).toBe(`${t.config.publicUrl}/vendor/${slugA}/my-offer?qr=${code}&offer=${plainOffer}`);
    expect(data.download_url).toBe(`${BASE}/vendor/qr-code/download/${code}?offer=${plainOffer}`);
    const png = await t.app.inject({ method: 'GET', url: data.download_url, headers: bearer(shopA.token) });
    expect(png.statusCode).toBe(200);
    expect(decodePng(png.rawPayload)).toBe(data.qr_code_url);
  });

  it('makes the shop its code first when it has none', async () => {
    const vendor = (await signUpAs(t.app, t.database, 'vendor')) as Vendor;
    const offer = await makeOffer(vendor.shopId);
    expect(await liveCode(vendor.shopId)).toBeNull();
    const res = await vendorCall(vendor.token, 'POST', `vendor/offers/${offer}/qr-code`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.qr_code_id).toBe(await liveCode(vendor.shopId));
    expect(res.json().data.qr_code_id).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });

  it("answers 404 offer_not_found for another shop's offer, on the call and on the download", async () => {
    const res = await vendorCall(shopA.token, 'POST', `vendor/offers/${offerB}/qr-code`);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('offer_not_found');
    const code = await liveCode(shopA.shopId);
    const png = await vendorCall(shopA.token, 'GET', `vendor/qr-code/download/${code}?offer=${offerB}`);
    expect(png.statusCode).toBe(404);
    expect(png.json().code).toBe('offer_not_found');
  });
});

describe('regenerate', () => {
  it('replaces the code: the old one stops working at once on validate, my-offer and download', async () => {
    const old = (await vendorCall(shopA.token, 'GET', 'vendor/qr-code/info')).json().data;
    const scansBefore = await scanCount(shopA.shopId);
    const res = await vendorCall(shopA.token, 'POST', 'vendor/qr-code/regenerate');
    expect(res.statusCode).toBe(200);
    const fresh = res.json().data;
    expect(fresh.qr_code_id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(fresh.qr_code_id).not.toBe(old.qr_code_id);
    expect(fresh.qr_code_url).toBe(`${t.config.publicUrl}/vendor/${slugA}/my-offer?qr=${fresh.qr_code_id}`);
    expect(await liveCode(shopA.shopId)).toBe(fresh.qr_code_id);

    const validateOld = await validate(old.qr_code_id);
    expect(validateOld.statusCode).toBe(404);
    expect(validateOld.json().code).toBe('qr_code_invalid');
    const pageOld = await myOffer(slugA, old.qr_code_id);
    expect(pageOld.statusCode).toBe(404);
    expect(pageOld.json().code).toBe('qr_code_invalid');
    const pngOld = await t.app.inject({ method: 'GET', url: old.download_url, headers: bearer(shopA.token) });
    expect(pngOld.statusCode).toBe(404);
    expect(pngOld.json().code).toBe('qr_code_not_found');

    // The new one works everywhere, and the old code's scans stay the shop's.
    expect((await validate(fresh.qr_code_id)).statusCode).toBe(200);
    expect((await myOffer(slugA, fresh.qr_code_id)).statusCode).toBe(200);
    const png = await t.app.inject({ method: 'GET', url: fresh.download_url, headers: bearer(shopA.token) });
    expect(decodePng(png.rawPayload)).toBe(fresh.qr_code_url);
    expect(await scanCount(shopA.shopId)).toBe(scansBefore + 1);
    expect((await vendorCall(shopA.token, 'GET', 'vendor/qr-code/info')).json().data).toEqual(fresh);
  });
});

describe('stats', () => {
  it('are zero for a shop with no scans', async () => {
    const vendor = (await signUpAs(t.app, t.database, 'vendor')) as Vendor;
    const res = await vendorCall(vendor.token, 'GET', 'vendor/qr-code/stats');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ scans: 0, claims_from_scans: 0, conversion_rate: 0 });
  });

  it('equal counts taken from the data: scans, claims made via QR (any status), and their ratio', async () => {
    const other = await signUp(t.app);
    const claim = (offerId: number, userId: number, viaQr: boolean, status: 'pending' | 'used' | 'cancelled') => ({
      offerId,
      userId,
      viaQr,
      status,
      code: `T${Math.random().toString(36).slice(2, 12).toUpperCase()}`,
    });
    await t.database.db
      .insert(offerClaims)
      .values([
        claim(qrOnlyOffer, customer.user.id, true, 'pending'),
        claim(plainOffer, other.user.id, true, 'used'),
        claim(qrOnlyOffer, other.user.id, true, 'cancelled'),
        claim(plainOffer, customer.user.id, false, 'pending'),
        claim(offerB, customer.user.id, true, 'pending'),
      ]);

    const [counted] = await t.database.db
      .select({
        scans: sql<number>`(select count(*)::int from qr_scans where shop_id = ${shopA.shopId})`,
        viaQr: sql<number>`(select count(*)::int from offer_claims c join offers o on o.id = c.offer_id where o.shop_id = ${shopA.shopId} and c.via_qr)`,
        usedViaQr: sql<number>`(select count(*)::int from offer_claims c join offers o on o.id = c.offer_id where o.shop_id = ${shopA.shopId} and c.via_qr and c.status = 'used')`,
      })
      .from(shops)
      .where(eq(shops.id, shopA.shopId));
    const scans = Number(counted?.scans);
    const viaQr = Number(counted?.viaQr);
    const usedViaQr = Number(counted?.usedViaQr);
    expect(scans).toBeGreaterThan(20);
    expect(viaQr).toBe(3);
    expect(usedViaQr).toBe(1);

    const res = await vendorCall(shopA.token, 'GET', 'vendor/qr-code/stats');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      scans,
      claims_from_scans: viaQr,
      // The contract's conversion: used claims over all claims (here those made through a scan).
      conversion_rate: Math.round((usedViaQr / viaQr) * 10_000) / 10_000,
    });

    // Shop B's one claim via QR and its scans are its own.
    const b = (await vendorCall(shopB.token, 'GET', 'vendor/qr-code/stats')).json().data;
    expect(b.claims_from_scans).toBe(1);
    expect(b.scans).toBe(await scanCount(shopB.shopId));
    // Its one claim is pending: none used yet.
    expect(b).toMatchObject({ scans: 0, conversion_rate: 0 });
  });
});

describe('who may call', () => {
  const vendorPaths = (code: string): ['GET' | 'POST', string][] => [
    ['GET', 'vendor/qr-code/info'],
    ['POST', 'vendor/qr-code/generate'],
    ['POST', 'vendor/qr-code/regenerate'],
    ['GET', `vendor/qr-code/download/${code}`],
    ['GET', 'vendor/qr-code/stats'],
    ['POST', `vendor/offers/${plainOffer}/qr-code`],
  ];

  it('refuses a customer (403) and a guest (401) on every vendor QR call, and changes nothing', async () => {
    const code = (await liveCode(shopA.shopId)) ?? '';
    for (const [method, path] of vendorPaths(code)) {
      const asCustomer = await vendorCall(customer.token, method, path);
      expect(asCustomer.statusCode, `${method} ${path}`).toBe(403);
      expect(asCustomer.json().code).toBe('forbidden');
      const asGuest = await t.app.inject({ method, url: `${BASE}/${path}` });
      expect(asGuest.statusCode, `${method} ${path}`).toBe(401);
    }
    expect(await liveCode(shopA.shopId)).toBe(code);
  });
});
