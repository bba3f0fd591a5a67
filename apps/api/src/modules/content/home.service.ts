import type { HomeData, Slider } from '@parade/core/catalog-dto';
import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { safeImageUrl, safeLink } from '../../lib/sanitize';
import { hasListedProducts, listBrandRefs, listCategoryTree, topCards } from '../catalog';
import { listVendors } from '../shops';
import { sliders } from './content.tables';

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
  const [categories, brands, vendors, newest, popular, slides] = await Promise.all([
    listCategoryTree(db),
    listBrandRefs(db),
    listVendors(db, hasListedProducts),
    topCards(db, { sortBy: 'date', descending: true }, HOME_PRODUCTS),
    topCards(db, { sortBy: 'best_selling', descending: true }, HOME_PRODUCTS),
    listSliders(db),
  ]);
  return {
    categories,
    category_with_children: categories.filter((c) => c.sub_categories.length > 0),
    brands,
    vendors,
    products: newest,
    popular_products: popular,
    sliders: slides,
  };
}
