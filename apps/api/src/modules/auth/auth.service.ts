import { authMessages, type UserDto } from '@parade/core/auth-schemas';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db, DbOrTx } from '../../db/client';
import { AppError, invalidField } from '../../lib/errors';
import { findUserByEmail, toUserDto, type UserRow } from '../users';
import { passwordResets, socialAccounts } from './auth.tables';
import { type OidcIdentity, OidcTokenError, type OidcVerifier } from './oidc';
import { hashPassword, verifyPassword } from './password';
import {
  accountClientKey,
  accountThrottle,
  accountWaitSeconds,
  authRateLimits,
  clearRateLimit,
  clientKey,
  countInWindow,
  enforceRateLimits,
  hitRateLimit,
  isKnownClient,
  rememberClient,
  TooManyRequests,
  takeTurn,
} from './rate-limit';
import { type ClientFacts, isNewSignInPlace, recordSecurityEvent } from './security-events';
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

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

/** The 422 of a sign-up whose e-mail already has an account. */
export const emailTaken = () => invalidField('email', authMessages.emailTaken, 'email_taken');

/** Counts a sign-up attempt from this IP (429 when over the limit), before anything else is checked. */
export async function guardRegister(db: DbOrTx, clientIp: string): Promise<void> {
  await enforceRateLimits(db, [{ key: `register:ip:${clientKey(clientIp)}`, rule: authRateLimits.registerPerIp }]);
}

/** Remembers the address as the account owner's (sign-up, sign-in, reset): never slowed by accountThrottle. */
export async function rememberOwnerClient(db: DbOrTx, email: string, clientIp: string): Promise<void> {
  await rememberClient(db, normaliseEmail(email), clientIp);
}

const failuresKey = (account: string) => `login:failures:${account}`;

/**
 * An address the owner has not used waits its turn on an account that has had many failed
 * sign-ins (accountThrottle): 429 with Retry-After when another attempt was let through too
 * recently. The owner's own addresses pass straight on.
 */
async function awaitAccountTurn(db: DbOrTx, account: string, clientIp: string): Promise<void> {
  if (await isKnownClient(db, account, clientIp)) return;
  const wait = accountWaitSeconds(await countInWindow(db, failuresKey(account)));
  if (wait === 0) return;
  const left = await takeTurn(db, `login:turn:${account}`, wait);
  if (left > 0) throw new TooManyRequests(left);
}

// Checking a password against this when the account does not exist keeps the reply time the
// same, so timing does not tell which e-mail addresses have accounts.
// Hashed at the configured cost, so it takes as long to check as a real account's password.
const decoyHashes = new Map<number, Promise<string>>();
const getDecoyHash = (cost: number) => {
  let decoy = decoyHashes.get(cost);
  if (!decoy) {
    decoy = hashPassword('decoy password that never matches', cost);
    decoyHashes.set(cost, decoy);
  }
  return decoy;
};

/**
 * The password step of a sign-in: rate limits, the account's slow-down, the password (a wrong
 * one answers the same 422 for every e-mail, and is recorded on an existing account), and a
 * disabled account's refusal. Answers the user whose password matched; the caller opens the
 * session, or a two-factor challenge first.
 */
export async function checkSignInPassword(
  ctx: AuthContext,
  input: { email: string; password: string },
  client: ClientFacts,
): Promise<UserRow> {
  const clientIp = client.ip;
  const account = normaliseEmail(input.email);
  const pairKey = accountClientKey('login', account, clientIp);
  // Per address, and per (account, address): no counter of the account alone can stop its owner.
  await enforceRateLimits(ctx.db, [
    { key: `login:ip:${clientKey(clientIp)}`, rule: authRateLimits.loginPerIp },
    { key: pairKey, rule: authRateLimits.loginPerAccountAndIp },
  ]);
  await awaitAccountTurn(ctx.db, account, clientIp);
  const user = await findUserByEmail(ctx.db, input.email);
  const matches = user?.passwordHash
    ? await verifyPassword(input.password, user.passwordHash)
    : await verifyPassword(input.password, await getDecoyHash(ctx.config.passwordHashCost)).then(() => false);
  if (!user || !matches) {
    // Counted for unknown e-mails too, so the slow-down tells nothing about which accounts exist.
    await hitRateLimit(ctx.db, failuresKey(account), {
      max: Number.MAX_SAFE_INTEGER,
      windowSeconds: accountThrottle.failureWindowSeconds,
    });
    if (user) {
      await recordSecurityEvent(ctx.db, {
        userId: user.id,
        email: user.email,
        kind: 'sign_in_failed',
        client,
        detail: 'wrong password',
      });
    }
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
  return user;
}

/**
 * Opens the session of a sign-in that passed every factor (run it in a transaction): ends this
 * address's run of failures on the account and makes the address the owner's (the account's
 * failure count stays: it keeps slowing other addresses), records the sign-in, and says whether
 * it came from a device and address not seen in 90 days (for the alert mail).
 */
export async function openSignInSession(
  db: DbOrTx,
  config: Config,
  user: UserRow,
  client: ClientFacts,
  detail: string | null = null,
): Promise<AuthResult & { newPlace: boolean }> {
  const account = normaliseEmail(user.email);
  await clearRateLimit(db, accountClientKey('login', account, client.ip));
  await rememberClient(db, account, client.ip);
  const newPlace = await isNewSignInPlace(db, user.id, client);
  const access_token = await createSession(db, user.id, config.authTokenTtlDays, client);
  await recordSecurityEvent(db, { userId: user.id, email: user.email, kind: 'sign_in', client, detail });
  return { access_token, user: toUserDto(user), newPlace };
}

/**
 * Counts a reset request per IP and per (e-mail, IP): 429 when over a limit. Then says whether to
 * mail the link: always to an address the owner used, else only while the account's reset mails
 * to unknown addresses are under their cap (past it the reply is the same, no mail is sent, so
 * a flood of requests neither mail-bombs the owner nor stops them resetting from their own
 * address). Both paths of "forgot" do the same writes.
 */
export async function guardForgotPassword(db: DbOrTx, email: string, clientIp: string): Promise<{ send: boolean }> {
  const account = normaliseEmail(email);
  await enforceRateLimits(db, [
    { key: `forgot:ip:${clientKey(clientIp)}`, rule: authRateLimits.forgotPerIp },
    { key: accountClientKey('forgot', account, clientIp), rule: authRateLimits.forgotPerAccountAndIp },
  ]);
  if (await isKnownClient(db, account, clientIp)) return { send: true };
  const over = await hitRateLimit(db, `forgot:account:${account}`, accountThrottle.resetMailsFromUnknownClients);
  return { send: over === 0 };
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
  await enforceRateLimits(db, [{ key: `reset:ip:${clientKey(clientIp)}`, rule: authRateLimits.resetPerIp }]);
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
