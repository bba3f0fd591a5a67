import { authMessages, type UserDto } from '@parade/core/auth-schemas';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db, DbOrTx } from '../../db/client';
import { AppError, invalidField } from '../../lib/errors';
import { findUserByEmail, toUserDto } from '../users';
import { passwordResets, socialAccounts } from './auth.tables';
import { isCommonPassword } from './common-passwords';
import { type OidcIdentity, OidcTokenError, type OidcVerifier } from './oidc';
import { hashPassword, verifyPassword } from './password';
import { authRateLimits, clearRateLimit, enforceRateLimits } from './rate-limit';
import { createSession, hashToken } from './sessions';

export interface AuthResult {
  access_token: string;
  user: UserDto;
}

/** What the services need from the app: the database, configuration, and mail delivery. */
export interface AuthContext {
  db: Db;
  config: Config;
  /** Hands committed outbox rows to the mailer. */
  deliverMail(ids: number[]): void;
  /** Writes and delivers mail after the reply (see Mailer.composeLater). */
  composeMailLater(compose: () => Promise<number[]>): void;
  log: { info(obj: object, msg: string): void };
}

/** Refuses passwords from the common list (schema rules such as length run before this). */
export function assertPasswordAcceptable(password: string, field = 'password'): void {
  if (isCommonPassword(password) || /^(.)\1*$/u.test(password))
    throw invalidField(field, authMessages.passwordCommon, 'password_too_common');
}

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

/** The 422 of a sign-up whose e-mail already has an account. */
export const emailTaken = () => invalidField('email', authMessages.emailTaken, 'email_taken');

/** Counts a sign-up attempt from this IP (429 when over the limit), before anything else is checked. */
export async function guardRegister(db: DbOrTx, clientIp: string): Promise<void> {
  await enforceRateLimits(db, [{ key: `register:ip:${clientIp}`, rule: authRateLimits.registerPerIp }]);
}

// Checking a password against this when the account does not exist keeps the reply time the
// same, so timing does not tell which e-mail addresses have accounts.
let decoyHash: Promise<string> | null = null;
const getDecoyHash = () => {
  decoyHash ??= hashPassword('decoy password that never matches');
  return decoyHash;
};

export async function login(
  ctx: AuthContext,
  input: { email: string; password: string },
  clientIp: string,
): Promise<AuthResult> {
  const accountKey = `login:account:${normaliseEmail(input.email)}`;
  await enforceRateLimits(ctx.db, [
    { key: `login:ip:${clientIp}`, rule: authRateLimits.loginPerIp },
    { key: accountKey, rule: authRateLimits.loginPerAccount },
  ]);
  const user = await findUserByEmail(ctx.db, input.email);
  const matches = user?.passwordHash
    ? await verifyPassword(input.password, user.passwordHash)
    : await verifyPassword(input.password, await getDecoyHash()).then(() => false);
  if (!user || !matches) {
    throw new AppError(
      422,
      authMessages.badCredentials,
      { email: [authMessages.badCredentials] },
      'invalid_credentials',
    );
  }
  // Only after the password matched, so the refusal tells nothing to someone guessing.
  if (user.disabled) {
    throw new AppError(403, 'This account has been disabled.', {}, 'account_disabled');
  }
  // A successful login ends the account's run of failures; the per-IP count stays.
  await clearRateLimit(ctx.db, accountKey);
  const access_token = await createSession(ctx.db, user.id, ctx.config.authTokenTtlDays);
  return { access_token, user: toUserDto(user) };
}

/** Counts a reset request per IP and per e-mail (429 when over a limit); both paths of "forgot" do the same writes. */
export async function guardForgotPassword(db: DbOrTx, email: string, clientIp: string): Promise<void> {
  await enforceRateLimits(db, [
    { key: `forgot:ip:${clientIp}`, rule: authRateLimits.forgotPerIp },
    { key: `forgot:account:${normaliseEmail(email)}`, rule: authRateLimits.forgotPerAccount },
  ]);
}

