import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productVariations } from '../../maintenance/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { signUpAs } from '../../test/manage-fixtures';
import { bearer, multipartPayload } from '../../test/test-support';
import { variationDigitalFile } from './digital-files';

/**
 * A merchant's digital product files (POST/DELETE vendor/variations/{id}/digital-file): checked
 * by content and size, kept privately under DATA_DIR/digital (never under the public uploads/),
 * the replaced or removed file deleted from disk, scoped to the caller's shop.
 */
let t: TestApp;
let a: { token: string; shopId: number | null };
let b: { token: string; shopId: number | null };
let customer: { token: string };

const pdf = (text = 'A guide') =>
  Buffer.from(
    `%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\n% ${text}\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n`,
    'latin1',
  );

/** The start of an EPUB: a ZIP whose first entry is the stored `mimetype` file saying so. */
function epub(): Buffer {
  const header = Buffer.alloc(30);
  header.write('PK\x03\x04', 0, 'latin1');
  header.writeUInt16LE(8, 26);
  return Buffer.concat([header, Buffer.from('mimetypeapplication/epub+zip', 'latin1'), Buffer.alloc(64)]);
}

async function createProduct(token: string, type: 'Digital' | 'Physical', name: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/vendor/products',
    headers: bearer(token),
    payload: { name, type, variations: [{ name: 'Edition', price: 499 }] },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.product as { id: number; variations: { id: number }[] };
}

