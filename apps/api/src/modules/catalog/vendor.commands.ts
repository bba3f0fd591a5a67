import { STANDARD_VAT_RATE } from '@parade/core/vat';
import type {
  VendorProduct,
  VendorVariation,
  vendorProductCreateSchema,
  vendorProductUpdateSchema,
  vendorVariationCreateSchema,
  vendorVariationUpdateSchema,
} from '@parade/core/vendor-schemas';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { AppError, invalidField, notFound } from '../../lib/errors';
import { freeSlug, slugRace } from '../../lib/slugs';
import { brands, categories, products, productVariations, subCategories } from './catalog.tables';
import { refreshProductListings } from './read-model';
import { takenSlugs } from './slugs';
import { findVendorProduct, toVendorVariation } from './vendor.queries';

/**
 * The merchant's catalogue writes (decision 010, like catalog.commands.ts): each checks that the
 * product or variation is the caller's shop's, writes the source tables and refreshes the read
 * model of the products it touched in the same transaction, so the storefront's lists, search
 * and shop pages show the change on the next request. Another shop's object reads as missing
 * (null/false, the route's 404). Inputs are core's parsed schemas: no shop id, no read-model column.
 */

type ProductInput = z.output<typeof vendorProductCreateSchema>;
type ProductChanges = z.output<typeof vendorProductUpdateSchema>;
type VariationInput = z.output<typeof vendorVariationCreateSchema>;
type VariationChanges = z.output<typeof vendorVariationUpdateSchema>;

export const MAX_IMAGES_PER_VARIATION = 20;

/** The category, sub-category and brand must exist, and the sub-category sit under the category. */
async function checkRefs(
  tx: DbOrTx,
  refs: { categoryId: number | null; subCategoryId: number | null; brandId: number | null },
): Promise<void> {
  if (refs.categoryId !== null) {
    const [found] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.id, refs.categoryId));
    if (!found) throw invalidField('category_id', 'No such category.');
  }
  if (refs.subCategoryId !== null) {
    const [found] = await tx
      .select({ categoryId: subCategories.categoryId })
      .from(subCategories)
      .where(eq(subCategories.id, refs.subCategoryId));
    if (!found) throw invalidField('sub_category_id', 'No such sub-category.');
    if (refs.categoryId !== null && found.categoryId !== refs.categoryId) {
      throw invalidField('sub_category_id', 'This sub-category is not under the chosen category.');
    }
  }
  if (refs.brandId !== null) {
    const [found] = await tx.select({ id: brands.id }).from(brands).where(eq(brands.id, refs.brandId));
    if (!found) throw invalidField('brand_id', 'No such brand.');
  }
}

/**
 * The VAT rate a new variation of a product in this category takes when its merchant names none
 * (contract: "VAT"): the category's, or the standard rate for a product without one.
 */
async function categoryVatRate(tx: DbOrTx, categoryId: number | null): Promise<number> {
  if (categoryId === null) return STANDARD_VAT_RATE;
  const [row] = await tx.select({ vatRate: categories.vatRate }).from(categories).where(eq(categories.id, categoryId));
  return row?.vatRate ?? STANDARD_VAT_RATE;
}

async function insertVariation(
  tx: DbOrTx,
  product: { id: number; name: string; type: 'Physical' | 'Digital'; vatRate: number },
  input: VariationInput,
  position: number,
): Promise<number> {
  const slug = await freeSlug(
    input.slug,
    input.name,
    takenSlugs(tx, productVariations, { scope: eq(productVariations.productId, product.id) }),
  );
  const [row] = await tx
    .insert(productVariations)
    .values({
      productId: product.id,
      name: input.name,
      slug,
      fullName: `${product.name} ${input.name}`,
      sku: input.sku ?? null,
      price: input.price,
      compareAtPrice: input.compare_at_price ?? null,
      vatRate: input.vat_rate ?? product.vatRate,
      // Digital goods are unlimited unless the shop says otherwise; physical ones start at none.
      stock: input.stock !== undefined ? input.stock : product.type === 'Digital' ? null : 0,
      isActive: input.is_active ?? true,
      position: input.position ?? position,
    })
    .returning({ id: productVariations.id });
  if (!row) throw new Error('The variation insert returned no row');
  return row.id;
}

