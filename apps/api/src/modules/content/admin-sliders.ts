import type { AdminSlider, adminSliderInputSchema } from '@parade/core/admin-schemas';
import type { SliderType } from '@parade/core/enums';
import { type Paginated, paginate } from '@parade/core/envelope';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { ilikeAny } from '../../lib/text-match';
import { type ContentListQuery, countAll, orderBy, orNull } from './admin-lists';
import { sliders } from './content.tables';
import { changeContent } from './content-generation';

type SliderInput = z.output<typeof adminSliderInputSchema>;
export type SliderSortKey = 'created_at' | 'position' | 'title';

/** The home page's sliders and banners as the admin edits them: inactive ones too. */
const toAdminSlider = (row: typeof sliders.$inferSelect): AdminSlider => ({
  id: row.id,
  type: row.type,
  title: row.title,
  caption: row.caption,
  image: row.image,
  mobile_image: row.mobileImage,
  link: row.link,
  position: row.position,
  is_active: row.isActive,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

export async function listAdminSliders(
  db: DbOrTx,
  query: ContentListQuery<SliderSortKey> & { type?: SliderType },
): Promise<Paginated<AdminSlider>> {
  const where = and(
    query.type ? eq(sliders.type, query.type) : undefined,
    ilikeAny(query.search, sliders.title, sliders.caption),
  );
  const order = orderBy(
    { created_at: sliders.createdAt, position: sliders.position, title: sliders.title },
    sliders.createdAt,
    sliders.id,
    query.sort,
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(sliders)
      .where(where)
      .orderBy(...order)
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage),
    db.select({ total: countAll() }).from(sliders).where(where),
  ]);
  return paginate(rows.map(toAdminSlider), Number(counted?.total ?? 0), query.page, query.perPage);
}

export async function findAdminSlider(db: DbOrTx, id: number): Promise<AdminSlider | null> {
  const [row] = await db.select().from(sliders).where(eq(sliders.id, id));
  return row ? toAdminSlider(row) : null;
}

/** The columns an input sets: only the fields sent (an update leaves the others as they are). */
function columnsOf(input: Partial<SliderInput>) {
  return {
    ...(input.type !== undefined ? { type: input.type } : {}),
    ...(input.title !== undefined ? { title: input.title } : {}),
    ...(input.caption !== undefined ? { caption: orNull(input.caption) } : {}),
    ...(input.image !== undefined ? { image: input.image } : {}),
    ...(input.mobile_image !== undefined ? { mobileImage: orNull(input.mobile_image) } : {}),
    ...(input.link !== undefined ? { link: orNull(input.link) } : {}),
    ...(input.position !== undefined ? { position: input.position } : {}),
    ...(input.is_active !== undefined ? { isActive: input.is_active } : {}),
  };
}

/** Creates a slider (id null) or changes the fields sent; null when there is no such slider. */
export async function saveSlider(db: DbOrTx, id: number | null, input: Partial<SliderInput>): Promise<number | null> {
  return changeContent(async () => {
    if (id === null) {
      const [row] = await db
        .insert(sliders)
        .values({ type: input.type ?? 'home_page_slide', image: input.image ?? '', ...columnsOf(input) })
        .returning({ id: sliders.id });
      return row?.id ?? null;
    }
    const changes = columnsOf(input);
    if (Object.keys(changes).length === 0) return (await findAdminSlider(db, id)) ? id : null;
    const rows = await db.update(sliders).set(changes).where(eq(sliders.id, id)).returning({ id: sliders.id });
    return rows[0]?.id ?? null;
  });
}

/** Deletes a slider; answers it as it was just before (the deleted row), or null when there is none. */
export async function deleteSlider(db: DbOrTx, id: number): Promise<AdminSlider | null> {
  return changeContent(async () => {
    const [row] = await db.delete(sliders).where(eq(sliders.id, id)).returning();
    return row ? toAdminSlider(row) : null;
  });
}
