import type { Shop, ShopCard, VendorRef } from '@parade/core/catalog-dto';
import { type Paginated, paginate } from '@parade/core/envelope';
import type { Rating } from '@parade/core/rating';
import { and, desc, eq, inArray, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { notFound } from '../../lib/errors';
import { safeImageUrl, safeLink } from '../../lib/sanitize';
import { matchesText, textQuery } from '../../lib/text-match';
import { shops } from './shops.tables';

export const SHOPS_PER_PAGE = 12;

type ShopRow = typeof shops.$inferSelect;

const image = (url: string | null) => (url ? { url } : null);

/** The shop's own rule: a shop is open, and its pages and products are shown, while it is active. */
const isOpen = (): SQL => eq(shops.isActive, true);

/**
 * Active shops as a derived table to join (`inner join` keeps only open shops): the shop half of
 * catalog's listable-product rule, and the shop of a live deal. Its columns: id, name, slug, logo.
 */
export function activeShops(db: DbOrTx) {
  return db
    .select({ id: shops.id, name: shops.name, slug: shops.slug, logo: shops.logo, holidayMode: shops.holidayMode })
    .from(shops)
    .where(isOpen())
    .as('shop');
}

/**
 * Each shop's holiday notice as a derived table to join (the product page shows it): `id`,
 * `onHoliday`, and `message`, the shop's text only while it is on holiday (as GET /shop/{slug}).
 */
export function shopHolidays(db: DbOrTx) {
  return db
    .select({
      id: sql<number>`${shops.id}`.as('holiday_shop_id'),
      onHoliday: sql<boolean>`${shops.holidayMode}`.as('holiday_on'),
      message: sql<string | null>`case when ${shops.holidayMode} then ${shops.holidayMessage} end`.as('holiday_text'),
    })
    .from(shops)
    .as('shop_holiday');
}

/** Every shop, open or closed, as a derived table to join for history (orders, reward balances): id, name, slug. */
export function shopRefs(db: DbOrTx) {
  return db.select({ id: shops.id, name: shops.name, slug: shops.slug }).from(shops).as('shop');
}

/** The names of the shops asked for, open or closed (reports name every shop they sum). */
export async function shopNames(db: DbOrTx, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: shops.id, name: shops.name }).from(shops).where(inArray(shops.id, ids));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** A shop card without its listed product count, which is the catalog's to tell (shops.routes.ts adds it). */
export type ShopCardBase = Omit<ShopCard, 'product_count'>;

function toShopCard(row: ShopRow): ShopCardBase {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    tagline: row.tagline,
    logo: image(row.logo),
    banner: image(row.banner),
    address: row.address,
    postcode: row.postcode,
    rating: shopRating(row),
  };
}

/** A shop's rating as its row keeps it (decision 044). */
function shopRating(row: Pick<ShopRow, 'ratingAverage' | 'ratingCount'>): Rating {
  return { average: row.ratingAverage === null ? null : Number(row.ratingAverage), count: row.ratingCount };
}

/**
 * Writes a shop's rating, computed by the reviews module from its products' visible reviews, in
 * the transaction of the review write that changed it.
 */
export async function setShopRating(db: DbOrTx, shopId: number, rating: Rating): Promise<void> {
  await db
    .update(shops)
    .set({ ratingCount: rating.count, ratingAverage: rating.average, updatedAt: sql`${shops.updatedAt}` })
    .where(eq(shops.id, shopId));
}

/**
 * GET /shops: active shops, newest first (the contract's default for lists: by creation, then id
 * descending); `search` matches the name (accents, typos).
 */
/**
 * A condition on a shop's id that a list adds to "open", from another module (the catalogue's
 * "has a listed product"): the shops module does not read the catalogue itself.
 */
export type ShopCondition = (shopId: SQLWrapper) => SQL;

export async function listShops(
  db: DbOrTx,
  request: { search?: string; page: number; perPage: number; only?: ShopCondition },
): Promise<Paginated<ShopCardBase>> {
  const where: SQL[] = [isOpen()];
  if (request.only) where.push(request.only(shops.id));
  if (request.search) where.push(matchesText(textQuery(request.search), shops.name));
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(shops)
      .where(and(...where))
      .orderBy(desc(shops.createdAt), desc(shops.id))
      .limit(request.perPage)
      .offset((request.page - 1) * request.perPage),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(shops)
      .where(and(...where)),
  ]);
  return paginate(
    rows.map((row) => toShopCard(row)),
    Number(counted?.total ?? 0),
    request.page,
    request.perPage,
  );
}

