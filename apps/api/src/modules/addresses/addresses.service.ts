import { type AddressDto, authMessages, MAX_SAVED_ADDRESSES } from '@parade/core/auth-schemas';
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { AppError, notFound } from '../../lib/errors';
import { lockUser } from '../users';
import { addresses } from './addresses.tables';

type AddressRow = typeof addresses.$inferSelect;

/** Validated address fields (see addressSchema in @parade/core/auth-schemas). */
export interface AddressFields {
  label?: string;
  name: string;
  phone: string;
  line1: string;
  line2?: string | null;
  city: string;
  postcode: string;
  is_default?: boolean;
}

export function toAddressDto(row: AddressRow): AddressDto {
  return {
    id: row.id,
    label: row.label,
    name: row.name,
    phone: row.phone,
    line1: row.line1,
    line2: row.line2,
    city: row.city,
    postcode: row.postcode,
    is_default: row.isDefault,
  };
}

const columns = (fields: AddressFields) => ({
  label: fields.label?.trim() || 'Home',
  name: fields.name,
  phone: fields.phone,
  line1: fields.line1,
  line2: fields.line2?.trim() || null,
  city: fields.city,
  postcode: fields.postcode,
});

// Address changes of one user run one at a time (lockUser first), so two concurrent "make default"
// calls cannot both pass the one-default index check half-way.

async function ownAddress(tx: Tx, userId: number, id: number): Promise<AddressRow> {
  const [row] = await tx
    .select()
    .from(addresses)
    .where(and(eq(addresses.id, id), eq(addresses.userId, userId)));
  // Another user's address is "not found", never "forbidden": ids reveal nothing.
  if (!row) throw notFound(authMessages.addressNotFound, 'address_not_found');
  return row;
}

async function setDefault(tx: Tx, userId: number, id: number): Promise<void> {
  await tx
    .update(addresses)
    .set({ isDefault: false })
    .where(and(eq(addresses.userId, userId), eq(addresses.isDefault, true), ne(addresses.id, id)));
  await tx.update(addresses).set({ isDefault: true }).where(eq(addresses.id, id));
}

/** Default first, then newest. */
export async function listAddresses(db: Db | Tx, userId: number): Promise<AddressDto[]> {
  const rows = await db
    .select()
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .orderBy(desc(addresses.isDefault), desc(addresses.id));
  return rows.map(toAddressDto);
}

/** The first address becomes the default; a later one only when asked. At most MAX_SAVED_ADDRESSES per user (422). */
export async function createAddress(db: Db, userId: number, fields: AddressFields): Promise<AddressDto> {
  return db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const [existing] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(addresses)
      .where(eq(addresses.userId, userId));
    // Counted under the user's lock: two creates at the cap cannot both see room for one more.
    if (Number(existing?.count ?? 0) >= MAX_SAVED_ADDRESSES) {
      throw new AppError(422, authMessages.addressLimit, {}, 'address_limit_reached');
    }
    const [row] = await tx
      .insert(addresses)
      .values({ userId, ...columns(fields), isDefault: false })
      .returning();
    if (!row) throw new Error('The address insert returned no row');
    if (fields.is_default || Number(existing?.count ?? 0) === 0) await setDefault(tx, userId, row.id);
    return toAddressDto((await ownAddress(tx, userId, row.id)) satisfies AddressRow);
  });
}

export async function updateAddress(db: Db, userId: number, id: number, fields: AddressFields): Promise<AddressDto> {
  return db.transaction(async (tx) => {
    await lockUser(tx, userId);
    await ownAddress(tx, userId, id);
    await tx.update(addresses).set(columns(fields)).where(eq(addresses.id, id));
    // Un-ticking "default" is not a way to have none: another address must be made default instead.
    if (fields.is_default) await setDefault(tx, userId, id);
    return toAddressDto(await ownAddress(tx, userId, id));
  });
}

/**
 * Deletes one of the user's addresses and answers it as it was (the contract's reply for every
 * address call). Deleting the default hands it to the newest remaining address, so one remains.
 */
export async function deleteAddress(db: Db, userId: number, id: number): Promise<AddressDto> {
  return db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const row = await ownAddress(tx, userId, id);
    await tx.delete(addresses).where(eq(addresses.id, id));
    if (row.isDefault) {
      const [next] = await tx
        .select({ id: addresses.id })
        .from(addresses)
        .where(eq(addresses.userId, userId))
        .orderBy(desc(addresses.id))
        .limit(1);
      if (next) await setDefault(tx, userId, next.id);
    }
    return toAddressDto(row);
  });
}

/** Exactly one default per user, switched in one transaction. */
export async function makeDefaultAddress(db: Db, userId: number, id: number): Promise<AddressDto> {
  return db.transaction(async (tx) => {
    await lockUser(tx, userId);
    await ownAddress(tx, userId, id);
    await setDefault(tx, userId, id);
    return toAddressDto(await ownAddress(tx, userId, id));
  });
}

/** One of the customer's addresses, or null when the id is not theirs (checkout copies it onto the invoice). */
export async function findUserAddress(db: Db | Tx, userId: number, id: number): Promise<AddressDto | null> {
  const [row] = await db
    .select()
    .from(addresses)
    .where(and(eq(addresses.id, id), eq(addresses.userId, userId)));
  return row ? toAddressDto(row) : null;
}