/** Stores a reset link's token (its hash) for the user, live for `ttlSeconds`. */
export async function insertPasswordReset(db: DbOrTx, userId: number, token: string, ttlSeconds: number) {
  await db.insert(passwordResets).values({
    userId,
    tokenHash: hashToken(token),
    expiresAt: sql`now() + make_interval(secs => ${ttlSeconds})`,
  });
}

/** The 422 of a reset token that is unknown, used, expired or not this account's. */
export const resetInvalid = () =>
  new AppError(422, authMessages.resetInvalid, { token: [authMessages.resetInvalid] }, 'reset_token_invalid');

/** Counts a reset attempt from this IP (429 when over the limit). */
export async function guardResetPassword(db: DbOrTx, clientIp: string): Promise<void> {
  await enforceRateLimits(db, [{ key: `reset:ip:${clientIp}`, rule: authRateLimits.resetPerIp }]);
}

/** The token's reset exists, is unused and unexpired, and was issued to this user. */
function liveResetTokenWhere(token: string, userId: number) {
  return and(
    eq(passwordResets.tokenHash, hashToken(token)),
    isNull(passwordResets.usedAt),
    gt(passwordResets.expiresAt, sql`now()`),
    eq(passwordResets.userId, userId),
  );
}

export async function isLiveResetToken(db: DbOrTx, token: string, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: passwordResets.id })
    .from(passwordResets)
    .where(liveResetTokenWhere(token, userId))
    .limit(1);
  return Boolean(row);
}

/**
 * Uses up the user's live reset token and ends every other reset link of theirs (run it in the
 * transaction that sets the password); false when the token is not live (any more).
 */
export async function useResetToken(db: DbOrTx, token: string, userId: number): Promise<boolean> {
  const [used] = await db
    .update(passwordResets)
    .set({ usedAt: sql`now()` })
    .where(liveResetTokenWhere(token, userId))
    .returning({ userId: passwordResets.userId });
  if (!used) return false;
  await db
    .update(passwordResets)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
  return true;
}

/** Verifies an OpenID Connect ID token with the configured provider: 404 for an unknown provider, 401 for a bad token. */
export async function verifySocialIdentity(
  verifier: OidcVerifier,
  input: { provider: string; id_token: string; uid?: string; nonce?: string },
): Promise<OidcIdentity> {
  if (!verifier.has(input.provider))
    throw new AppError(404, authMessages.socialDisabled, {}, 'social_provider_unavailable');
  let identity: OidcIdentity;
  try {
    identity = await verifier.verify(input.provider, input.id_token, { nonce: input.nonce });
  } catch (error) {
    if (error instanceof OidcTokenError)
      throw new AppError(401, authMessages.socialInvalid, {}, 'social_token_invalid');
    throw error;
  }
  if (input.uid !== undefined && input.uid !== identity.subject)
    throw new AppError(401, authMessages.socialInvalid, {}, 'social_token_invalid');
  return identity;
}

/** The user a (provider, subject) pair is linked to, if any. */
export async function findLinkedUserId(db: DbOrTx, provider: string, subject: string): Promise<number | null> {
  const [linked] = await db
    .select({ userId: socialAccounts.userId })
    .from(socialAccounts)
    .where(and(eq(socialAccounts.provider, provider), eq(socialAccounts.subject, subject)));
  return linked?.userId ?? null;
}

/** Links a provider's subject to a user. */
export async function linkSocialAccount(db: DbOrTx, userId: number, provider: string, subject: string) {
  await db.insert(socialAccounts).values({ userId, provider, subject });
}

/** The 422 of a provider that did not vouch for an e-mail address. */
export const socialEmailUnverified = () =>
  new AppError(
    422,
    'The provider did not share a verified e-mail address.',
    {
      id_token: ['The provider did not share a verified e-mail address.'],
    },
    'social_email_unverified',
  );
