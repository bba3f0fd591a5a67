import type {
  AdminBrand,
  AdminCategory,
  AdminSubCategory,
  adminBrandInputSchema,
  adminCategoryInputSchema,
  adminSubCategoryInputSchema,
} from '@parade/core/admin-schemas';
import { type Paginated, paginate } from '@parade/core/envelope';
import { and, asc, desc, eq, inArray, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { invalidField } from '../../lib/errors';
import { freeSlug, slugRace } from '../../lib/slugs';
import { ilikeAny } from '../../lib/text-match';
import { brandSubCategories, brands, categories, products, subCategories } from './catalog.tables';
import { changeTaxonomy, refreshProductListings } from './read-model';
import { takenSlugs } from './slugs';

/**
 * The platform's categories, sub-categories and brands. Each write runs in one transaction and
 * ends with a read-model refresh of the products it touches (a brand's name is on every card),
 * which also drops the cached lists and category tree, so the storefront shows it at once.
 */

type CategoryInput = z.output<typeof adminCategoryInputSchema>;
type SubCategoryInput = z.output<typeof adminSubCategoryInputSchema>;
type BrandInput = z.output<typeof adminBrandInputSchema>;

export interface ListQuery {
  page: number;
  perPage: number;
  search?: string;
  sort?: { key: 'created_at' | 'name' | 'position'; desc: boolean };
}

/**
 * An update names only the fields sent; with none, there is nothing to write (and an UPDATE
 * with an empty SET is an SQL error, not "no change").
 */
function hasAny(changes: Record<string, unknown>): boolean {
  return Object.keys(changes).length > 0;
}

function listOrder(table: typeof categories | typeof subCategories | typeof brands, sort: ListQuery['sort']) {
  const columns: Record<string, SQLWrapper> = {
    created_at: table.createdAt,
    name: table.name,
    position: 'position' in table ? table.position : table.name,
  };
  const direction = sort && !sort.desc ? asc : desc;
  return [direction(columns[sort?.key ?? 'created_at'] ?? table.createdAt), direction(table.id)];
}

async function productIdsWhere(tx: DbOrTx, where: SQL): Promise<number[]> {
  return (await tx.select({ id: products.id }).from(products).where(where)).map((r) => r.id);
}

// ---- Categories ----------------------------------------------------------------------------

async function toAdminCategories(db: DbOrTx, rows: (typeof categories.$inferSelect)[]): Promise<AdminCategory[]> {
  const subs = rows.length
    ? await db
        .select({
          id: subCategories.id,
          name: subCategories.name,
          slug: subCategories.slug,
          categoryId: subCategories.categoryId,
        })
        .from(subCategories)
        .where(
          inArray(
            subCategories.categoryId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(asc(subCategories.position), asc(subCategories.id))
    : [];
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    slug: row.slug,
    image: row.image,
    position: row.position,
    vat_rate: row.vatRate,
    sub_categories: subs.filter((s) => s.categoryId === row.id).map(({ id, name, slug }) => ({ id, name, slug })),
  }));
}

export async function listAdminCategories(db: DbOrTx, query: ListQuery): Promise<Paginated<AdminCategory>> {
  const where = ilikeAny(query.search, categories.name, categories.slug);
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(categories)
      .where(where)
      .orderBy(...listOrder(categories, query.sort))
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage),
    db.select({ total: sql<number>`count(*)::int` }).from(categories).where(where),
  ]);
  return paginate(await toAdminCategories(db, rows), Number(counted?.total ?? 0), query.page, query.perPage);
}

export async function findAdminCategory(db: DbOrTx, id: number): Promise<AdminCategory | null> {
  const rows = await db.select().from(categories).where(eq(categories.id, id));
  return (await toAdminCategories(db, rows))[0] ?? null;
}

export async function saveCategory(
  db: DbOrTx,
  id: number | null,
  input: Partial<CategoryInput>,
): Promise<number | null> {
  // The home page keeps the category tree and brands by this (read-model.ts).
  return changeTaxonomy(() =>
    slugRace(() =>
      db.transaction(async (tx) => {
        if (id === null) {
          const name = input.name ?? '';
          const [row] = await tx
            .insert(categories)
            .values({
              name,
              slug: await freeSlug(input.slug, name, takenSlugs(tx, categories)),
              image: input.image ?? null,
              position: input.position ?? 0,
              ...(input.vat_rate !== undefined ? { vatRate: input.vat_rate } : {}),
            })
            .returning({ id: categories.id });
          await refreshProductListings(tx, { productIds: [] });
          return row?.id ?? null;
        }
        const [current] = await tx.select().from(categories).where(eq(categories.id, id)).for('update');
        if (!current) return null;
        const changes = {
          ...(input.name !== undefined ? { name: input.name } : {}),
          ...(input.slug !== undefined
            ? { slug: await freeSlug(input.slug, current.name, takenSlugs(tx, categories, { exceptId: id })) }
            : {}),
          ...(input.image !== undefined ? { image: input.image } : {}),
          ...(input.position !== undefined ? { position: input.position } : {}),
          // The default for new variations only: existing ones keep the rate their merchant has (decision 029).
          ...(input.vat_rate !== undefined ? { vatRate: input.vat_rate } : {}),
        };
        if (hasAny(changes)) await tx.update(categories).set(changes).where(eq(categories.id, id));
        await refreshProductListings(tx, { productIds: await productIdsWhere(tx, eq(products.categoryId, id)) });
        return id;
      }),
    ),
  );
}

