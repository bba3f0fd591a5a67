import { randomInt } from 'node:crypto';
import type { ClaimStatus, CouponType } from '@parade/core/enums';
import {
  CLAIM_LIFETIME_DAYS,
  type Claim,
  type ClaimList,
  type CustomerOfferStats,
  FAVORITE_VENDORS_MAX,
  type FavoriteVendor,
  OFFERS_PER_PAGE,
  type VendorClaim,
  type VendorClaimList,
} from '@parade/core/offer-schemas';
import { and, desc, eq, max, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { jsonValue } from '../../db/json-value';
import { notFound } from '../../lib/errors';
import { ilikeAny } from '../../lib/text-match';
import { offerShopRefs } from '../shops';
import { userRefs } from '../users';
import { claimIsLive, claimStatusNow, offerIsValid } from './offers.service';
import { offerClaims, offers } from './offers.tables';

/**
 * Claims: the customer's and the shop's reads, the customer's stats, and the commands the claim
 * workflows (workflows/claim-offer.ts, workflows/change-claim-status.ts) compose in their
 * transactions. Every read scopes by the claim's customer (customer calls) or its offer's shop
 * (vendor calls), so another's claim answers exactly as a missing one.
 */

export const claimMissing = () => notFound('Claim not found.', 'claim_not_found');

const iso = (d: Date | null) => (d ? d.toISOString() : null);

// ---- Reading claims ------------------------------------------------------------------------

function claimQuery(db: DbOrTx) {
  const shop = offerShopRefs(db);
  const person = userRefs(db);
  const query = db
    .select({
      claim: offerClaims,
      status: claimStatusNow,
      offer: {
        id: offers.id,
        title: offers.title,
        image: offers.image,
        discountType: offers.discountType,
        discountValue: offers.discountValue,
        minSpend: offers.minSpend,
        pointsReward: offers.pointsReward,
        terms: offers.terms,
        startsAt: offers.startsAt,
        endsAt: offers.endsAt,
        qrOnly: offers.qrOnly,
        shopId: offers.shopId,
      },
      shopName: shop.name,
      shopSlug: shop.slug,
      shopLogo: shop.logo,
      customerName: person.name,
      customerEmail: person.email,
    })
    .from(offerClaims)
    .innerJoin(offers, eq(offers.id, offerClaims.offerId))
    .innerJoin(shop, eq(shop.id, offers.shopId))
    .innerJoin(person, eq(person.id, offerClaims.userId));
  return { query, shop, person };
}

type ClaimRow = Awaited<ReturnType<ReturnType<typeof claimQuery>['query']['execute']>>[number];

function toClaim(row: ClaimRow): Claim {
  const c = row.claim;
  const o = row.offer;
  return {
    id: c.id,
    status: row.status as ClaimStatus,
    code: c.code,
    via_qr: c.viaQr,
    offer: {
      id: o.id,
      title: o.title,
      image: o.image,
      discount_type: o.discountType,
      discount_value: o.discountValue,
      min_spend: o.minSpend,
      points_reward: o.pointsReward,
      terms: o.terms,
      starts_at: o.startsAt.toISOString(),
      ends_at: o.endsAt.toISOString(),
      qr_only: o.qrOnly,
    },
    vendor: { name: row.shopName, slug: row.shopSlug, logo: row.shopLogo ? { url: row.shopLogo } : null },
    vendor_notes: c.vendorNotes,
    order_id: c.orderId,
    discount_applied: c.discountApplied,
    points_awarded: c.pointsAwarded,
    expires_at: iso(c.expiresAt),
    confirmed_at: iso(c.confirmedAt),
    used_at: iso(c.usedAt),
    cancelled_at: iso(c.cancelledAt),
    created_at: c.createdAt.toISOString(),
  };
}

function toVendorClaim(row: ClaimRow): VendorClaim {
  return { ...toClaim(row), customer: { name: row.customerName, email: row.customerEmail } };
}

const pagination = (total: number, page: number) => ({
  total,
  current_page: page,
  last_page: Math.max(1, Math.ceil(total / OFFERS_PER_PAGE)),
  per_page: OFFERS_PER_PAGE,
});

async function pagedClaims(db: DbOrTx, page: number, where: (q: ReturnType<typeof claimQuery>) => SQL | undefined) {
  const q = claimQuery(db);
  const condition = where(q);
  const [rows, [counted]] = await Promise.all([
    q.query
      .where(condition)
      .orderBy(desc(offerClaims.createdAt), desc(offerClaims.id))
      .limit(OFFERS_PER_PAGE)
      .offset((page - 1) * OFFERS_PER_PAGE),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(offerClaims)
      .innerJoin(offers, eq(offers.id, offerClaims.offerId))
      .innerJoin(q.shop, eq(q.shop.id, offers.shopId))
      .innerJoin(q.person, eq(q.person.id, offerClaims.userId))
      .where(condition),
  ]);
  return { rows, pagination: pagination(Number(counted?.total ?? 0), page) };
}

/** GET user/claims?status&page: the caller's claims, newest first; `status` as read now (expired computed). */
export async function listUserClaims(
  db: DbOrTx,
  userId: number,
  filters: { status?: ClaimStatus; page: number },
): Promise<ClaimList> {
  const { rows, pagination } = await pagedClaims(db, filters.page, () =>
    and(eq(offerClaims.userId, userId), filters.status ? sql`${claimStatusNow} = ${filters.status}` : undefined),
  );
  return { data: rows.map(toClaim), pagination };
}

/**
 * GET vendor/claims?status&offer_id&from&to&search&page: the shop's claims, newest first. `from`
 * and `to` are London days, inclusive, by claim time.
 */
export async function listVendorClaims(
  db: DbOrTx,
  shopId: number,
  filters: { status?: ClaimStatus; offerId?: number; from?: string; to?: string; search?: string; page: number },
): Promise<VendorClaimList> {
  const { rows, pagination } = await pagedClaims(db, filters.page, ({ person }) => {
    return and(
      eq(offers.shopId, shopId),
      filters.status ? sql`${claimStatusNow} = ${filters.status}` : undefined,
      filters.offerId ? eq(offerClaims.offerId, filters.offerId) : undefined,
      filters.from
        ? sql`${offerClaims.createdAt} >= (${filters.from}::date::timestamp at time zone 'Europe/London')`
        : undefined,
      filters.to
        ? sql`${offerClaims.createdAt} < ((${filters.to}::date + 1)::timestamp at time zone 'Europe/London')`
        : undefined,
      ilikeAny(filters.search, offerClaims.code, person.name, person.email, offers.title),
    );
  });
  return { data: rows.map(toVendorClaim), pagination };
}

/**
 * GET claims/{id}: the caller's own claim, or a claim of the shop the caller runs (`shopId`,
 * null for a customer); anything else null (a 404 for the route).
 */
export async function findReadableClaim(
  db: DbOrTx,
  input: { claimId: number; userId: number; shopId: number | null },
): Promise<Claim | null> {
  const { query } = claimQuery(db);
  const owner =
    input.shopId === null
      ? eq(offerClaims.userId, input.userId)
      : sql`(${offerClaims.userId} = ${input.userId} or ${offers.shopId} = ${input.shopId})`;
  const [row] = await query.where(and(eq(offerClaims.id, input.claimId), owner)).limit(1);
  return row ? toClaim(row) : null;
}

/** One claim of the shop with its customer; null when it is another shop's (or none). */
export async function findVendorClaim(db: DbOrTx, shopId: number, claimId: number): Promise<VendorClaim | null> {
  const { query } = claimQuery(db);
  const [row] = await query.where(and(eq(offerClaims.id, claimId), eq(offers.shopId, shopId))).limit(1);
  return row ? toVendorClaim(row) : null;
}

/** One of the customer's claims; null when it is another's (or none). */
export async function findUserClaim(db: DbOrTx, userId: number, claimId: number): Promise<Claim | null> {
  const { query } = claimQuery(db);
  const [row] = await query.where(and(eq(offerClaims.id, claimId), eq(offerClaims.userId, userId))).limit(1);
  return row ? toClaim(row) : null;
}

// ---- The customer's stats ------------------------------------------------------------------

/**
 * GET user/stats: spec section 3's customer stats in one query. `active_claims` = pending +
 * confirmed (as read now, so expired ones are not active); discount and points are summed over
 * used claims; `favorite_vendors` are the shops with most claims (any status), at most 5, most
 * first, then by name, as a JSON aggregate of a grouped subquery in the same statement.
 */
export async function customerStats(db: DbOrTx, userId: number): Promise<CustomerOfferStats> {
  const shop = offerShopRefs(db);
  const favourites = db
    .select({
      name: sql<string>`${shop.name}`.as('fav_name'),
      slug: sql<string>`${shop.slug}`.as('fav_slug'),
      claims: sql<number>`count(*)::int`.as('fav_claims'),
    })
    .from(offerClaims)
    .innerJoin(offers, eq(offers.id, offerClaims.offerId))
    .innerJoin(shop, eq(shop.id, offers.shopId))
    .where(eq(offerClaims.userId, userId))
    .groupBy(shop.id, shop.name, shop.slug)
    .orderBy(sql`count(*) desc`, shop.name)
    .limit(FAVORITE_VENDORS_MAX);
  const count = (status: string) => sql<number>`(count(*) filter (where ${claimStatusNow} = ${status}))::int`;
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      pending: count('pending'),
      confirmed: count('confirmed'),
      used: count('used'),
      expired: count('expired'),
      cancelled: count('cancelled'),
      discount: sql<number>`(coalesce(sum(${offerClaims.discountApplied}) filter (where ${offerClaims.status} = 'used'), 0))::int`,
      points: sql<number>`(coalesce(sum(${offerClaims.pointsAwarded}) filter (where ${offerClaims.status} = 'used'), 0))::int`,
      favourites: sql<
        FavoriteVendor[] | string
      >`(select coalesce(json_agg(json_build_object('name', f.fav_name, 'slug', f.fav_slug, 'claims', f.fav_claims) order by f.fav_claims desc, f.fav_name), '[]'::json) from (${favourites}) f)`,
    })
    .from(offerClaims)
    .innerJoin(offers, eq(offers.id, offerClaims.offerId))
    .where(eq(offerClaims.userId, userId));
  const n = (v: unknown) => Number(v ?? 0);
  const favouritesValue = row?.favourites ?? [];
  const favourite = jsonValue(favouritesValue) as FavoriteVendor[];
  return {
    total_claims: n(row?.total),
    pending_claims: n(row?.pending),
    active_claims: n(row?.pending) + n(row?.confirmed),
    confirmed_claims: n(row?.confirmed),
    used_claims: n(row?.used),
    expired_claims: n(row?.expired),
    cancelled_claims: n(row?.cancelled),
    total_discount_received: n(row?.discount),
    total_points_earned: n(row?.points),
    favorite_vendors: favourite.map((f) => ({ name: f.name, slug: f.slug, claims: Number(f.claims) })),
  };
}

