import type { AdminShop, ShopStatus } from '@parade/core/admin-schemas';
import { type FieldErrors, type Paginated, paginate } from '@parade/core/envelope';
import type { VendorShop, vendorShopUpdateSchema } from '@parade/core/vendor-schemas';
import { and, asc, desc, eq, like, type SQLWrapper, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/errors';
import { allShopUploadPrefixes, isOwnPicture } from '../../lib/own-pictures';
import { freeSlug } from '../../lib/slugs';
import { ilikeAny, startsWithPattern } from '../../lib/text-match';
import { shops } from './shops.tables';

type ShopRow = typeof shops.$inferSelect;
type ProfileChanges = z.output<typeof vendorShopUpdateSchema>;

const image = (url: string | null) => (url ? { url } : null);
const statusOf = (row: ShopRow): ShopStatus => (row.isActive ? 'active' : 'suspended');

function toVendorShop(row: ShopRow): VendorShop {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    tagline: row.tagline,
    description: row.description,
    logo: image(row.logo),
    banner: image(row.banner),
    slides: row.slides,
    address: row.address,
    city: row.city,
    postcode: row.postcode,
    phone: row.phone,
    email: row.email,
    opening_hours: row.openingHours,
    points_per_pound: row.pointsPerPound,
    holiday_mode: row.holidayMode,
    holiday_message: row.holidayMessage,
    vat_number: row.vatNumber,
    status: statusOf(row),
  };
}

/** GET vendor/shop: the caller's shop, or null. */
export async function findVendorShop(db: DbOrTx, shopId: number): Promise<VendorShop | null> {
  const [row] = await db.select().from(shops).where(eq(shops.id, shopId)).limit(1);
  return row ? toVendorShop(row) : null;
}

const NOT_OWN_PICTURE = "Choose one of your shop's own pictures.";

/**
 * A slide's pictures must be the shop's own: files it uploaded (logo, banner, offer and product
 * pictures), or ones the shop already shows (its slides, logo and banner as they are, e.g. the
 * seeded demo pictures). Another shop's upload is refused (422 `image_invalid`, naming each
 * field) although its URL is public: a shop's page is its own to fill. The row is read FOR
 * UPDATE so the pictures "already shown" are the ones the update replaces.
 */
async function checkSlidePictures(db: DbOrTx, shopId: number, slides: NonNullable<ProfileChanges['slides']>) {
  const [current] = await db
    .select({ slides: shops.slides, logo: shops.logo, banner: shops.banner })
    .from(shops)
    .where(eq(shops.id, shopId))
    .for('update');
  if (!current) return;
  const kept = [current.logo, current.banner, ...current.slides.flatMap((s) => [s.image, s.mobile_image])];
  const own = allShopUploadPrefixes(shopId);
  const errors: FieldErrors = {};
  slides.forEach((slide, index) => {
    for (const field of ['image', 'mobile_image'] as const) {
      const url = slide[field];
      if (url && !isOwnPicture(url, own, kept)) errors[`slides.${index}.${field}`] = [NOT_OWN_PICTURE];
    }
  });
  if (Object.keys(errors).length > 0) throw new AppError(422, NOT_OWN_PICTURE, errors, 'image_invalid');
}

/**
 * PUT vendor/shop: only the fields sent change. Name, slug and status are not among them (the
 * platform's), whatever the body carried. Returns the shop after, or null.
 */
export async function updateShopProfile(
  db: DbOrTx,
  shopId: number,
  changes: ProfileChanges,
): Promise<VendorShop | null> {
  const set: Partial<typeof shops.$inferInsert> = {};
  if (changes.slides !== undefined) await checkSlidePictures(db, shopId, changes.slides);
  if (changes.tagline !== undefined) set.tagline = changes.tagline || null;
  if (changes.description !== undefined) set.description = changes.description || null;
  if (changes.slides !== undefined) set.slides = changes.slides;
  if (changes.address !== undefined) set.address = changes.address;
  if (changes.city !== undefined) set.city = changes.city;
  if (changes.postcode !== undefined) set.postcode = changes.postcode;
  if (changes.phone !== undefined) set.phone = changes.phone || null;
  if (changes.email !== undefined) set.email = changes.email || null;
  if (changes.opening_hours !== undefined) set.openingHours = changes.opening_hours || null;
  if (changes.points_per_pound !== undefined) set.pointsPerPound = changes.points_per_pound;
  if (changes.holiday_mode !== undefined) set.holidayMode = changes.holiday_mode;
  if (changes.holiday_message !== undefined) set.holidayMessage = changes.holiday_message || null;
  // Orders already placed keep the number they were placed under (orders.vat_number), so a change applies to new ones.
  if (changes.vat_number !== undefined) set.vatNumber = changes.vat_number;
  if (Object.keys(set).length === 0) return findVendorShop(db, shopId);
  const [row] = await db.update(shops).set(set).where(eq(shops.id, shopId)).returning();
  return row ? toVendorShop(row) : null;
}

