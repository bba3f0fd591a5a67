import { describe, expect, it } from 'vitest';
import { adminSettingsUpdateSchema, adminShopUpdateSchema } from './admin-schemas';
import {
  MANAGE_PER_PAGE,
  manageListArgs,
  manageListQuerySchema,
  parseSort,
  vendorCouponCreateSchema,
  vendorCouponUpdateSchema,
  vendorProductCreateSchema,
  vendorProductUpdateSchema,
  vendorShopUpdateSchema,
  vendorVariationCreateSchema,
} from './vendor-schemas';

describe('the merchant and admin list query', () => {
  const query = manageListQuerySchema(['created_at', 'name'] as const);

  it('takes page, per_page up to 100, search and a sort key with an optional minus', () => {
    expect(query.parse({ page: '2', per_page: '100', search: ' jam ', sort: '-name' })).toEqual({
      page: 2,
      per_page: 100,
      search: 'jam',
      sort: '-name',
    });
    expect(parseSort('-name')).toEqual({ key: 'name', desc: true });
    expect(parseSort('created_at')).toEqual({ key: 'created_at', desc: false });
  });

  it("fills in a list's defaults for the services: page 1, the default size, no search, no sort", () => {
    expect(manageListArgs(query.parse({}))).toEqual({
      page: 1,
      perPage: MANAGE_PER_PAGE,
      search: undefined,
      sort: undefined,
    });
    expect(manageListArgs(query.parse({ page: '3', per_page: '50', search: '  ', sort: '-name' }))).toEqual({
      page: 3,
      perPage: 50,
      search: undefined,
      sort: { key: 'name', desc: true },
    });
    expect(manageListArgs({ search: 'jam', sort: 'created_at' })).toMatchObject({
      search: 'jam',
      sort: { key: 'created_at', desc: false },
    });
  });

  it('refuses a page size above 100 and an unknown sort key', () => {
    expect(query.safeParse({ per_page: '101' }).success).toBe(false);
    expect(query.safeParse({ sort: 'password_hash' }).success).toBe(false);
  });
});

describe('vendor inputs', () => {
  it('drop the keys a vendor may not set (shop, role, totals)', () => {
    const parsed = vendorProductCreateSchema.parse({ name: 'Jam', shop_id: 9, role: 'admin', listable: true });
    expect(parsed).toEqual({ name: 'Jam' });
    expect(vendorProductUpdateSchema.parse({ shop_id: 9 })).toEqual({});
  });

  it('keep prices whole pence and stock at 0 or above, or null for unlimited', () => {
    expect(vendorVariationCreateSchema.safeParse({ name: '1kg', price: 2.5 }).success).toBe(false);
    expect(vendorVariationCreateSchema.safeParse({ name: '1kg', price: 250, stock: -1 }).success).toBe(false);
    expect(vendorVariationCreateSchema.parse({ name: '1kg', price: 250, stock: null }).stock).toBeNull();
  });

  it('check a coupon: percent at most 100, end after start, codes upper case', () => {
    expect(vendorCouponCreateSchema.safeParse({ code: 'SAVE', type: 'percent', value: 101 }).success).toBe(false);
    const window = { starts_at: '2026-12-02T00:00:00Z', ends_at: '2026-12-01T00:00:00Z' };
    expect(vendorCouponUpdateSchema.safeParse(window).success).toBe(false);
    expect(vendorCouponCreateSchema.parse({ code: 'save-10', type: 'fixed', value: 500 }).code).toBe('SAVE-10');
  });

  it('update a shop profile field by field, with a normalised postcode', () => {
    expect(vendorShopUpdateSchema.parse({ holiday_mode: true })).toEqual({ holiday_mode: true });
    expect(vendorShopUpdateSchema.parse({ postcode: 'e10ad' }).postcode).toBe('E1 0AD');
    expect(vendorShopUpdateSchema.safeParse({ points_per_pound: -1 }).success).toBe(false);
  });
});

describe('admin inputs', () => {
  it('type every site setting', () => {
    expect(adminSettingsUpdateSchema.safeParse({ enable_stripe_payment: 'yes' }).success).toBe(false);
    expect(adminSettingsUpdateSchema.safeParse({ delivery_radius_miles: -1 }).success).toBe(false);
    expect(adminSettingsUpdateSchema.safeParse({ stripe_test_pub: 'sk_test_secret123' }).success).toBe(false);
    expect(adminSettingsUpdateSchema.parse({ date_format: ' D MMMM YYYY ' }), 'a date pattern, trimmed').toEqual({
      date_format: 'D MMMM YYYY',
    });
    for (const date_format of ['DD-MMM-YYYY', 'DD/MM/YY', 'D.M.YYYY', 'MMM D, YYYY']) {
      expect(adminSettingsUpdateSchema.safeParse({ date_format }).success, date_format).toBe(true);
    }
    // Every date on the storefront is written with it: a day, a month and a year, nothing else.
    for (const date_format of [
      'banana',
      '',
      'DD-MM',
      'MMM YYYY',
      'DD-MMM-YYY',
      'DD-MMM-YYYY HH:mm',
      'd-M-Y',
      'DDDD-MM-YYYY',
      'DMYY',
      'D-D-M-YY',
      'DD-MM-YYYY-',
    ]) {
      const parsed = adminSettingsUpdateSchema.safeParse({ date_format });
      expect(parsed.success, date_format).toBe(false);
      expect(parsed.error?.issues[0]?.message, date_format).toBe(
        'A date pattern with a day (D or DD), a month (M, MM, MMM or MMMM) and a year (YY or YYYY), such as DD-MMM-YYYY.',
      );
    }
    expect(
      adminSettingsUpdateSchema.parse({ collection_locations: [{ value: 'Market Hall' }], facebook_url: '' }),
    ).toEqual({ collection_locations: [{ value: 'Market Hall' }], facebook_url: '' });
  });

  it('suspend or reactivate a shop, nothing else', () => {
    expect(adminShopUpdateSchema.safeParse({ status: 'deleted' }).success).toBe(false);
    expect(adminShopUpdateSchema.parse({ status: 'suspended', name: 'x' })).toEqual({ status: 'suspended' });
  });
});
