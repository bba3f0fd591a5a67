import {
  OFFERS_PER_PAGE,
  type Offer,
  type OfferList,
  type OfferState,
  type OfferStats,
  type PublicOfferStatus,
  type VendorOfferCreateInput,
  type VendorOfferStats,
  type VendorOfferUpdateInput,
} from '@parade/core/offer-schemas';
import { and, desc, eq, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { conflict, invalidField, notFound } from '../../lib/errors';
import { ilikeAny } from '../../lib/text-match';
import { offerShopRefs } from '../shops';
import { offerClaims, offers } from './offers.tables';

/**
 * Offers: the public lists, the shop's own list and its writes, and the stats. Every state is
 * computed in SQL against the database clock (`now()`), so a list, a claim and a stat agree on
 * whether an offer has started, ended or is full. docs/decisions/020-offers-and-claims.md.
 */

export const offerMissing = () => notFound('Offer not found.', 'offer_not_found');

// ---- The rules, in SQL ---------------------------------------------------------------------

const started = sql`(${offers.startsAt} <= now())`;
const ended = sql`(${offers.endsAt} <= now())`;
const full = sql`(${offers.maxClaims} is not null and ${offers.claimsCount} >= ${offers.maxClaims})`;
/** Spec: `is_valid` = started, not ended, not full (the switch is `is_active`, apart). */
export const offerIsValid = sql<boolean>`(${started} and not ${ended} and not ${full})`;
/** One state per offer, in core's order: inactive, ended, upcoming, full, active. */
export const offerState = sql<OfferState>`(case when not ${offers.isActive} then 'inactive' when ${ended} then 'ended' when not ${started} then 'upcoming' when ${full} then 'full' else 'active' end)`;

/**
 * A claim's status as everyone reads it: a pending or confirmed claim past its own `expires_at`
 * or its offer's end is `expired` (computed on read; the stored status is left as it was).
 * Needs `offers` joined.
 */
export const claimStatusNow = sql<string>`(case when ${offerClaims.status} in ('pending', 'confirmed') and (${offerClaims.expiresAt} <= now() or ${offers.endsAt} <= now()) then 'expired' else ${offerClaims.status}::text end)`;

/** A claim that holds one of its customer's places under `max_claims_per_user`: pending, confirmed (not expired) or used. */
export const claimIsLive = sql<boolean>`(${claimStatusNow} in ('pending', 'confirmed', 'used'))`;

// ---- Reading offers ------------------------------------------------------------------------

const iso = (d: Date) => d.toISOString();

function offerColumns(db: DbOrTx, userId: number | null) {
  const shop = offerShopRefs(db);
  // The caller's live claims of each offer, for `user_claims_left` (a guest has none to count).
  const userLive =
    userId === null
      ? sql<number | null>`null::int`
      : sql<number>`(select count(*)::int from ${offerClaims} where ${offerClaims.offerId} = ${offers.id} and ${offerClaims.userId} = ${userId} and ${claimIsLive})`;
  return {
    shop,
    columns: {
      offer: offers,
      shopName: shop.name,
      shopSlug: shop.slug,
      shopLogo: shop.logo,
      isValid: offerIsValid,
      state: offerState,
      userLive,
    },
  };
}

type OfferRow = {
  offer: typeof offers.$inferSelect;
  shopName: string;
  shopSlug: string;
  shopLogo: string | null;
  isValid: boolean;
  state: OfferState;
  userLive: number | null;
};

function toOffer(row: OfferRow): Offer {
  const o = row.offer;
  return {
    id: o.id,
    title: o.title,
    description: o.description,
    image: o.image,
    discount_type: o.discountType,
    discount_value: o.discountValue,
    min_spend: o.minSpend,
    starts_at: iso(o.startsAt),
    ends_at: iso(o.endsAt),
    max_claims: o.maxClaims,
    max_claims_per_user: o.maxClaimsPerUser,
    claims_count: o.claimsCount,
    claims_left: o.maxClaims === null ? null : Math.max(0, o.maxClaims - o.claimsCount),
    user_claims_left: row.userLive === null ? null : Math.max(0, o.maxClaimsPerUser - Number(row.userLive)),
    is_active: o.isActive,
    is_valid: Boolean(row.isValid),
    is_featured: o.isFeatured,
    qr_only: o.qrOnly,
    points_reward: o.pointsReward,
    terms: o.terms,
    state: row.state,
    vendor: { name: row.shopName, slug: row.shopSlug, logo: row.shopLogo ? { url: row.shopLogo } : null },
    created_at: iso(o.createdAt),
    updated_at: iso(o.updatedAt),
  };
}

/** Title, description or shop name contains the search (case-insensitive, wildcards literal); none without one. */
function searchCondition(search: string | undefined, shopName: SQLWrapper): SQL | undefined {
  return ilikeAny(search, offers.title, offers.description, shopName);
}

function publicStatusCondition(status: PublicOfferStatus): SQL | undefined {
  switch (status) {
    case 'live':
      return sql`(${started} and not ${ended})`;
    case 'all':
      return undefined;
    default:
      return sql`${offerState} = ${status}`;
  }
}

async function pagedOffers(
  db: DbOrTx,
  input: {
    userId: number | null;
    where: (shop: ReturnType<typeof offerShopRefs>) => (SQL | undefined)[];
    page: number;
  },
): Promise<OfferList> {
  const { shop, columns } = offerColumns(db, input.userId);
  const where = and(...input.where(shop));
  const [rows, [counted]] = await Promise.all([
    db
      .select(columns)
      .from(offers)
      .innerJoin(shop, eq(shop.id, offers.shopId))
      .where(where)
      // Newest first, the contract's default for every list; featured offers are a filter (decision 020).
      .orderBy(desc(offers.createdAt), desc(offers.id))
      .limit(OFFERS_PER_PAGE)
      .offset((input.page - 1) * OFFERS_PER_PAGE),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(offers)
      .innerJoin(shop, eq(shop.id, offers.shopId))
      .where(where),
  ]);
  const total = Number(counted?.total ?? 0);
  return {
    offers: rows.map(toOffer),
    pagination: {
      total,
      current_page: input.page,
      last_page: Math.max(1, Math.ceil(total / OFFERS_PER_PAGE)),
      per_page: OFFERS_PER_PAGE,
    },
  };
}

export interface PublicOfferFilters {
  status?: PublicOfferStatus;
  featured?: boolean;
  qrOnly?: boolean;
  search?: string;
  page: number;
}

/**
 * GET offers and GET vendor/{slug}/offers: switched-on offers of open shops (`live` unless a
 * status says otherwise). qr_only offers are listed too, marked, so the storefront can show
 * them on the shop's qr-offers tab; claiming them needs the code.
 */
export function listPublicOffers(
  db: DbOrTx,
  filters: PublicOfferFilters & { shopSlug?: string; userId: number | null },
): Promise<OfferList> {
  return pagedOffers(db, {
    userId: filters.userId,
    page: filters.page,
    where: (shop) => [
      eq(shop.isOpen, true),
      eq(offers.isActive, true),
      filters.shopSlug === undefined ? undefined : eq(shop.slug, filters.shopSlug),
      publicStatusCondition(filters.status ?? 'live'),
      filters.featured === undefined ? undefined : eq(offers.isFeatured, filters.featured),
      filters.qrOnly === undefined ? undefined : eq(offers.qrOnly, filters.qrOnly),
      searchCondition(filters.search, shop.name),
    ],
  });
}

/** GET vendor/offers: every offer of the caller's shop, switched off or not, newest first (a list to manage). */
export function listVendorOffers(
  db: DbOrTx,
  shopId: number,
  filters: { status?: OfferState; featured?: boolean; search?: string; page: number },
): Promise<OfferList> {
  return pagedOffers(db, {
    userId: null,
    page: filters.page,
    where: (shop) => [
      eq(offers.shopId, shopId),
      filters.status === undefined ? undefined : sql`${offerState} = ${filters.status}`,
      filters.featured === undefined ? undefined : eq(offers.isFeatured, filters.featured),
      searchCondition(filters.search, shop.name),
    ],
  });
}

async function findOfferWhere(
  db: DbOrTx,
  userId: number | null,
  where: (shop: ReturnType<typeof offerShopRefs>) => SQL | undefined,
) {
  const { shop, columns } = offerColumns(db, userId);
  const [row] = await db
    .select(columns)
    .from(offers)
    .innerJoin(shop, eq(shop.id, offers.shopId))
    .where(where(shop))
    .limit(1);
  return row ? toOffer(row) : null;
}

/** GET vendor/{slug}/offers/{offerId}: a switched-on offer of that open shop, any dates; else null. */
export function findPublicOffer(
  db: DbOrTx,
  input: { shopSlug: string; offerId: number; userId: number | null },
): Promise<Offer | null> {
  return findOfferWhere(db, input.userId, (shop) =>
    and(eq(offers.id, input.offerId), eq(shop.slug, input.shopSlug), eq(shop.isOpen, true), eq(offers.isActive, true)),
  );
}

/** One offer of the shop, in any state; null when it is another shop's (or none). */
export function findVendorOffer(db: DbOrTx, shopId: number, offerId: number): Promise<Offer | null> {
  return findOfferWhere(db, null, () => and(eq(offers.id, offerId), eq(offers.shopId, shopId)));
}

/**
 * The switched-on offers of an open shop that are live now (started, not ended), QR-only ones
 * first: what a scanned QR code unlocks (my-offer). For the QR calls.
 */
export async function liveShopOffers(db: DbOrTx, shopId: number, userId: number | null): Promise<Offer[]> {
  const { shop, columns } = offerColumns(db, userId);
  const rows = await db
    .select(columns)
    .from(offers)
    .innerJoin(shop, eq(shop.id, offers.shopId))
    .where(
      and(
        eq(offers.shopId, shopId),
        eq(shop.isOpen, true),
        eq(offers.isActive, true),
        sql`(${started} and not ${ended})`,
      ),
    )
    .orderBy(desc(offers.qrOnly), desc(offers.isFeatured), desc(offers.createdAt), desc(offers.id));
  return rows.map(toOffer);
}

// ---- The shop's writes ---------------------------------------------------------------------

type OfferValues = Partial<typeof offers.$inferInsert>;

/** Wire input (snake case) to column values; only the fields present. */
function toValues(input: VendorOfferUpdateInput): OfferValues {
  const values: OfferValues = {};
  if (input.title !== undefined) values.title = input.title;
  if (input.description !== undefined) values.description = input.description;
  if (input.image !== undefined) values.image = input.image;
  if (input.discount_type !== undefined) values.discountType = input.discount_type;
  if (input.discount_value !== undefined) values.discountValue = input.discount_value;
  if (input.min_spend !== undefined) values.minSpend = input.min_spend;
  if (input.starts_at !== undefined) values.startsAt = new Date(input.starts_at);
  if (input.ends_at !== undefined) values.endsAt = new Date(input.ends_at);
  if (input.max_claims !== undefined) values.maxClaims = input.max_claims;
  if (input.max_claims_per_user !== undefined) values.maxClaimsPerUser = input.max_claims_per_user;
  if (input.is_active !== undefined) values.isActive = input.is_active;
  if (input.is_featured !== undefined) values.isFeatured = input.is_featured;
  if (input.qr_only !== undefined) values.qrOnly = input.qr_only;
  if (input.points_reward !== undefined) values.pointsReward = input.points_reward;
  if (input.terms !== undefined) values.terms = input.terms || null;
  return values;
}

/** POST vendor/offers: a new offer of the caller's shop. */
export async function createOffer(db: DbOrTx, shopId: number, input: VendorOfferCreateInput): Promise<Offer> {
  const [row] = await db
    .insert(offers)
    .values({
      ...(toValues(input) as Required<
        Pick<OfferValues, 'title' | 'description' | 'discountType' | 'discountValue' | 'startsAt' | 'endsAt'>
      >),
      shopId,
    })
    .returning({ id: offers.id });
  if (!row) throw new Error('The offer insert returned no row');
  const created = await findVendorOffer(db, shopId, row.id);
  if (!created) throw new Error('The new offer cannot be read back');
  return created;
}

/**
 * PUT vendor/offers/{id}: only the fields sent. The rules across fields are checked again on
 * the merged row (a new end before the stored start is refused), and `max_claims` may not go
 * below the claims already counted. The row is locked so a claim cannot slip in between.
 */
export async function updateOffer(
  tx: DbOrTx,
  shopId: number,
  offerId: number,
  input: VendorOfferUpdateInput,
): Promise<{ offer: Offer; previousImage: string | null }> {
  const [current] = await tx
    .select()
    .from(offers)
    .where(and(eq(offers.id, offerId), eq(offers.shopId, shopId)))
    .for('update');
  if (!current) throw offerMissing();
  const values = toValues(input);
  const discountType = values.discountType ?? current.discountType;
  const discountValue = values.discountValue ?? current.discountValue;
  if (discountType === 'percent' && discountValue > 100) {
    throw invalidField('discount_value', 'A percent discount is at most 100.');
  }
  const startsAt = values.startsAt ?? current.startsAt;
  const endsAt = values.endsAt ?? current.endsAt;
  if (endsAt.getTime() <= startsAt.getTime()) throw invalidField('ends_at', 'The end must be after the start.');
  const maxClaims = values.maxClaims === undefined ? current.maxClaims : values.maxClaims;
  if (maxClaims !== null && maxClaims < current.claimsCount) {
    throw invalidField('max_claims', `${current.claimsCount} claims are already counted; the limit cannot be lower.`);
  }
  if (Object.keys(values).length > 0) {
    await tx
      .update(offers)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(offers.id, offerId));
  }
  const offer = await findVendorOffer(tx, shopId, offerId);
  if (!offer) throw offerMissing();
  return { offer, previousImage: current.image };
}