/** POST vendor/products: the product and its first variations; returns its id. */
export async function createVendorProduct(db: DbOrTx, shopId: number, input: ProductInput): Promise<number> {
  return slugRace(() =>
    db.transaction(async (tx) => {
      const refs = {
        categoryId: input.category_id ?? null,
        subCategoryId: input.sub_category_id ?? null,
        brandId: input.brand_id ?? null,
      };
      await checkRefs(tx, refs);
      const slug = await freeSlug(
        input.slug,
        input.name,
        takenSlugs(tx, products, { scope: eq(products.shopId, shopId) }),
      );
      const type = input.type ?? 'Physical';
      const [row] = await tx
        .insert(products)
        .values({
          shopId,
          name: input.name,
          slug,
          type,
          description: input.description ?? null,
          ...refs,
          isActive: input.is_active ?? true,
        })
        .returning({ id: products.id });
      if (!row) throw new Error('The product insert returned no row');
      const vatRate = await categoryVatRate(tx, refs.categoryId);
      let position = 0;
      for (const variation of input.variations ?? []) {
        await insertVariation(tx, { id: row.id, name: input.name, type, vatRate }, variation, position++);
      }
      await refreshProductListings(tx, { productIds: [row.id] });
      return row.id;
    }),
  );
}

/** PUT vendor/products/{id} (and publish/unpublish): only the fields given; false when not the shop's. */
export async function updateVendorProduct(
  db: DbOrTx,
  shopId: number,
  productId: number,
  changes: ProductChanges,
): Promise<boolean> {
  return slugRace(() =>
    db.transaction(async (tx) => {
      const [current] = await tx
        .select()
        .from(products)
        .where(and(eq(products.id, productId), eq(products.shopId, shopId)))
        .for('update');
      if (!current) return false;
      const refs = {
        categoryId: changes.category_id !== undefined ? changes.category_id : current.categoryId,
        subCategoryId: changes.sub_category_id !== undefined ? changes.sub_category_id : current.subCategoryId,
        brandId: changes.brand_id !== undefined ? changes.brand_id : current.brandId,
      };
      if (
        changes.category_id !== undefined ||
        changes.sub_category_id !== undefined ||
        changes.brand_id !== undefined
      ) {
        await checkRefs(tx, refs);
      }
      const slug =
        changes.slug !== undefined && changes.slug.toLowerCase() !== current.slug
          ? await freeSlug(
              changes.slug,
              current.name,
              takenSlugs(tx, products, { scope: eq(products.shopId, shopId), exceptId: productId }),
            )
          : current.slug;
      const name = changes.name ?? current.name;
      await tx
        .update(products)
        .set({
          name,
          slug,
          ...(changes.type !== undefined ? { type: changes.type } : {}),
          ...(changes.description !== undefined ? { description: changes.description } : {}),
          ...refs,
          ...(changes.is_active !== undefined ? { isActive: changes.is_active } : {}),
        })
        .where(eq(products.id, productId));
      if (name !== current.name) {
        // Variations carry "product name + variation name" for search and order lines.
        await tx
          .update(productVariations)
          .set({ fullName: sql`${name} || ' ' || ${productVariations.name}` })
          .where(eq(productVariations.productId, productId));
      }
      await refreshProductListings(tx, { productIds: [productId] });
      return true;
    }),
  );
}

/**
 * DELETE vendor/products/{id}: the product and its variations (order lines keep their copies).
 * Answers the product as it was just before (read in the transaction, under the product's row
 * lock), or null when it is not the shop's.
 */
export async function deleteVendorProduct(
  db: DbOrTx,
  shopId: number,
  productId: number,
): Promise<VendorProduct | null> {
  return db.transaction(async (tx) => {
    const [own] = await tx
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.id, productId), eq(products.shopId, shopId)))
      .for('update');
    const product = own ? await findVendorProduct(tx, shopId, productId) : null;
    if (!product) return null;
    await tx.delete(products).where(eq(products.id, productId));
    // Nothing left to recompute, but the refresh drops the cached lists that showed it.
    await refreshProductListings(tx, { productIds: [productId] });
    return product;
  });
}

/** POST vendor/products/{id}/variations: returns the new variation's id, or null when the product is not the shop's. */
export async function createVendorVariation(
  db: DbOrTx,
  shopId: number,
  productId: number,
  input: VariationInput,
): Promise<number | null> {
  return slugRace(() =>
    db.transaction(async (tx) => {
      const [product] = await tx
        .select({ id: products.id, name: products.name, type: products.type, categoryId: products.categoryId })
        .from(products)
        .where(and(eq(products.id, productId), eq(products.shopId, shopId)))
        .for('update');
      if (!product) return null;
      const [last] = await tx
        .select({ position: sql<number>`coalesce(max(${productVariations.position}) + 1, 0)::int` })
        .from(productVariations)
        .where(eq(productVariations.productId, productId));
      const vatRate = await categoryVatRate(tx, product.categoryId);
      const id = await insertVariation(tx, { ...product, vatRate }, input, last?.position ?? 0);
      await refreshProductListings(tx, { productIds: [productId] });
      return id;
    }),
  );
}

/** The variation and its product, locked, when they are the shop's. */
async function lockOwnVariation(tx: DbOrTx, shopId: number, variationId: number) {
  const [row] = await tx
    .select({ variation: productVariations, productName: products.name, productType: products.type })
    .from(productVariations)
    .innerJoin(products, eq(products.id, productVariations.productId))
    .where(and(eq(productVariations.id, variationId), eq(products.shopId, shopId)))
    .for('update');
  return row ?? null;
}

