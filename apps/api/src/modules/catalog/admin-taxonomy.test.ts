import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../maintenance/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { signUpAs } from '../../test/manage-fixtures';
import { bearer } from '../../test/test-support';

let t: TestApp;
let admin: string;
let vendor: string;

function as(token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
  return t.app.inject({ method, url, headers: bearer(token), ...(payload !== undefined ? { payload } : {}) });
}
const get = async (url: string) => (await t.app.inject({ method: 'GET', url })).json().data;

beforeAll(async () => {
  t = await buildTestApp();
  admin = (await signUpAs(t.app, t.database, 'admin')).token;
  vendor = (await signUpAs(t.app, t.database, 'vendor')).token;
}, 60_000);
afterAll(async () => t?.close());

describe('admin categories, sub-categories and brands', () => {
  it('creates them, and the storefront shows a renamed brand on its cards at once', async () => {
    const category = await as(admin, 'POST', '/api/admin/categories', { name: 'Bakery' });
    expect(category.statusCode, category.body).toBe(201);
    const categoryId = category.json().data.category.id;
    const brand = await as(admin, 'POST', '/api/admin/brands', { name: 'Hearth & Co' });
    expect(brand.statusCode, brand.body).toBe(201);
    expect(brand.json().data.brand.slug).toBe('hearth-co');
    const brandId = brand.json().data.brand.id;
    const sub = await as(admin, 'POST', '/api/admin/sub-categories', {
      category_id: categoryId,
      name: 'Bread',
      brand_ids: [brandId],
    });
    expect(sub.statusCode, sub.body).toBe(201);
    expect(sub.json().data.sub_category).toMatchObject({ category_id: categoryId, brands: [{ id: brandId }] });
    // Each one read back by its id (the R of CRUD); an unknown id is 404.
    const subId = sub.json().data.sub_category.id;
    for (const [url, key, id] of [
      [`/api/admin/categories/${categoryId}`, 'category', categoryId],
      [`/api/admin/sub-categories/${subId}`, 'sub_category', subId],
      [`/api/admin/brands/${brandId}`, 'brand', brandId],
    ] as const) {
      const one = await as(admin, 'GET', url);
      expect(one.statusCode, one.body).toBe(200);
      expect(one.json().data[key]).toMatchObject({ id });
      expect((await as(vendor, 'GET', url)).statusCode).toBe(403);
    }
    expect((await as(admin, 'GET', `/api/admin/categories/${categoryId}`)).json().data.category.sub_categories).toEqual(
      [expect.objectContaining({ id: subId })],
    );
    expect((await as(admin, 'GET', '/api/admin/brands/999999')).statusCode).toBe(404);
    const tree = await get('/api/categories');
    expect(tree.find((c: { id: number }) => c.id === categoryId)?.sub_categories[0]?.name).toBe('Bread');

    const created = await as(vendor, 'POST', '/api/vendor/products', {
      name: 'Granary Loaf',
      category_id: categoryId,
      sub_category_id: sub.json().data.sub_category.id,
      brand_id: brandId,
      variations: [{ name: '800g', price: 320, stock: 5 }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const card = async () => (await get('/api/products?search=granary')).products.data[0];
    expect((await card()).brand).toMatchObject({ name: 'Hearth & Co' });

    const renamed = await as(admin, 'PUT', `/api/admin/brands/${brandId}`, { name: 'Hearth Bakers' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data.brand).toMatchObject({ name: 'Hearth Bakers', slug: 'hearth-co' });
    expect((await card()).brand).toMatchObject({ name: 'Hearth Bakers' });

    const taken = await as(admin, 'POST', '/api/admin/categories', { name: 'Other', slug: 'bakery' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('slug_taken');

    expect((await as(admin, 'DELETE', `/api/admin/categories/${categoryId}`)).statusCode).toBe(200);
    const [row] = await t.database.db.select().from(products).where(eq(products.id, created.json().data.product.id));
    expect(row).toMatchObject({ categoryId: null, subCategoryId: null, brandId });
    expect((await get('/api/categories')).find((c: { id: number }) => c.id === categoryId)).toBeUndefined();
    expect((await as(admin, 'DELETE', `/api/admin/categories/${categoryId}`)).statusCode).toBe(404);

    const list = await as(admin, 'GET', '/api/admin/brands?search=hearth');
    expect(list.json().data.data.map((b: { id: number }) => b.id)).toEqual([brandId]);
    expect(
      (await as(admin, 'POST', '/api/admin/sub-categories', { category_id: 999999, name: 'Orphan' })).statusCode,
    ).toBe(422);
  });

  // Found by the fuzzer (fuzz.test.ts): an update with no field ran `UPDATE ... SET` with
  // nothing to set, which the query builder refuses: a 500.
  it('answers an update that sends no field with the object unchanged', async () => {
    const category = (await as(admin, 'POST', '/api/admin/categories', { name: 'Pantry' })).json().data.category;
    const brand = (await as(admin, 'POST', '/api/admin/brands', { name: 'Larder Co' })).json().data.brand;
    const sub = (
      await as(admin, 'POST', '/api/admin/sub-categories', { category_id: category.id, name: 'Jams' })
    ).json().data.sub_category;
    for (const [url, key, before] of [
      [`/api/admin/categories/${category.id}`, 'category', category],
      [`/api/admin/sub-categories/${sub.id}`, 'sub_category', sub],
      [`/api/admin/brands/${brand.id}`, 'brand', brand],
    ] as const) {
      const reply = await as(admin, 'PUT', url, {});
      expect(reply.statusCode, `${url}: ${reply.body}`).toBe(200);
      expect(reply.json().data[key]).toMatchObject({ id: before.id, name: before.name, slug: before.slug });
    }
  });

  it("moves a sub-category with its products: each product stays under its sub-category's category", async () => {
    const create = async (name: string) =>
      (await as(admin, 'POST', '/api/admin/categories', { name })).json().data.category;
    const meat = await create('Meat Counter');
    const pantry = await create('Pantry Shelf');
    const sub = (
      await as(admin, 'POST', '/api/admin/sub-categories', { category_id: meat.id, name: 'Sausages' })
    ).json().data.sub_category;
    const made = await as(vendor, 'POST', '/api/vendor/products', {
      name: 'Pork Chipolatas',
      category_id: meat.id,
      sub_category_id: sub.id,
      variations: [{ name: '6 pack', price: 450, stock: 5 }],
    });
    expect(made.statusCode, made.body).toBe(201);
    const productId = made.json().data.product.id;
    const listed = async (slug: string) =>
      (await get(`/api/products?category=${slug}`)).products.data.map((p: { id: number }) => p.id);
    expect(await listed(meat.slug)).toEqual([productId]);

    const moved = await as(admin, 'PUT', `/api/admin/sub-categories/${sub.id}`, { category_id: pantry.id });
    expect(moved.statusCode, moved.body).toBe(200);
    const [row] = await t.database.db.select().from(products).where(eq(products.id, productId));
    expect(row).toMatchObject({ categoryId: pantry.id, subCategoryId: sub.id });
    expect(await listed(pantry.slug)).toEqual([productId]);
    expect(await listed(meat.slug)).toEqual([]);
    // Renaming it alone leaves its products where they are.
    await as(admin, 'PUT', `/api/admin/sub-categories/${sub.id}`, { name: 'Bangers' });
    const [after] = await t.database.db.select().from(products).where(eq(products.id, productId));
    expect(after).toMatchObject({ categoryId: pantry.id, subCategoryId: sub.id });
  });

  it('answers each delete with the object as it was just before, as GET answers it', async () => {
    const category = (await as(admin, 'POST', '/api/admin/categories', { name: 'Dairy Counter', vat_rate: 0 })).json()
      .data.category;
    const brand = (await as(admin, 'POST', '/api/admin/brands', { name: 'Meadow Farm' })).json().data.brand;
    const cheese = (
      await as(admin, 'POST', '/api/admin/sub-categories', {
        category_id: category.id,
        name: 'Cheese',
        brand_ids: [brand.id],
      })
    ).json().data.sub_category;
    const butter = (
      await as(admin, 'POST', '/api/admin/sub-categories', { category_id: category.id, name: 'Butter' })
    ).json().data.sub_category;
    const remove = async (url: string, message: string) => {
      const before = (await as(admin, 'GET', url)).json().data;
      const reply = await as(admin, 'DELETE', url);
      expect(reply.statusCode, `${url}: ${reply.body}`).toBe(200);
      expect(reply.json()).toMatchObject({ status: true, message });
      expect(reply.json().data).toEqual(before);
      expect((await as(admin, 'DELETE', url)).statusCode).toBe(404);
      return reply.json().data;
    };

    const deletedSub = await remove(`/api/admin/sub-categories/${cheese.id}`, 'Sub-category deleted.');
    expect(deletedSub.sub_category).toMatchObject({
      id: cheese.id,
      name: 'Cheese',
      category_id: category.id,
      brands: [{ id: brand.id, name: 'Meadow Farm' }],
    });
    const deletedCategory = await remove(`/api/admin/categories/${category.id}`, 'Category deleted.');
    expect(deletedCategory.category).toMatchObject({
      id: category.id,
      name: 'Dairy Counter',
      slug: category.slug,
      vat_rate: 0,
      sub_categories: [{ id: butter.id, name: 'Butter' }],
    });
    const deletedBrand = await remove(`/api/admin/brands/${brand.id}`, 'Brand deleted.');
    expect(deletedBrand.brand).toMatchObject({ id: brand.id, name: 'Meadow Farm', slug: brand.slug, logo: null });
  });
});
