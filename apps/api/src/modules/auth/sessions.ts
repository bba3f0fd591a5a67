import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { preparedOn } from '../../db/prepared';
import { sessionUsers, type UserRow } from '../users';
import { authTokens } from './auth.tables';
import { type ClientFacts, cleanUserAgent } from './security-events';

/** 32 random bytes, URL-safe: the only copy of a token is the one handed to the client. */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are stored and looked up by their SHA-256 hash (hex). */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Opens a session: stores the hash of a new bearer token that expires after `ttlDays`. */
export async function createSession(
  db: DbOrTx,
  userId: number,
  ttlDays: number,
  client: ClientFacts | null = null,
): Promise<string> {
  const token = newOpaqueToken();
  await db.insert(authTokens).values({
    userId,
    tokenHash: hashToken(token),
    expiresAt: sql`now() + make_interval(days => ${ttlDays})`,
    userAgent: client ? cleanUserAgent(client.userAgent) : null,
    ip: client?.ip ?? null,
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

/** The user's sessions still alive (not ended, not expired, not idle too long), newest first. */
function liveSessionsOf(userId: number, idleTimeoutMinutes: number) {
  return and(
    eq(authTokens.userId, userId),
    isNull(authTokens.revokedAt),
    gt(authTokens.expiresAt, sql`now()`),
    gt(
      sql`coalesce(${authTokens.lastUsedAt}, ${authTokens.createdAt})`,
      sql`now() - ${idleTimeoutMinutes}::int * interval '1 minute'`,
    ),
  );
}

export interface SessionListRow {
  id: number;
  createdAt: Date;
  lastUsedAt: Date | null;
  userAgent: string | null;
  ip: string | null;
}

export async function listLiveSessions(
  db: DbOrTx,
  userId: number,
  idleTimeoutMinutes: number,
): Promise<SessionListRow[]> {
  return db
    .select({
      id: authTokens.id,
      createdAt: authTokens.createdAt,
      lastUsedAt: authTokens.lastUsedAt,
      userAgent: authTokens.userAgent,
      ip: authTokens.ip,
    })
    .from(authTokens)
    .where(liveSessionsOf(userId, idleTimeoutMinutes))
    .orderBy(desc(authTokens.createdAt), desc(authTokens.id))
    .limit(200);
}

/** Ends one live session of the user; false when it is not theirs, or already over. */
export async function endUserSession(db: DbOrTx, userId: number, sessionId: number): Promise<boolean> {
  const ended = await db
    .update(authTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(authTokens.id, sessionId), eq(authTokens.userId, userId), isNull(authTokens.revokedAt)))
    .returning({ id: authTokens.id });
  return ended.length > 0;
}

/** Ends every session of the user but one (the caller's own); answers how many ended. */
export async function endOtherSessions(db: DbOrTx, userId: number, keepTokenId: number): Promise<number> {
  const ended = await db
    .update(authTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(authTokens.userId, userId), isNull(authTokens.revokedAt), ne(authTokens.id, keepTokenId)))
    .returning({ id: authTokens.id });
  return ended.length;
}