/**
 * Deletes a category with its sub-categories; its products stay, uncategorised. Answers the
 * category with its sub-categories as it was just before (read under its row lock, which a new
 * sub-category under it waits for), or null when there is none.
 */
export async function deleteCategory(db: DbOrTx, id: number): Promise<AdminCategory | null> {
  // The home page keeps the category tree and brands by this (read-model.ts).
  return changeTaxonomy(() =>
    db.transaction(async (tx) => {
      const rows = await tx.select().from(categories).where(eq(categories.id, id)).for('update');
      const [category] = await toAdminCategories(tx, rows);
      if (!category) return null;
      const touched = await productIdsWhere(tx, eq(products.categoryId, id));
      await tx.delete(categories).where(eq(categories.id, id));
      await refreshProductListings(tx, { productIds: touched });
      return category;
    }),
  );
}

// ---- Sub-categories ------------------------------------------------------------------------

async function toAdminSubCategories(
  db: DbOrTx,
  rows: (typeof subCategories.$inferSelect)[],
): Promise<AdminSubCategory[]> {
  const links = rows.length
    ? await db
        .select({ subId: brandSubCategories.subCategoryId, id: brands.id, name: brands.name, slug: brands.slug })
        .from(brandSubCategories)
        .innerJoin(brands, eq(brands.id, brandSubCategories.brandId))
        .where(
          inArray(
            brandSubCategories.subCategoryId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(asc(brands.name))
    : [];
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    slug: row.slug,
    category_id: row.categoryId,
    position: row.position,
    brands: links.filter((l) => l.subId === row.id).map(({ id, name, slug }) => ({ id, name, slug })),
  }));
}

export async function listAdminSubCategories(
  db: DbOrTx,
  query: ListQuery & { categoryId?: number },
): Promise<Paginated<AdminSubCategory>> {
  const where = and(
    query.categoryId ? eq(subCategories.categoryId, query.categoryId) : undefined,
    ilikeAny(query.search, subCategories.name, subCategories.slug),
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(subCategories)
      .where(where)
      .orderBy(...listOrder(subCategories, query.sort))
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage),
    db.select({ total: sql<number>`count(*)::int` }).from(subCategories).where(where),
  ]);
  return paginate(await toAdminSubCategories(db, rows), Number(counted?.total ?? 0), query.page, query.perPage);
}

export async function findAdminSubCategory(db: DbOrTx, id: number): Promise<AdminSubCategory | null> {
  const rows = await db.select().from(subCategories).where(eq(subCategories.id, id));
  return (await toAdminSubCategories(db, rows))[0] ?? null;
}

export async function saveSubCategory(
  db: DbOrTx,
  id: number | null,
  input: Partial<SubCategoryInput>,
): Promise<number | null> {
  // The home page keeps the category tree and brands by this (read-model.ts).
  return changeTaxonomy(() =>
    slugRace(() =>
      db.transaction(async (tx) => {
        if (input.category_id !== undefined) {
          const [parent] = await tx
            .select({ id: categories.id })
            .from(categories)
            .where(eq(categories.id, input.category_id));
          if (!parent) throw invalidField('category_id', 'No such category.');
        }
        if (input.brand_ids?.length) {
          const found = await tx.select({ id: brands.id }).from(brands).where(inArray(brands.id, input.brand_ids));
          if (found.length !== new Set(input.brand_ids).size) throw invalidField('brand_ids', 'No such brand.');
        }
        let subId = id;
        if (subId === null) {
          const name = input.name ?? '';
          const [row] = await tx
            .insert(subCategories)
            .values({
              categoryId: input.category_id ?? 0,
              name,
              slug: await freeSlug(input.slug, name, takenSlugs(tx, subCategories)),
              position: input.position ?? 0,
            })
            .returning({ id: subCategories.id });
          subId = row?.id ?? null;
          if (subId === null) return null;
        } else {
          const [current] = await tx.select().from(subCategories).where(eq(subCategories.id, subId)).for('update');
          if (!current) return null;
          const changes = {
            ...(input.category_id !== undefined ? { categoryId: input.category_id } : {}),
            ...(input.name !== undefined ? { name: input.name } : {}),
            ...(input.slug !== undefined
              ? { slug: await freeSlug(input.slug, current.name, takenSlugs(tx, subCategories, { exceptId: subId })) }
              : {}),
            ...(input.position !== undefined ? { position: input.position } : {}),
          };
          if (hasAny(changes)) await tx.update(subCategories).set(changes).where(eq(subCategories.id, subId));
          // A sub-category moved to another category takes its products with it: a product's
          // sub-category is always under its category (the vendor calls refuse any other pair),
          // and the lists filter by both.
          if (input.category_id !== undefined && input.category_id !== current.categoryId) {
            await tx.update(products).set({ categoryId: input.category_id }).where(eq(products.subCategoryId, subId));
          }
        }
        if (input.brand_ids !== undefined) {
          await tx.delete(brandSubCategories).where(eq(brandSubCategories.subCategoryId, subId));
          const ids = [...new Set(input.brand_ids)];
          if (ids.length)
            await tx.insert(brandSubCategories).values(ids.map((brandId) => ({ brandId, subCategoryId: subId })));
        }
        await refreshProductListings(tx, { productIds: await productIdsWhere(tx, eq(products.subCategoryId, subId)) });
        return subId;
      }),
    ),
  );
}

