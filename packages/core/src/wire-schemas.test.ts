import * as core from '@parade/core';
import { describe, expect, it } from 'vitest';
import { cartItemSchema, storeValidateCouponSchema } from './cart-schemas';
import { productCardSchema } from './catalog-schemas';
import { couponRefusalCodes } from './coupon';
import { envelope, failureEnvelopeSchema, paginate, paginated, successEnvelope } from './envelope';
import { errorCodes } from './error-codes';
import { siteSettingsSchema } from './settings';

const card = {
  id: 1,
  name: 'Apples',
  slug: 'apples',
  type: 'Physical',
  price: 250,
  compare_at_price: null,
  thumbnail: null,
  shop: { id: 2, name: 'Green Barrow', slug: 'green-barrow', holiday_mode: false },
  brand: null,
  variation: { id: 3, name: '1kg', slug: '1kg', full_name: 'Apples 1kg', price: 250, stock: 4 },
  rating: { average: 4.5, count: 2 },
};

describe('the package entry', () => {
  it('resolves "." to index.ts and re-exports the public modules', () => {
    expect(core.productCardSchema).toBe(productCardSchema);
    expect(core.errorCodes).toBe(errorCodes);
    expect(typeof core.formatMoney).toBe('function');
    expect(core.messages.genericError).toBe('Something went wrong, Please Try Again Later');
  });
});

describe('envelopes', () => {
  it('parses a paged success reply and strips what the shape does not name', () => {
    const schema = successEnvelope(paginated(productCardSchema));
    const reply = { status: true, data: paginate([{ ...card, secret: 'x' }], 1, 1, 20) };
    const parsed = schema.parse(reply);
    expect(parsed.data).toEqual({ data: [card], current_page: 1, last_page: 1, per_page: 20, total: 1 });
  });

  it('tells success from failure by status, and a failure carries a known code', () => {
    const schema = envelope(productCardSchema);
    const failure = { status: false, message: 'Nope', code: 'coupon_expired', errors: { code: ['Nope'] } };
    expect(schema.parse(failure)).toEqual(failure);
    expect(failureEnvelopeSchema.safeParse({ ...failure, code: 'made_up' }).success).toBe(false);
    expect(failureEnvelopeSchema.safeParse({ status: false, message: 'Nope', errors: {} }).success).toBe(false);
  });
});

describe('error codes', () => {
  it('are unique snake_case words, with a code for every coupon refusal', () => {
    expect(new Set(errorCodes).size).toBe(errorCodes.length);
    for (const code of errorCodes) expect(code).toMatch(/^[a-z]+(_[a-z]+)*$/);
    for (const code of Object.values(couponRefusalCodes)) expect(errorCodes).toContain(code);
  });
});

describe('requests and stored shapes', () => {
  it('validates the coupon check and coerces numeric text', () => {
    const ok = storeValidateCouponSchema.parse({
      shop_id: '2',
      code: ' BREAD15 ',
      items: [{ variation_id: 3, quantity: '2' }],
    });
    expect(ok).toEqual({ shop_id: 2, code: 'BREAD15', items: [{ variation_id: 3, quantity: 2 }] });
    expect(
      storeValidateCouponSchema.safeParse({ shop_id: 2, code: 'X', items: [{ variation_id: 3, quantity: 10_000 }] })
        .success,
    ).toBe(false);
    expect(storeValidateCouponSchema.safeParse({ shop_id: 2, code: 'X', items: [] }).success).toBe(false);
  });

  it('reads a cart line back and refuses an unknown product type', () => {
    const line = {
      id: 3,
      name: '1kg',
      slug: '1kg',
      full_name: 'Apples 1kg',
      price: 250,
      thumbnail: null,
      images: [],
      quantity: 2,
      product: { id: 1, slug: 'apples', type: 'Digital', shop_id: 2, shop: null },
    };
    expect(cartItemSchema.parse(line)).toEqual(line);
    expect(cartItemSchema.safeParse({ ...line, product: { ...line.product, type: 'Service' } }).success).toBe(false);
  });

  it('keeps only the known site settings keys', () => {
    expect(siteSettingsSchema.parse({ site_title: 'Parade', admin_url: '/admin/', stripe_secret: 'sk' })).toEqual({
      site_title: 'Parade',
      admin_url: '/admin/',
    });
  });
});
