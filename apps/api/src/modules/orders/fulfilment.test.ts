import { vendorOrderPayloadSchema, vendorOrderSchema } from '@parade/core/vendor-schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { COLLECTION_POINT, checkoutFixtures, collection } from '../../test/checkout-fixtures';
import { signUpAs } from '../../test/manage-fixtures';
import { bearer, signUp } from '../../test/test-support';

/**
 * Contract, "Fulfilment": every vendor order payload carries the address, collection point and
 * note exactly as on the invoice, so the shop can hand the order over.
 */
let t: TestApp;
const fx = checkoutFixtures(() => t);

beforeAll(async () => {
  t = await buildTestApp({ seed: true });
});
afterAll(async () => {
  await t?.close();
});

const get = (token: string, url: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });

async function shopWithVendor() {
  const shop = await fx.makeShop();
  const vendor = await signUpAs(t.app, t.database, 'vendor', { shopId: shop.id });
  const variation = await fx.makeVariation(shop.id, { price: 450 });
  return { shop, vendor, variation };
}

describe('fulfilment data on vendor orders', () => {
  it('gives a delivery order the invoice address and the note, in the list, the order and its payload shape', async () => {
    const { vendor, variation } = await shopWithVendor();
    const customer = await signUp(t.app);
    const address = {
      name: 'Ada Shopper',
      phone: '07700 900123',
      line1: '1 Bethnal Green Road',
      line2: 'Flat 2',
      city: 'London',
      postcode: 'e2 6dg',
    };
    const placed = await fx.place(customer.token, {
      order_type: 'delivery',
      address,
      items: [{ variation_id: variation.id, quantity: 2 }],
      payment_method: 'cash',
      note: '  Please ring the bell twice.  ',
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const invoiceNumber = placed.json().data.invoice as string;
    const invoice = (await get(customer.token, `/api/user/invoice/${invoiceNumber}`)).json().data.invoice;
    // The customer's invoice shows the note the shop is given.
    expect(invoice.note).toBe('Please ring the bell twice.');

    const list = await get(vendor.token, `/api/vendor/orders?search=${invoiceNumber}`);
    expect(list.statusCode, list.body).toBe(200);
    const [row] = list.json().data.data;
    expect(vendorOrderSchema.parse(row)).toBeTruthy();
    expect(row.address).toEqual(invoice.address);
    expect(row.address).toEqual({ ...address, postcode: 'E2 6DG' });
    expect(row).toMatchObject({ collection_point: null, note: 'Please ring the bell twice.' });

    const one = await get(vendor.token, `/api/vendor/orders/${row.id}`);
    expect(one.statusCode, one.body).toBe(200);
    const { order } = vendorOrderPayloadSchema.parse(one.json().data);
    expect(order).toMatchObject({
      address: invoice.address,
      collection_point: null,
      note: 'Please ring the bell twice.',
    });
  });

  it('gives a collection order its collection point, no address, and a null note when none was written', async () => {
    const { vendor, variation } = await shopWithVendor();
    const customer = await signUp(t.app);
    const placed = await fx.place(
      customer.token,
      collection([{ variation_id: variation.id, quantity: 1 }], { note: '  ' }),
    );
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId = placed.json().data.orders[0].id as number;

    const one = await get(vendor.token, `/api/vendor/orders/${orderId}`);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().data.order).toMatchObject({ address: null, collection_point: COLLECTION_POINT, note: null });
  });

  it("keeps another shop's order, and so its address, from a vendor", async () => {
    const { variation } = await shopWithVendor();
    const other = await shopWithVendor();
    const customer = await signUp(t.app);
    const placed = await fx.place(customer.token, collection([{ variation_id: variation.id, quantity: 1 }]));
    const orderId = placed.json().data.orders[0].id as number;
    expect((await get(other.vendor.token, `/api/vendor/orders/${orderId}`)).statusCode).toBe(404);
  });
});
