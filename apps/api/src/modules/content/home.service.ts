import type { HomeData, Ref, Slider } from '@parade/core/catalog-dto';
import { asc, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { brands, products } from '../catalog/catalog.tables';
import { listCategoryTree } from '../catalog/categories.service';
import { listCards } from '../catalog/product-cards';
import { listVendors } from '../shops/shops.service';
import { sliders } from './content.tables';
import { safeImageUrl, safeLink } from './sanitize';

/** How many cards the home page shows in each row. */
export const HOME_PRODUCTS = 12;

/** Active sliders of the three types, in display order. */
export async function listSliders(db: DbOrTx): Promise<Slider[]> {
  const rows = await db
    .select()
    .from(sliders)
    .where(eq(sliders.isActive, true))
    .orderBy(asc(sliders.type), asc(sliders.position), asc(sliders.id));
  return rows.map((s) => ({
    id: s.id,
    type: s.type,
    image: safeImageUrl(s.image),
    mobile_image: s.mobileImage ? safeImageUrl(s.mobileImage) || null : null,
    title: s.title,
    caption: s.caption,
    link: safeLink(s.link),
  }));
}

/** GET /home: everything the home page shows, in one reply (the queries run in parallel). */
export async function getHomeData(db: DbOrTx): Promise<HomeData> {
  const [categories, brandRows, vendors, newest, popular, slides] = await Promise.all([
    listCategoryTree(db),
    db
      .select({ id: brands.id, name: brands.name, slug: brands.slug })
      .from(brands)
      .orderBy(asc(brands.name), asc(brands.id)),
    listVendors(db),
    listCards(db, { order: () => [desc(products.createdAt), desc(products.id)], limit: HOME_PRODUCTS }),
    listCards(db, {
      order: (card) => [desc(card.productUnitsSold), desc(products.createdAt), desc(products.id)],
      limit: HOME_PRODUCTS,
    }),
    listSliders(db),
  ]);
  return {
    categories,
    category_with_children: categories.filter((c) => c.sub_categories.length > 0),
    brands: brandRows.map((b): Ref => ({ id: b.id, name: b.name, slug: b.slug })),
    vendors,
    products: newest,
    popular_products: popular,
    sliders: slides,
  };
}