/** Sets the shop's logo or banner URL; returns the URL it replaced (to delete), or undefined when no such shop. */
export async function setShopImage(
  db: DbOrTx,
  shopId: number,
  kind: 'logo' | 'banner',
  url: string,
): Promise<string | null | undefined> {
  const column = kind === 'logo' ? shops.logo : shops.banner;
  const [before] = await db.select({ url: column }).from(shops).where(eq(shops.id, shopId)).for('update');
  if (!before) return undefined;
  await db
    .update(shops)
    .set(kind === 'logo' ? { logo: url } : { banner: url })
    .where(eq(shops.id, shopId));
  return before.url;
}

/** A new shop for an accepted shop-create request: active, named from the request, with a free slug and the request's logo. */
export async function createShop(
  db: DbOrTx,
  values: {
    name: string;
    description: string | null;
    phone: string;
    email: string;
    address: string;
    postcode: string;
    /** The logo's public URL (under /uploads/), or null for none. */
    logo?: string | null;
  },
): Promise<number> {
  const takenSlugs = async (prefix: string) =>
    (
      await db
        .select({ slug: shops.slug })
        .from(shops)
        .where(like(shops.slug, startsWithPattern(prefix)))
    ).map((row) => row.slug);
  const slug = await freeSlug(undefined, values.name, takenSlugs, { maxLength: 100, fallback: 'shop' });
  const [row] = await db
    .insert(shops)
    .values({
      name: values.name,
      slug,
      description: values.description,
      phone: values.phone,
      email: values.email,
      address: values.address,
      postcode: values.postcode,
      logo: values.logo ?? null,
    })
    .returning({ id: shops.id });
  if (!row) throw new Error('The shop insert returned no row');
  return row.id;
}

export type AdminShopBase = Omit<AdminShop, 'owner' | 'product_count'>;

function toAdminShopBase(row: ShopRow): AdminShopBase {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    status: statusOf(row),
    address: row.address,
    city: row.city,
    postcode: row.postcode,
    phone: row.phone,
    email: row.email,
    points_per_pound: row.pointsPerPound,
    holiday_mode: row.holidayMode,
    vat_number: row.vatNumber,
    created_at: row.createdAt.toISOString(),
  };
}

const shopSorts: Record<'created_at' | 'name', SQLWrapper> = { created_at: shops.createdAt, name: shops.name };

/** GET admin/shops: every shop, active or suspended, newest first unless sorted; `search` matches name, slug and e-mail. */
export async function listShopsForAdmin(
  db: DbOrTx,
  query: {
    page: number;
    perPage: number;
    search?: string;
    status?: ShopStatus;
    sort?: { key: 'created_at' | 'name'; desc: boolean };
  },
): Promise<Paginated<AdminShopBase>> {
  const where = and(
    query.status ? eq(shops.isActive, query.status === 'active') : undefined,
    ilikeAny(query.search, shops.name, shops.slug, shops.email),
  );
  const direction = query.sort && !query.sort.desc ? asc : desc;
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(shops)
      .where(where)
      .orderBy(direction(shopSorts[query.sort?.key ?? 'created_at']), direction(shops.id))
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage),
    db.select({ total: sql<number>`count(*)::int` }).from(shops).where(where),
  ]);
  return paginate(rows.map(toAdminShopBase), Number(counted?.total ?? 0), query.page, query.perPage);
}

export async function findShopForAdmin(db: DbOrTx, shopId: number): Promise<AdminShopBase | null> {
  const [row] = await db.select().from(shops).where(eq(shops.id, shopId)).limit(1);
  return row ? toAdminShopBase(row) : null;
}