/**
 * Locks the shop's product's variations for a deletion that must first ask another module about
 * them (workflows/delete-from-catalogue.ts); their ids, or null when the product is not the shop's.
 * An order line being written for one of them waits for the deletion (its foreign key's lock).
 */
export async function lockShopProductVariations(
  tx: DbOrTx,
  shopId: number,
  productId: number,
): Promise<number[] | null> {
  const [product] = await tx
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.shopId, shopId)))
    .for('update');
  if (!product) return null;
  const rows = await tx
    .select({ id: productVariations.id })
    .from(productVariations)
    .where(eq(productVariations.productId, productId))
    .for('update');
  return rows.map((row) => row.id);
}

/** Locks one of the shop's variations, as lockShopProductVariations does; false when it is not the shop's. */
export async function lockShopVariation(tx: DbOrTx, shopId: number, variationId: number): Promise<boolean> {
  return (await lockOwnVariation(tx, shopId, variationId)) !== null;
}

/** PUT vendor/variations/{id}: only the fields given; false when not the shop's. */
export async function updateVendorVariation(
  db: DbOrTx,
  shopId: number,
  variationId: number,
  changes: VariationChanges,
): Promise<boolean> {
  return slugRace(() =>
    db.transaction(async (tx) => {
      const own = await lockOwnVariation(tx, shopId, variationId);
      if (!own) return false;
      const { variation } = own;
      if (changes.images !== undefined) {
        // Reorder or drop only: a URL the variation does not already have is refused.
        const known = new Set(variation.images);
        const unknown = changes.images.filter((url) => !known.has(url));
        if (unknown.length > 0)
          throw invalidField('images', 'Upload new pictures first; these are not this variation’s.');
      }
      const name = changes.name ?? variation.name;
      const slug =
        changes.slug !== undefined && changes.slug.toLowerCase() !== variation.slug
          ? await freeSlug(
              changes.slug,
              name,
              takenSlugs(tx, productVariations, {
                scope: eq(productVariations.productId, variation.productId),
                exceptId: variationId,
              }),
            )
          : variation.slug;
      await tx
        .update(productVariations)
        .set({
          name,
          slug,
          fullName: `${own.productName} ${name}`,
          ...(changes.sku !== undefined ? { sku: changes.sku } : {}),
          ...(changes.price !== undefined ? { price: changes.price } : {}),
          ...(changes.compare_at_price !== undefined ? { compareAtPrice: changes.compare_at_price } : {}),
          ...(changes.vat_rate !== undefined ? { vatRate: changes.vat_rate } : {}),
          ...(changes.stock !== undefined ? { stock: changes.stock } : {}),
          ...(changes.is_active !== undefined ? { isActive: changes.is_active } : {}),
          ...(changes.position !== undefined ? { position: changes.position } : {}),
          ...(changes.images !== undefined ? { images: [...new Set(changes.images)] } : {}),
        })
        .where(eq(productVariations.id, variationId));
      await refreshProductListings(tx, { productIds: [variation.productId] });
      return true;
    }),
  );
}

/**
 * DELETE vendor/variations/{id}: answers the variation as it was just before (its locked row),
 * or null when not the shop's. Order lines keep their copies (variation_id becomes null).
 */
export async function deleteVendorVariation(
  db: DbOrTx,
  shopId: number,
  variationId: number,
): Promise<VendorVariation | null> {
  return db.transaction(async (tx) => {
    const own = await lockOwnVariation(tx, shopId, variationId);
    if (!own) return null;
    await tx.delete(productVariations).where(eq(productVariations.id, variationId));
    await refreshProductListings(tx, { productIds: [own.variation.productId] });
    return toVendorVariation(own.variation);
  });
}

/** A file already written under digital/ of the object store (lib/digital-files.ts), to attach to a variation. */
export interface DigitalFileInput {
  path: string;
  name: string;
  size: number;
  contentType: string;
}

/** 422 for a file sent to a physical product's variation. */
export const notDigitalVariation = () =>
  invalidField('file', 'Only variations of a digital product take a file. Set the product’s type to Digital first.');

/**
 * The stored file a variation let go of, when no variation uses it any more: the caller deletes
 * it from disk once the transaction has committed (a rollback must still find it). Benchmark
 * data shares one demo file between many variations, hence the check.
 */
async function unusedAfter(tx: DbOrTx, previous: string | null, kept: string | null): Promise<string | null> {
  if (previous === null || previous === kept) return null;
  const [still] = await tx
    .select({ id: productVariations.id })
    .from(productVariations)
    .where(eq(productVariations.digitalFile, previous))
    .limit(1);
  return still ? null : previous;
}