/**
 * DELETE vendor/offers/{id}: an offer with a used claim is history (points were awarded, the
 * stats count it) and is refused with 409 `offer_has_used_claims`: switch it off instead.
 * Otherwise it goes, and its unused claims with it. Answers the removed offer's image URL.
 */
export async function deleteOffer(tx: DbOrTx, shopId: number, offerId: number): Promise<{ image: string | null }> {
  const [current] = await tx
    .select({ id: offers.id, image: offers.image })
    .from(offers)
    .where(and(eq(offers.id, offerId), eq(offers.shopId, shopId)))
    .for('update');
  if (!current) throw offerMissing();
  const [used] = await tx
    .select({ id: offerClaims.id })
    .from(offerClaims)
    .where(and(eq(offerClaims.offerId, offerId), eq(offerClaims.status, 'used')))
    .limit(1);
  if (used) {
    throw conflict(
      'This offer has claims that were used, so it stays for the record. Switch it off instead.',
      {},
      'offer_has_used_claims',
    );
  }
  await tx.delete(offers).where(eq(offers.id, offerId));
  return { image: current.image };
}

/** POST vendor/offers/{id}/toggle-status: flips the switch in one statement and answers the stored value. */
export async function toggleOffer(db: DbOrTx, shopId: number, offerId: number): Promise<boolean> {
  const [row] = await db
    .update(offers)
    .set({ isActive: sql`not ${offers.isActive}`, updatedAt: new Date() })
    .where(and(eq(offers.id, offerId), eq(offers.shopId, shopId)))
    .returning({ isActive: offers.isActive });
  if (!row) throw offerMissing();
  return row.isActive;
}