// ---- Commands for the claim workflows -------------------------------------------------------

/** The offer a claim is about, locked (`for update`), with its state as the database clock sees it. */
export interface LockedOffer {
  id: number;
  shopId: number;
  isActive: boolean;
  started: boolean;
  ended: boolean;
  isValid: boolean;
  qrOnly: boolean;
  maxClaimsPerUser: number;
}

/**
 * Locks the offer of that shop for a claim: every claim of one offer waits here for the one
 * before it, so the per-user count and `claims_count` are read and written one claim at a time.
 */
export async function lockOfferForClaim(tx: DbOrTx, shopId: number, offerId: number): Promise<LockedOffer | null> {
  const [row] = await tx
    .select({
      id: offers.id,
      shopId: offers.shopId,
      isActive: offers.isActive,
      started: sql<boolean>`(${offers.startsAt} <= now())`,
      ended: sql<boolean>`(${offers.endsAt} <= now())`,
      isValid: offerIsValid,
      qrOnly: offers.qrOnly,
      maxClaimsPerUser: offers.maxClaimsPerUser,
    })
    .from(offers)
    .where(and(eq(offers.id, offerId), eq(offers.shopId, shopId)))
    .for('update');
  return row ?? null;
}

/** The customer's live claims of the offer (pending, confirmed not expired, used) and their highest claim number. */
export async function customerClaimsOf(
  tx: DbOrTx,
  offerId: number,
  userId: number,
): Promise<{ live: number; lastClaimNo: number }> {
  const [row] = await tx
    .select({
      live: sql<number>`(count(*) filter (where ${claimIsLive}))::int`,
      lastClaimNo: max(offerClaims.claimNo),
    })
    .from(offerClaims)
    .innerJoin(offers, eq(offers.id, offerClaims.offerId))
    .where(and(eq(offerClaims.offerId, offerId), eq(offerClaims.userId, userId)));
  return { live: Number(row?.live ?? 0), lastClaimNo: Number(row?.lastClaimNo ?? 0) };
}

