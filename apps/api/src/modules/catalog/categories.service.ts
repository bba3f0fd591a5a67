import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { brandSubCategories, brands, categories, subCategories } from './catalog.tables';

export interface BrandRef {
  id: number;
  name: string;
  slug: string;
}
export interface CategoryTree {
  id: number;
  name: string;
  slug: string;
  image: string | null;
  vat_rate: number;
  sub_categories: { id: number; name: string; slug: string; brands: BrandRef[] }[];
}

/** Categories -> sub-categories -> brands, in display order (three flat queries, joined in memory). */
export async function listCategoryTree(db: DbOrTx): Promise<CategoryTree[]> {
  const [cats, subs, links] = await Promise.all([
    db.select().from(categories).orderBy(asc(categories.position), asc(categories.name)),
    db.select().from(subCategories).orderBy(asc(subCategories.position), asc(subCategories.name)),
    db
      .select({ subCategoryId: brandSubCategories.subCategoryId, id: brands.id, name: brands.name, slug: brands.slug })
      .from(brandSubCategories)
      .innerJoin(brands, eq(brands.id, brandSubCategories.brandId))
      .orderBy(asc(brands.name)),
  ]);
  const brandsBySub = new Map<number, BrandRef[]>();
  for (const { subCategoryId, ...brand } of links) {
    const list = brandsBySub.get(subCategoryId) ?? [];
    list.push(brand);
    brandsBySub.set(subCategoryId, list);
  }
  return cats.map((c) => ({
    id: c.id,
    name: c.name,
    slug: c.slug,
    image: c.image,
    vat_rate: c.vatRate,
    sub_categories: subs
      .filter((s) => s.categoryId === c.id)
      .map((s) => ({ id: s.id, name: s.name, slug: s.slug, brands: brandsBySub.get(s.id) ?? [] })),
  }));
}
