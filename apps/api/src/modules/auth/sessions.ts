import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { preparedOn } from '../../db/prepared';
import { sessionUsers, type UserRow } from '../users';
import { authTokens } from './auth.tables';

/** 32 random bytes, URL-safe: the only copy of a token is the one handed to the client. */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are stored and looked up by their SHA-256 hash (hex). */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Opens a session: stores the hash of a new bearer token that expires after `ttlDays`. */
export async function createSession(db: DbOrTx, userId: number, ttlDays: number): Promise<string> {
  const token = newOpaqueToken();
  await db.insert(authTokens).values({
    userId,
    tokenHash: hashToken(token),
    expiresAt: sql`now() + make_interval(days => ${ttlDays})`,
  });
  return token;
}

export interface SessionRecord {
  tokenId: number;
  user: UserRow;
}

// Writing last_used_at on every request would turn each read into a write; once in a while is enough.
const TOUCH_AFTER_MS = 5 * 60_000;

/**
 * The live session of a bearer token, with its user (from the users module): not revoked, not
 * expired, and used within the last `idleTimeoutMinutes` (last use is recorded at most every
 * TOUCH_AFTER_MS, so a session may outlive its idle timeout by up to that much).
 */
export async function findSession(
  db: DbOrTx,
  token: string,
  idleTimeoutMinutes: number,
): Promise<SessionRecord | null> {
  // Prepared, and the token with its user in one statement: every signed-in request asks it.
  const [row] = await preparedOn(db, 'auth_live_session', () => {
    const user = sessionUsers(db);
    return db
      .select({ tokenId: authTokens.id, lastUsedAt: authTokens.lastUsedAt, user: user.fields })
      .from(authTokens)
      .innerJoin(user.table, eq(user.table.id, authTokens.userId))
      .where(
        and(
          eq(authTokens.tokenHash, sql.placeholder('tokenHash')),
          isNull(authTokens.revokedAt),
          gt(authTokens.expiresAt, sql`now()`),
          // A new session has not been used yet: its idle time runs from its creation.
          gt(
            sql`coalesce(${authTokens.lastUsedAt}, ${authTokens.createdAt})`,
            sql`now() - ${sql.placeholder('idleMinutes')}::int * interval '1 minute'`,
          ),
        ),
      )
      .limit(1);
  }).execute({ tokenHash: hashToken(token), idleMinutes: idleTimeoutMinutes });
  if (!row) return null;
  const { user } = row;
  // A disabled account's tokens stop working at once, without revoking them one by one.
  if (user.disabled) return null;
  if (!row.lastUsedAt || Date.now() - row.lastUsedAt.getTime() > TOUCH_AFTER_MS) {
    await db.update(authTokens).set({ lastUsedAt: sql`now()` }).where(eq(authTokens.id, row.tokenId));
  }
  return { tokenId: row.tokenId, user };
}

export async function revokeSession(db: DbOrTx, tokenId: number): Promise<void> {
  await db
    .update(authTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(authTokens.id, tokenId), isNull(authTokens.revokedAt)));
}

/** Signs a user out everywhere (after a password reset). */
export async function revokeAllSessions(db: DbOrTx, userId: number): Promise<void> {
  await db
    .update(authTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(authTokens.userId, userId), isNull(authTokens.revokedAt)));
}
