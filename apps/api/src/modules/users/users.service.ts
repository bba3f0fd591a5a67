import type { UserDto } from '@parade/core/auth-schemas';
import { eq, getTableColumns, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { preparedOn } from '../../db/prepared';
import { users } from './users.tables';

export type UserRow = typeof users.$inferSelect;

/** The user as replies show it: an explicit pick, so the password hash can never leak. */
export function toUserDto(row: UserRow): UserDto {
  return { id: row.id, name: row.name, email: row.email, phone: row.phone, role: row.role, avatar: row.avatar };
}

/** E-mail addresses are compared case-insensitively (the unique index is on lower(email)). */
export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(sql`lower(${users.email}) = lower(${email.trim()})`).limit(1);
  return row ?? null;
}

/**
 * Every column of `users` as a derived table to join: the session lookup of every signed-in
 * request reads the token and its user in one statement (the auth module joins this; the users
 * table stays this module's).
 */
export function sessionUsers(db: DbOrTx) {
  const columns = getTableColumns(users);
  const table = db.select(columns).from(users).as('session_user');
  // Its columns, to select as one nested `user` object.
  const fields = Object.fromEntries(Object.keys(columns).map((key) => [key, table[key as keyof typeof columns]])) as {
    [K in keyof typeof columns]: (typeof table)[K];
  };
  return { table, fields };
}

export async function findUserById(db: DbOrTx, id: number): Promise<UserRow | null> {
  // Prepared: every signed-in request asks it (through the session lookup).
  const [row] = await preparedOn(db, 'users_by_id', () =>
    db
      .select()
      .from(users)
      .where(eq(users.id, sql.placeholder('id')))
      .limit(1),
  ).execute({ id });
  return row ?? null;
}

export const EMAIL_UNIQUE_INDEX = 'users_email_lower_idx';

export async function createUser(
  db: DbOrTx,
  values: { name: string; email: string; phone?: string | null; passwordHash: string | null },
): Promise<UserRow> {
  const [row] = await db
    .insert(users)
    .values({
      name: values.name,
      email: values.email.trim(),
      phone: values.phone || null,
      passwordHash: values.passwordHash,
    })
    .returning();
  if (!row) throw new Error('The user insert returned no row');
  return row;
}

/**
 * Locks the user's row until the transaction ends: changes of one user's data that must not
 * interleave (their addresses) run one at a time.
 */
export async function lockUser(tx: Tx, userId: number): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

export async function setPasswordHash(db: DbOrTx, userId: number, passwordHash: string | null): Promise<void> {
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
}

/**
 * Updates name, phone and (when given) the avatar URL. Returns the avatar URL the update
 * replaced, read under a row lock in the same transaction, so that of two uploads at once each
 * learns exactly the file it replaced and no file is left behind unreferenced.
 */
export async function updateProfile(
  db: Db,
  userId: number,
  changes: { name: string; phone?: string | null; avatar?: string },
): Promise<{ user: UserRow; replacedAvatar: string | null }> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select({ avatar: users.avatar }).from(users).where(eq(users.id, userId)).for('update');
    const [row] = await tx
      .update(users)
      .set({
        name: changes.name,
        ...(changes.phone !== undefined ? { phone: changes.phone || null } : {}),
        ...(changes.avatar !== undefined ? { avatar: changes.avatar } : {}),
      })
      .where(eq(users.id, userId))
      .returning();
    if (!row || !before) throw new Error('The user to update is gone');
    const replaced = changes.avatar !== undefined && before.avatar !== changes.avatar ? before.avatar : null;
    return { user: row, replacedAvatar: replaced };
  });
}