// ---- Stats ---------------------------------------------------------------------------------

/** used / all, 0 when there are none (contract: a number from 0 to 1). */
export const conversionRate = (used: number, total: number) => (total > 0 ? used / total : 0);

const claimCounts = {
  total_claims: sql<number>`count(${offerClaims.id})::int`,
  pending_claims: sql<number>`(count(${offerClaims.id}) filter (where ${claimStatusNow} = 'pending'))::int`,
  confirmed_claims: sql<number>`(count(${offerClaims.id}) filter (where ${claimStatusNow} = 'confirmed'))::int`,
  used_claims: sql<number>`(count(${offerClaims.id}) filter (where ${claimStatusNow} = 'used'))::int`,
  cancelled_claims: sql<number>`(count(${offerClaims.id}) filter (where ${claimStatusNow} = 'cancelled'))::int`,
  expired_claims: sql<number>`(count(${offerClaims.id}) filter (where ${claimStatusNow} = 'expired'))::int`,
  total_discount_applied: sql<number>`(coalesce(sum(${offerClaims.discountApplied}) filter (where ${offerClaims.status} = 'used'), 0))::int`,
  total_points_awarded: sql<number>`(coalesce(sum(${offerClaims.pointsAwarded}) filter (where ${offerClaims.status} = 'used'), 0))::int`,
};