async function upload(app: TestApp, token: string, variationId: number, bytes: Buffer, name: string, field = 'file') {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(bytes)]), name);
  const body = await multipartPayload(form);
  return app.app.inject({
    method: 'POST',
    url: `/api/vendor/variations/${variationId}/digital-file`,
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
}

const remove = (token: string, variationId: number) =>
  t.app.inject({ method: 'DELETE', url: `/api/vendor/variations/${variationId}/digital-file`, headers: bearer(token) });

/** Every file under DATA_DIR/digital (none yet: this app was not seeded). */
async function storedFiles(app: TestApp = t): Promise<string[]> {
  const folder = path.join(app.config.dataDir, 'digital');
  return existsSync(folder) ? (await readdir(folder)).sort() : [];
}

async function row(variationId: number) {
  const [found] = await t.database.db.select().from(productVariations).where(eq(productVariations.id, variationId));
  return found;
}

beforeAll(async () => {
  t = await buildTestApp();
  a = await signUpAs(t.app, t.database, 'vendor');
  b = await signUpAs(t.app, t.database, 'vendor');
  customer = await signUpAs(t.app, t.database, 'customer');
}, 60_000);
afterAll(async () => t?.close());

describe("a digital product's file", () => {
  it('is uploaded, kept privately under a random name, replaced (the old one deleted) and removed', async () => {
    const product = await createProduct(a.token, 'Digital', 'Allotment Year Planner');
    const variationId = product.variations[0]!.id;
    expect((await row(variationId))?.digitalFile).toBeNull();

    const first = await upload(t, a.token, variationId, pdf(), 'C:\\Users\\me\\Planner 2027.pdf');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.variation).toMatchObject({
      id: variationId,
      has_digital_file: true,
      digital_file: { name: 'Planner 2027.pdf', size: pdf().length },
    });
    const stored = await row(variationId);
    expect(stored).toMatchObject({ digitalFileName: 'Planner 2027.pdf', digitalFileType: 'application/pdf' });
    // A name we chose, in DATA_DIR/digital: never the merchant's name, never under the public uploads/.
    expect(stored?.digitalFile).toMatch(new RegExp(`^digital/${a.shopId}-[0-9a-f]{32}\\.pdf$`));
    expect(await storedFiles()).toEqual([path.basename(stored!.digitalFile!)]);
    const onDisk = path.join(t.config.dataDir, stored!.digitalFile!);
    expect(await readFile(onDisk)).toEqual(pdf());
    expect(existsSync(path.join(t.app.uploadsDir, 'digital'))).toBe(false);
    for (const url of [
      `/uploads/${stored!.digitalFile}`,
      `/uploads/../${stored!.digitalFile}`,
      `/${stored!.digitalFile}`,
    ]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }

    // What issue 12's downloads read.
    expect(await variationDigitalFile(t.database.db, variationId)).toEqual({
      key: stored!.digitalFile,
      name: 'Planner 2027.pdf',
      size: pdf().length,
      contentType: 'application/pdf',
    });

    // The product page, the vendor's product and list agree.
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/vendor/products/${product.id}`,
      headers: bearer(a.token),
    });
    expect(detail.json().data.product.variations[0].digital_file).toEqual({
      name: 'Planner 2027.pdf',
      size: pdf().length,
    });

    const replaced = await upload(t, a.token, variationId, epub(), 'planner.epub');
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json().data.variation.digital_file).toEqual({ name: 'planner.epub', size: epub().length });
    const after = await row(variationId);
    expect(after).toMatchObject({ digitalFileType: 'application/epub+zip' });
    expect(after?.digitalFile).toMatch(/\.epub$/);
    expect(existsSync(onDisk)).toBe(false);
    expect(await storedFiles()).toEqual([path.basename(after!.digitalFile!)]);

    const removed = await remove(a.token, variationId);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().data.variation).toMatchObject({ has_digital_file: false, digital_file: null });
    expect(await row(variationId)).toMatchObject({
      digitalFile: null,
      digitalFileName: null,
      digitalFileSize: null,
      digitalFileType: null,
    });
    expect(await storedFiles()).toEqual([]);
    expect(await variationDigitalFile(t.database.db, variationId)).toBeNull();
    // Removing again is no error: there is simply no file.
    expect((await remove(a.token, variationId)).statusCode).toBe(200);
  });

  it('is what puts a digital product on sale: without it the product is not listed and checkout refuses it', async () => {
    // A shop of its own: the file bought here stays (a paid order's file cannot be removed).
    const seller = await signUpAs(t.app, t.database, 'vendor');
    const product = await createProduct(seller.token, 'Digital', 'Unfinished Guide');
    const variationId = product.variations[0]!.id;
    const listed = async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/products?search=unfinished' });
      return (res.json().data.products.data as { id: number }[]).some((card) => card.id === product.id);
    };
    const checkout = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/user/order/place',
        headers: bearer(customer.token),
        payload: {
          order_type: 'delivery',
          items: [{ variation_id: variationId, quantity: 1 }],
          payment_method: 'cash',
        },
      });
    const refusedAsGone = async () => {
      const refused = await checkout();
      expect(refused.statusCode, refused.body).toBe(422);
      expect(refused.json().errors['items.0']).toEqual(['This item is no longer available.']);
    };
    // No file yet: a shopper would pay for nothing to download.
    expect(await listed()).toBe(false);
    await refusedAsGone();

    expect((await upload(t, seller.token, variationId, pdf(), 'guide.pdf')).statusCode).toBe(200);
    expect(await listed()).toBe(true);
    // The file removed: off sale again.
    expect((await remove(seller.token, variationId)).statusCode).toBe(200);
    expect(await listed()).toBe(false);
    await refusedAsGone();

    expect((await upload(t, seller.token, variationId, pdf(), 'guide.pdf')).statusCode).toBe(200);
    const placed = await checkout();
    expect(placed.statusCode, placed.body).toBe(201);
  });

  it('accepts ZIP, MP3, PNG and JPEG by their content, whatever the name says', async () => {
    const product = await createProduct(a.token, 'Digital', 'Field Recordings');
    const variationId = product.variations[0]!.id;
    const zip = Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), Buffer.alloc(60)]);
    const id3 = Buffer.concat([Buffer.from('ID3\x04\x00\x00', 'latin1'), Buffer.alloc(60)]);
    const mpegFrame = Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0x64]), Buffer.alloc(60)]);
    const png = Buffer.concat([Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'), Buffer.alloc(60)]);
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(60)]);
    for (const [bytes, type] of [
      [zip, 'application/zip'],
      [id3, 'audio/mpeg'],
      [mpegFrame, 'audio/mpeg'],
      [png, 'image/png'],
      [jpeg, 'image/jpeg'],
    ] as const) {
      const res = await upload(t, a.token, variationId, bytes, 'recording.bin');
      expect(res.statusCode, `${type}: ${res.body}`).toBe(200);
      expect((await row(variationId))?.digitalFileType).toBe(type);
    }
    // Each replacement deleted the one before: one file left for this variation.
    const mine = (await storedFiles()).filter((name) => name.startsWith(`${a.shopId}-`));
    expect(mine).toEqual([path.basename((await row(variationId))!.digitalFile!)]);
    await remove(a.token, variationId);
  });

  it('refuses any other kind of file, an empty one or none at all, and stores nothing', async () => {
    const product = await createProduct(a.token, 'Digital', 'Sourdough Handbook');
    const variationId = product.variations[0]!.id;
    const before = await storedFiles();
    for (const [bytes, name] of [
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), 'handbook.pdf'],
      [Buffer.from('MZ\x90\x00 an executable', 'latin1'), 'handbook.exe'],
      [Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1'), 'cover.gif'],
    ] as const) {
      const res = await upload(t, a.token, variationId, bytes, name);
      expect(res.statusCode, name).toBe(422);
      expect(res.json()).toMatchObject({
        status: false,
        code: 'validation_failed',
        message: 'A digital file must be a PDF, EPUB, ZIP, MP3, PNG or JPEG file.',
        errors: { file: ['A digital file must be a PDF, EPUB, ZIP, MP3, PNG or JPEG file.'] },
      });
    }
    const empty = await upload(t, a.token, variationId, Buffer.alloc(0), 'empty.pdf');
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.file).toEqual(['Choose a file to upload; this one is empty.']);
    const otherField = await upload(t, a.token, variationId, pdf(), 'guide.pdf', 'images');
    expect(otherField.statusCode).toBe(422);
    expect(otherField.json().errors.file).toEqual(['Choose a file to upload.']);
    const json = await t.app.inject({
      method: 'POST',
      url: `/api/vendor/variations/${variationId}/digital-file`,
      headers: bearer(a.token),
      payload: { file: 'not a file' },
    });
    expect(json.statusCode).toBe(422);
    expect(json.json().errors.file).toEqual(['Send the file as multipart/form-data.']);

    expect(await storedFiles()).toEqual(before);
    expect(await row(variationId)).toMatchObject({ digitalFile: null, digitalFileName: null });
  });

  it("refuses a physical product's variation with a clear 422, and stores nothing", async () => {
    const product = await createProduct(a.token, 'Physical', 'Garden Twine');
    const variationId = product.variations[0]!.id;
    const before = await storedFiles();
    const res = await upload(t, a.token, variationId, pdf(), 'twine.pdf');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      code: 'validation_failed',
      message: 'Only variations of a digital product take a file. Set the product’s type to Digital first.',
    });
    expect(await storedFiles()).toEqual(before);
    expect((await row(variationId))?.digitalFile).toBeNull();
  });

  it("answers 404 on another shop's variation, 403 to a customer, and changes nothing", async () => {
    const theirs = await createProduct(b.token, 'Digital', 'Knitting Patterns');
    const variationId = theirs.variations[0]!.id;
    expect((await upload(t, b.token, variationId, pdf('theirs'), 'patterns.pdf')).statusCode).toBe(200);
    const theirFile = (await row(variationId))!;
    const before = await storedFiles();

    const post = await upload(t, a.token, variationId, pdf('mine'), 'mine.pdf');
    expect(post.statusCode).toBe(404);
    expect(post.json().code).toBe('variation_not_found');
    expect((await remove(a.token, variationId)).statusCode).toBe(404);
    expect((await upload(t, a.token, 999_999, pdf(), 'none.pdf')).statusCode).toBe(404);

    const asCustomer = await upload(t, customer.token, variationId, pdf('customer'), 'c.pdf');
    expect(asCustomer.statusCode).toBe(403);
    expect((await remove(customer.token, variationId)).statusCode).toBe(403);
    const anonymous = await t.app.inject({
      method: 'DELETE',
      url: `/api/vendor/variations/${variationId}/digital-file`,
    });
    expect(anonymous.statusCode).toBe(401);

    expect(await storedFiles()).toEqual(before);
    expect(await row(variationId)).toMatchObject({
      digitalFile: theirFile.digitalFile,
      digitalFileName: 'patterns.pdf',
    });
    expect(existsSync(path.join(t.config.dataDir, theirFile.digitalFile!))).toBe(true);
  });
});

describe('the size limit (DIGITAL_FILE_MAX_MB)', () => {
  let small: TestApp;
  let vendor: { token: string };
  beforeAll(async () => {
    small = await buildTestApp({ env: { DIGITAL_FILE_MAX_MB: '1' } });
    vendor = await signUpAs(small.app, small.database, 'vendor');
  }, 60_000);
  afterAll(async () => small?.close());

  it('refuses a file over the limit with a message naming it, and keeps nothing of it', async () => {
    const res = await small.app.inject({
      method: 'POST',
      url: '/api/vendor/products',
      headers: bearer(vendor.token),
      payload: { name: 'Big Book', type: 'Digital', variations: [{ name: 'PDF', price: 100 }] },
    });
    const variationId = res.json().data.product.variations[0].id as number;
    const limit = 1024 * 1024;
    const tooBig = Buffer.concat([pdf(), Buffer.alloc(limit)]);
    const refused = await upload(small, vendor.token, variationId, tooBig, 'big.pdf');
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      code: 'validation_failed',
      errors: { file: ['The file must be at most 1 MB.'] },
    });
    expect(await storedFiles(small)).toEqual([]);

    const justFits = Buffer.concat([pdf(), Buffer.alloc(limit - pdf().length)]);
    const accepted = await upload(small, vendor.token, variationId, justFits, 'fits.pdf');
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().data.variation.digital_file).toEqual({ name: 'fits.pdf', size: limit });
  });
});
