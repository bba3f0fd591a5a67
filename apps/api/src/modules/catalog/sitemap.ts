import { and, asc, between, eq, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { products, productVariations } from './catalog.tables';

/** Products per sitemap file: the sitemaps protocol's limit of 50,000 URLs. */
export const SITEMAP_PRODUCTS_PER_FILE = 50_000;

/**
 * How many product sitemaps there are: one per SITEMAP_PRODUCTS_PER_FILE product ids, so a file's
 * rows are an id range of the primary key (no offset to skip at a million products). A range of
 * removed products makes a short or empty file, never a long one.
 */
export async function productSitemapCount(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ last: sql<number | null>`max(${products.id})` }).from(products);
  return Math.max(1, Math.ceil(Number(row?.last ?? 0) / SITEMAP_PRODUCTS_PER_FILE));
}

/**
 * Which products a product sitemap lists: the listable ones (the read model's rule: active product,
 * active shop, an active variation) whose page has a URL (their shop's slug and card variation).
 * `npm run bench -- --only SITEMAP` counts with it too, to check the files list every one.
 */
const inSitemap = () =>
  and(eq(products.listable, true), isNotNull(products.shopSlug), isNotNull(products.cardVariationSlug));

/** How many products the product sitemaps list, all files together (the bench's check). */
export async function productSitemapTotal(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(products).where(inSitemap());
  return Number(row?.n ?? 0);
}

/**
 * Product ids read at once for a sitemap file: a file is written as it is read, a batch at a time,
 * so a crawler reading the 50,000 products of a file no longer holds them all (and their XML) in
 * memory at once: that took the server from 174 to 276 MiB resident for two files (decision 037).
 */
export const SITEMAP_READ_BATCH = 2_500;

/**
 * The listable products of one product sitemap (numbered from 1), by id, in batches of
 * SITEMAP_READ_BATCH ids: their page's path parts and last change.
 */
export async function* productSitemapEntries(
  db: DbOrTx,
  file: number,
): AsyncGenerator<{ shopSlug: string; slug: string; variationSlug: string; updatedAt: Date }[]> {
  const first = (file - 1) * SITEMAP_PRODUCTS_PER_FILE + 1;
  const last = first + SITEMAP_PRODUCTS_PER_FILE - 1;
  for (let from = first; from <= last; from += SITEMAP_READ_BATCH) {
    const rows = await db
      .select({
        shopSlug: products.shopSlug,
        slug: products.slug,
        variationSlug: products.cardVariationSlug,
        updatedAt: products.updatedAt,
      })
      .from(products)
      .where(and(inSitemap(), between(products.id, from, Math.min(last, from + SITEMAP_READ_BATCH - 1))))
      .orderBy(asc(products.id));
    yield rows.map((row) => ({
      shopSlug: row.shopSlug!,
      slug: row.slug,
      variationSlug: row.variationSlug!,
      updatedAt: row.updatedAt,
    }));
  }
}

/**
 * The shops with a listable product (an empty shop is not listed publicly, issue 23), by slug.
 * A skip scan of the listable products' (shop_slug, slug) index: one probe per shop for the next
 * slug after the last. A DISTINCT over the table read every listable row: at a million products
 * 94,000 pages, which a busy machine did not finish within the 5 s statement timeout (the pages
 * sitemap answered 503; docs/performance.md, "Sitemaps at 100,000 and 1,000,000 products").
 */
export async function listedShopSlugs(db: DbOrTx): Promise<string[]> {
  const next = (after: SQL | null) =>
    sql`(select ${products.shopSlug} from ${products} where ${products.listable} and ${products.shopSlug} is not null${
      after ? sql` and ${products.shopSlug} > ${after}` : sql``
    } order by ${products.shopSlug} limit 1)`;
  const reply = (await db.execute(sql`
    with recursive shop(slug) as (
      ${next(null)}
      union all
      select ${next(sql.raw('shop.slug'))} from shop where shop.slug is not null
    )
    select slug from shop where slug is not null order by slug`)) as unknown as { rows: { slug: string | null }[] };
  const rows = reply.rows;
  return rows.flatMap((row) => (row.slug ? [row.slug] : []));
}

/**
 * Whether a product page's URL names a product on sale: its shop's slug, its slug and one of its
 * active variations, listable (the storefront's 404 otherwise; issue 25, "Real status codes").
 */
export async function productPageExists(
  db: DbOrTx,
  page: { vendor: string; product: string; variation: string },
): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(products)
    .innerJoin(productVariations, eq(productVariations.productId, products.id))
    .where(
      and(
        eq(products.shopSlug, page.vendor),
        eq(products.slug, page.product),
        eq(products.listable, true),
        eq(productVariations.slug, page.variation),
        eq(productVariations.isActive, true),
      ),
    )
    .limit(1);
  return row !== undefined;
}