/** GET vendor/offers/{id}/stats: one query over the offer's claims. Another shop's offer: 404. */
export async function offerStats(db: DbOrTx, shopId: number, offerId: number): Promise<OfferStats> {
  const [row] = await db
    .select({ shopId: offers.shopId, ...claimCounts })
    .from(offers)
    .leftJoin(offerClaims, eq(offerClaims.offerId, offers.id))
    .where(and(eq(offers.id, offerId), eq(offers.shopId, shopId)))
    .groupBy(offers.id);
  if (!row) throw offerMissing();
  return {
    total_claims: Number(row.total_claims),
    pending_claims: Number(row.pending_claims),
    confirmed_claims: Number(row.confirmed_claims),
    used_claims: Number(row.used_claims),
    cancelled_claims: Number(row.cancelled_claims),
    expired_claims: Number(row.expired_claims),
    total_discount_applied: Number(row.total_discount_applied),
    total_points_awarded: Number(row.total_points_awarded),
    conversion_rate: conversionRate(Number(row.used_claims), Number(row.total_claims)),
  };
}

/**
 * GET vendor/claims/stats: spec section 3's vendor stats in one query: the offer counts over the
 * shop's offers, the claim counts over their claims (a left join, so each offer row appears
 * once per claim: offers are counted distinct).
 */
