import type { UserDto } from '@parade/core/auth-schemas';
import { messages } from '@parade/core/messages';
import { type ShopCreateRequest, shopRequestMessages } from '@parade/core/shop-request-schemas';
import { and, desc, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { AppError, notFound } from '../../lib/errors';
import { categoryRefs } from '../catalog';
import { checkDelivery, type Geocoder, GeocoderUnavailableError } from '../location';
import { findStaffShopId, lockUser } from '../users';
import { requestCategories, type ShopRequestRow, toShopRequest } from './shop-requests.service';
import { shopCreateRequests } from './shop-requests.tables';

/** A customer's own shop-create request: their latest, a new one, cancelling a pending one. */

async function ownRequest(db: DbOrTx, row: ShopRequestRow): Promise<ShopCreateRequest> {
  return toShopRequest(row, await requestCategories(db, [row]));
}

async function latestRow(db: DbOrTx, userId: number): Promise<ShopRequestRow | null> {
  const [row] = await db
    .select()
    .from(shopCreateRequests)
    .where(eq(shopCreateRequests.userId, userId))
    .orderBy(desc(shopCreateRequests.createdAt), desc(shopCreateRequests.id))
    .limit(1);
  return row ?? null;
}

/** GET user/shop-create-request: the caller's latest request in any status, or null. */
export async function findOwnShopRequest(db: DbOrTx, userId: number): Promise<ShopCreateRequest | null> {
  const row = await latestRow(db, userId);
  return row ? ownRequest(db, row) : null;
}

/**
 * Whether this account may ask for a shop now: a platform admin may not (accepting would leave
 * a shop its admin account cannot run: the vendor area refuses admins), a vendor already runs
 * one (409 already_a_vendor), and one pending request at a time (409 shop_request_pending).
 * Run before an upload is read, and again under the account's lock when the request is stored.
 */
export async function assertMayRequestShop(db: DbOrTx, user: Pick<UserDto, 'id' | 'role'>): Promise<void> {
  if (user.role === 'admin') {
    throw new AppError(403, shopRequestMessages.adminCannotRequest, {}, 'forbidden');
  }
  if (user.role === 'vendor' || (await findStaffShopId(db, user.id)) !== null) {
    throw new AppError(409, shopRequestMessages.alreadyVendor, {}, 'already_a_vendor');
  }
  const [pending] = await db
    .select({ id: shopCreateRequests.id })
    .from(shopCreateRequests)
    .where(and(eq(shopCreateRequests.userId, user.id), eq(shopCreateRequests.status, 'pending')))
    .limit(1);
  if (pending) throw new AppError(409, shopRequestMessages.pending, {}, 'shop_request_pending');
}

/** The chosen category must exist (422 on `category_id` otherwise); none chosen is fine. */
export async function assertCategoryExists(db: DbOrTx, categoryId: number | undefined): Promise<void> {
  if (categoryId === undefined) return;
  if ((await categoryRefs(db, [categoryId])).has(categoryId)) return;
  throw new AppError(
    422,
    shopRequestMessages.categoryUnknown,
    { category_id: [shopRequestMessages.categoryUnknown] },
    'validation_failed',
  );
}

/**
 * The delivery area rule for a shop's postcode: the same check as GET get-distance and the
 * checkout (within setting delivery_radius_miles of the marketplace's base). A postcode the
 * geocoder does not know is 422 postcode_invalid, one too far 422 delivery_out_of_range (the
 * message names it), a geocoder that is down 503. Returns the postcode as the geocoder writes it.
 */
export async function checkShopPostcode(db: DbOrTx, geocoder: Geocoder, postcode: string): Promise<string> {
  let check: Awaited<ReturnType<typeof checkDelivery>>;
  try {
    check = await checkDelivery(db, geocoder, postcode);
  } catch (error) {
    if (error instanceof GeocoderUnavailableError) {
      throw new AppError(503, messages.genericError, {}, 'service_unavailable');
    }
    throw error;
  }
  if (!check) {
    const unknown = messages.invalidPostcode(postcode);
    throw new AppError(422, unknown, { postcode: [unknown] }, 'postcode_invalid');
  }
  if (!check.allowed) {
    const away = shopRequestMessages.outsideDeliveryArea(check.postcode, check.distance_miles, check.radius_miles);
    throw new AppError(422, away, { postcode: [away] }, 'delivery_out_of_range');
  }
  return check.postcode;
}

/**
 * POST user/shop-create-request: a new pending request in the account's name and e-mail, with
 * the logo already stored (its URL). The account's row is locked first, so two submissions at
 * once cannot both pass the one-pending check.
 */
export async function submitShopRequest(
  db: Db,
  user: Pick<UserDto, 'id' | 'email' | 'role'>,
  input: {
    shop_name: string;
    description?: string | null;
    category_id?: number;
    address: string;
    postcode: string;
    phone: string;
    logo: string | null;
  },
): Promise<ShopCreateRequest> {
  return db.transaction(async (tx) => {
    await lockUser(tx, user.id);
    await assertMayRequestShop(tx, user);
    await assertCategoryExists(tx, input.category_id);
    const [row] = await tx
      .insert(shopCreateRequests)
      .values({
        userId: user.id,
        shopName: input.shop_name,
        description: input.description || null,
        categoryId: input.category_id ?? null,
        logo: input.logo,
        phone: input.phone,
        email: user.email,
        address: input.address,
        postcode: input.postcode,
      })
      .returning();
    if (!row) throw new Error('The shop request insert returned no row');
    return ownRequest(tx, row);
  });
}

/** POST user/shop-create-request/cancel: the caller's pending request becomes cancelled. */
export async function cancelOwnShopRequest(db: DbOrTx, userId: number): Promise<ShopCreateRequest> {
  const [row] = await db
    .update(shopCreateRequests)
    .set({ status: 'cancelled' })
    .where(and(eq(shopCreateRequests.userId, userId), eq(shopCreateRequests.status, 'pending')))
    .returning();
  if (row) return ownRequest(db, row);
  const latest = await latestRow(db, userId);
  if (!latest) throw notFound('You have no shop request.', 'shop_request_not_found');
  throw new AppError(409, `Your request is already ${latest.status}.`, {}, 'shop_request_not_pending');
}