/** The open shops among `ids`, as cards without their product count, in the order of `ids`. */
export async function openShopCards(db: DbOrTx, ids: number[]): Promise<ShopCardBase[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select()
    .from(shops)
    .where(and(inArray(shops.id, ids), isOpen()));
  const byId = new Map(rows.map((row) => [row.id, toShopCard(row)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** The active shop with this slug, or 404. */
export async function findActiveShop(db: DbOrTx, slug: string): Promise<ShopRow> {
  const [row] = await db
    .select()
    .from(shops)
    .where(and(eq(shops.slug, slug), isOpen()))
    .limit(1);
  if (!row) throw notFound('Shop not found', 'shop_not_found');
  return row;
}

/** GET /shop/{slug}. */
export async function getShop(db: DbOrTx, slug: string): Promise<Shop> {
  const row = await findActiveShop(db, slug);
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    tagline: row.tagline,
    description: row.description,
    logo: image(row.logo),
    banner: image(row.banner),
    slide: {
      items: row.slides.map((s) => ({
        title: s.title,
        caption: s.caption,
        image: safeImageUrl(s.image),
        mobile_image: s.mobile_image ? safeImageUrl(s.mobile_image) || null : null,
        action_link: safeLink(s.action_link),
        action_text: s.action_text ?? null,
      })),
    },
    address: row.address,
    city: row.city,
    postcode: row.postcode,
    phone: row.phone,
    email: row.email,
    opening_hours: row.openingHours,
    holiday_mode: row.holidayMode,
    holiday_message: row.holidayMode ? row.holidayMessage : null,
    rating: shopRating(row),
  };
}

/**
 * Opens or suspends a shop. Its products' listings change with it: call it through the
 * set-shop-status workflow, which refreshes the catalogue read model in the same transaction.
 */
export async function setShopActive(db: DbOrTx, shopId: number, isActive: boolean): Promise<boolean> {
  const rows = await db.update(shops).set({ isActive }).where(eq(shops.id, shopId)).returning({ id: shops.id });
  return rows.length > 0;
}

/** GET /vendor and the home page's vendors: every active shop (meeting `only`), newest first. */
export async function listVendors(db: DbOrTx, only?: ShopCondition): Promise<VendorRef[]> {
  const rows = await db
    .select({ id: shops.id, name: shops.name, slug: shops.slug, logo: shops.logo })
    .from(shops)
    .where(only ? and(isOpen(), only(shops.id)) : isOpen())
    // Newest first, as every list (contract); a menu sorts it by name for display.
    .orderBy(desc(shops.createdAt), desc(shops.id));
  return rows.map((r) => ({ id: r.id, name: r.name, slug: r.slug, logo: image(r.logo) }));
}

/** A shop's name and VAT number, as its money statement heads them; null when there is no such shop. */
export async function shopStatementHeader(
  db: DbOrTx,
  shopId: number,
): Promise<{ id: number; name: string; vat_number: string | null } | null> {
  const [row] = await db
    .select({ id: shops.id, name: shops.name, vat_number: shops.vatNumber })
    .from(shops)
    .where(eq(shops.id, shopId));
  return row ?? null;
}

/**
 * Sets the percent of a shop's new orders the platform keeps (null: the setting
 * `commission_rate`); orders already placed keep theirs. False when there is no such shop.
 */
export async function setShopCommissionRate(db: DbOrTx, shopId: number, rate: number | null): Promise<boolean> {
  const rows = await db
    .update(shops)
    .set({ commissionRate: rate, updatedAt: new Date() })
    .where(eq(shops.id, shopId))
    .returning({ id: shops.id });
  return rows.length > 0;
}

/** A shop's own commission rate (null: the platform's), or undefined when there is no such shop. */
export async function shopCommissionRate(db: DbOrTx, shopId: number): Promise<number | null | undefined> {
  const [row] = await db.select({ rate: shops.commissionRate }).from(shops).where(eq(shops.id, shopId));
  return row ? row.rate : undefined;
}