/**
 * Takes one of the offer's places: `claims_count + 1` only while below `max_claims` (and the
 * table's check constraint says the same). False when the offer is full.
 */
export async function takeOfferPlace(tx: DbOrTx, offerId: number): Promise<boolean> {
  const rows = await tx
    .update(offers)
    .set({ claimsCount: sql`${offers.claimsCount} + 1` })
    .where(
      and(eq(offers.id, offerId), sql`(${offers.maxClaims} is null or ${offers.claimsCount} < ${offers.maxClaims})`),
    )
    .returning({ id: offers.id });
  return rows.length > 0;
}

/** A cancelled claim gives its place back (never below zero). */
export async function releaseOfferPlace(tx: DbOrTx, offerId: number): Promise<void> {
  await tx
    .update(offers)
    .set({ claimsCount: sql`greatest(${offers.claimsCount} - 1, 0)` })
    .where(eq(offers.id, offerId));
}

/** Letters and digits that cannot be misread at a till (no 0/O, 1/I/L). */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** A claim code like `PRD-7KQ2-M9XA`: 8 random characters (about 39 bits), unique by index. */
export function newClaimCode(): string {
  let text = '';
  for (let i = 0; i < 8; i += 1) text += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return `PRD-${text.slice(0, 4)}-${text.slice(4)}`;
}