export async function vendorStats(db: DbOrTx, shopId: number): Promise<VendorOfferStats> {
  const [row] = await db
    .select({
      total_offers: sql<number>`count(distinct ${offers.id})::int`,
      active_offers: sql<number>`(count(distinct ${offers.id}) filter (where ${offerState} = 'active'))::int`,
      featured_offers: sql<number>`(count(distinct ${offers.id}) filter (where ${offers.isFeatured}))::int`,
      ...claimCounts,
    })
    .from(offers)
    .leftJoin(offerClaims, eq(offerClaims.offerId, offers.id))
    .where(eq(offers.shopId, shopId));
  const n = (v: unknown) => Number(v ?? 0);
  return {
    total_offers: n(row?.total_offers),
    active_offers: n(row?.active_offers),
    featured_offers: n(row?.featured_offers),
    total_claims: n(row?.total_claims),
    pending_claims: n(row?.pending_claims),
    confirmed_claims: n(row?.confirmed_claims),
    used_claims: n(row?.used_claims),
    expired_claims: n(row?.expired_claims),
    cancelled_claims: n(row?.cancelled_claims),
    total_discount_applied: n(row?.total_discount_applied),
    total_points_awarded: n(row?.total_points_awarded),
    conversion_rate: conversionRate(n(row?.used_claims), n(row?.total_claims)),
  };
}