/**
 * POST vendor/variations/{id}/digital-file: attaches the stored file to a variation of a digital
 * product of the shop, replacing its file. Null when the variation is not the shop's; 422 when
 * its product is physical. `unused` is the replaced file, to delete after the commit.
 */
export async function setVendorDigitalFile(
  db: DbOrTx,
  shopId: number,
  variationId: number,
  file: DigitalFileInput,
): Promise<{ unused: string | null } | null> {
  return db.transaction(async (tx) => {
    const own = await lockOwnVariation(tx, shopId, variationId);
    if (!own) return null;
    if (own.productType !== 'Digital') throw notDigitalVariation();
    await tx
      .update(productVariations)
      .set({
        digitalFile: file.path,
        digitalFileName: file.name,
        digitalFileSize: file.size,
        digitalFileType: file.contentType,
      })
      .where(eq(productVariations.id, variationId));
    // A digital variation is for sale only with its file (read-model.ts): this may list it.
    await refreshProductListings(tx, { productIds: [own.variation.productId] });
    return { unused: await unusedAfter(tx, own.variation.digitalFile, file.path) };
  });
}

/**
 * DELETE vendor/variations/{id}/digital-file: the variation keeps no file (whatever its product's
 * type, so a file left on a product made physical can still go). Null when not the shop's;
 * `unused` is the removed file, to delete after the commit.
 */
export async function removeVendorDigitalFile(
  db: DbOrTx,
  shopId: number,
  variationId: number,
): Promise<{ unused: string | null } | null> {
  return db.transaction(async (tx) => {
    const own = await lockOwnVariation(tx, shopId, variationId);
    if (!own) return null;
    if (own.variation.digitalFile === null) return { unused: null };
    await tx
      .update(productVariations)
      .set({ digitalFile: null, digitalFileName: null, digitalFileSize: null, digitalFileType: null })
      .where(eq(productVariations.id, variationId));
    // Without its file a digital variation is no longer for sale (read-model.ts).
    await refreshProductListings(tx, { productIds: [own.variation.productId] });
    return { unused: await unusedAfter(tx, own.variation.digitalFile, null) };
  });
}

/**
 * Appends uploaded pictures to a variation of the product (the given one, else the product's
 * first); returns the variation's pictures after, or null when the product or variation is not
 * the shop's.
 */
export async function addVendorVariationImages(
  db: DbOrTx,
  shopId: number,
  productId: number,
  variationId: number | undefined,
  urls: string[],
): Promise<string[] | null> {
  return db.transaction(async (tx) => {
    const [target] = await tx
      .select({ id: productVariations.id, images: productVariations.images })
      .from(productVariations)
      .innerJoin(products, eq(products.id, productVariations.productId))
      .where(
        and(
          eq(products.id, productId),
          eq(products.shopId, shopId),
          variationId !== undefined ? eq(productVariations.id, variationId) : undefined,
        ),
      )
      .orderBy(productVariations.position, productVariations.id)
      .limit(1)
      .for('update');
    if (!target) return null;
    const images = [...target.images, ...urls];
    if (images.length > MAX_IMAGES_PER_VARIATION) {
      throw new AppError(
        422,
        `A variation has at most ${MAX_IMAGES_PER_VARIATION} pictures.`,
        { images: [`A variation has at most ${MAX_IMAGES_PER_VARIATION} pictures.`] },
        'image_invalid',
      );
    }
    await tx.update(productVariations).set({ images }).where(eq(productVariations.id, target.id));
    await refreshProductListings(tx, { productIds: [productId] });
    return images;
  });
}

/**
 * Bulk stock edit: every line's variation must be the shop's, else 404 and nothing changes.
 * Returns the ids written.
 */
export async function setVendorStocks(
  db: DbOrTx,
  shopId: number,
  items: { variation_id: number; stock: number | null }[],
): Promise<number[]> {
  return db.transaction(async (tx) => {
    const ids = [...new Set(items.map((i) => i.variation_id))];
    const own = await tx
      .select({ id: productVariations.id, productId: productVariations.productId })
      .from(productVariations)
      .innerJoin(products, eq(products.id, productVariations.productId))
      .where(and(inArray(productVariations.id, ids), eq(products.shopId, shopId)))
      .orderBy(productVariations.id)
      .for('update');
    if (own.length !== ids.length) throw notFound('No such variation.', 'variation_not_found');
    // The last line for a variation wins, as if applied in order.
    const stockOf = new Map(items.map((i) => [i.variation_id, i.stock]));
    for (const id of ids) {
      await tx
        .update(productVariations)
        .set({ stock: stockOf.get(id) ?? null })
        .where(eq(productVariations.id, id));
    }
    await refreshProductListings(tx, { productIds: [...new Set(own.map((r) => r.productId))] });
    return ids;
  });
}