export const CLAIM_NO_UNIQUE_INDEX = 'offer_claims_user_claim_no_idx';

/**
 * Writes a pending claim. It lapses CLAIM_LIFETIME_DAYS after now or at the offer's end,
 * whichever is sooner (the database's clock and the offer's stored end).
 */
export async function insertClaim(
  tx: DbOrTx,
  input: { offerId: number; userId: number; claimNo: number; viaQr: boolean; idempotencyKey?: string | null },
): Promise<number> {
  const [row] = await tx
    .insert(offerClaims)
    .values({
      offerId: input.offerId,
      userId: input.userId,
      claimNo: input.claimNo,
      viaQr: input.viaQr,
      idempotencyKey: input.idempotencyKey ?? null,
      code: newClaimCode(),
      expiresAt: sql`least(now() + make_interval(days => ${CLAIM_LIFETIME_DAYS}), (select ${offers.endsAt} from ${offers} where ${offers.id} = ${input.offerId}))`,
    })
    .returning({ id: offerClaims.id });
  if (!row) throw new Error('The claim insert returned no row');
  return row.id;
}

/** The unique index that makes one Idempotency-Key one claim per customer. */
export const CLAIM_IDEMPOTENCY_INDEX = 'offer_claims_user_idempotency_idx';

/** The customer's claim made with this Idempotency-Key, if any: its id and offer. */
export async function findClaimByIdempotencyKey(
  db: DbOrTx,
  userId: number,
  key: string,
): Promise<{ id: number; offerId: number } | null> {
  const [row] = await db
    .select({ id: offerClaims.id, offerId: offerClaims.offerId })
    .from(offerClaims)
    .where(and(eq(offerClaims.userId, userId), eq(offerClaims.idempotencyKey, key)))
    .limit(1);
  return row ?? null;
}

/** A claim locked for a transition, with its status as read now and what the transition needs. */
export interface LockedClaim {
  id: number;
  offerId: number;
  shopId: number;
  userId: number;
  /** Computed: `expired` for a stale pending or confirmed claim. */
  status: ClaimStatus;
  pointsReward: number;
  discountType: CouponType;
  discountValue: number;
  /** The offer's minimum spend, pence (0: none). */
  minSpend: number;
}

/**
 * Locks one claim (`for update` of the claim row only) scoped by its customer or its shop;
 * null when it is not theirs (or none).
 */
export async function lockClaim(
  tx: DbOrTx,
  claimId: number,
  scope: { userId: number } | { shopId: number },
): Promise<LockedClaim | null> {
  const [row] = await tx
    .select({
      id: offerClaims.id,
      offerId: offerClaims.offerId,
      shopId: offers.shopId,
      userId: offerClaims.userId,
      status: claimStatusNow,
      pointsReward: offers.pointsReward,
      discountType: offers.discountType,
      discountValue: offers.discountValue,
      minSpend: offers.minSpend,
    })
    .from(offerClaims)
    .innerJoin(offers, eq(offers.id, offerClaims.offerId))
    .where(
      and(
        eq(offerClaims.id, claimId),
        'userId' in scope ? eq(offerClaims.userId, scope.userId) : eq(offers.shopId, scope.shopId),
      ),
    )
    .for('update', { of: offerClaims });
  return row ? { ...row, status: row.status as ClaimStatus } : null;
}

/** Records a transition on a locked claim. */
export async function setClaimState(
  tx: DbOrTx,
  claimId: number,
  values: {
    status: 'confirmed' | 'used' | 'cancelled';
    vendorNotes?: string | null;
    orderId?: number | null;
    discountApplied?: number | null;
    pointsAwarded?: number;
  },
): Promise<void> {
  const now = new Date();
  await tx
    .update(offerClaims)
    .set({
      status: values.status,
      ...(values.vendorNotes !== undefined ? { vendorNotes: values.vendorNotes } : {}),
      ...(values.orderId !== undefined ? { orderId: values.orderId } : {}),
      ...(values.discountApplied !== undefined ? { discountApplied: values.discountApplied } : {}),
      ...(values.pointsAwarded !== undefined ? { pointsAwarded: values.pointsAwarded } : {}),
      ...(values.status === 'confirmed' ? { confirmedAt: now } : {}),
      ...(values.status === 'used' ? { usedAt: now } : {}),
      ...(values.status === 'cancelled' ? { cancelledAt: now } : {}),
      updatedAt: now,
    })
    .where(eq(offerClaims.id, claimId));
}