/** Deletes a sub-category; answers it with its brands as it was just before (read under its row lock), or null. */
export async function deleteSubCategory(db: DbOrTx, id: number): Promise<AdminSubCategory | null> {
  // The home page keeps the category tree and brands by this (read-model.ts).
  return changeTaxonomy(() =>
    db.transaction(async (tx) => {
      const rows = await tx.select().from(subCategories).where(eq(subCategories.id, id)).for('update');
      const [subCategory] = await toAdminSubCategories(tx, rows);
      if (!subCategory) return null;
      const touched = await productIdsWhere(tx, eq(products.subCategoryId, id));
      await tx.delete(subCategories).where(eq(subCategories.id, id));
      await refreshProductListings(tx, { productIds: touched });
      return subCategory;
    }),
  );
}

// ---- Brands --------------------------------------------------------------------------------

const toAdminBrand = (row: typeof brands.$inferSelect): AdminBrand => ({
  id: row.id,
  name: row.name,
  slug: row.slug,
  logo: row.logo,
});

export async function listAdminBrands(db: DbOrTx, query: ListQuery): Promise<Paginated<AdminBrand>> {
  const where = ilikeAny(query.search, brands.name, brands.slug);
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(brands)
      .where(where)
      .orderBy(...listOrder(brands, query.sort))
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage),
    db.select({ total: sql<number>`count(*)::int` }).from(brands).where(where),
  ]);
  return paginate(rows.map(toAdminBrand), Number(counted?.total ?? 0), query.page, query.perPage);
}

export async function findAdminBrand(db: DbOrTx, id: number): Promise<AdminBrand | null> {
  const [row] = await db.select().from(brands).where(eq(brands.id, id));
  return row ? toAdminBrand(row) : null;
}

/** Creates or updates a brand; its name and slug are on every card of its products, so those are refreshed. */
export async function saveBrand(db: DbOrTx, id: number | null, input: Partial<BrandInput>): Promise<number | null> {
  // The home page keeps the category tree and brands by this (read-model.ts).
  return changeTaxonomy(() =>
    slugRace(() =>
      db.transaction(async (tx) => {
        if (id === null) {
          const name = input.name ?? '';
          const [row] = await tx
            .insert(brands)
            .values({ name, slug: await freeSlug(input.slug, name, takenSlugs(tx, brands)), logo: input.logo ?? null })
            .returning({ id: brands.id });
          await refreshProductListings(tx, { productIds: [] });
          return row?.id ?? null;
        }
        const [current] = await tx.select().from(brands).where(eq(brands.id, id)).for('update');
        if (!current) return null;
        const changes = {
          ...(input.name !== undefined ? { name: input.name } : {}),
          ...(input.slug !== undefined
            ? { slug: await freeSlug(input.slug, current.name, takenSlugs(tx, brands, { exceptId: id })) }
            : {}),
          ...(input.logo !== undefined ? { logo: input.logo } : {}),
        };
        if (hasAny(changes)) await tx.update(brands).set(changes).where(eq(brands.id, id));
        await refreshProductListings(tx, { brandId: id });
        return id;
      }),
    ),
  );
}

/** Deletes a brand; answers it as it was just before (the deleted row), or null. */
export async function deleteBrand(db: DbOrTx, id: number): Promise<AdminBrand | null> {
  // The home page keeps the category tree and brands by this (read-model.ts).
  return changeTaxonomy(() =>
    db.transaction(async (tx) => {
      const touched = await productIdsWhere(tx, eq(products.brandId, id));
      const [row] = await tx.delete(brands).where(eq(brands.id, id)).returning();
      await refreshProductListings(tx, { productIds: touched });
      return row ? toAdminBrand(row) : null;
    }),
  );
}
