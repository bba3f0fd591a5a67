import { authMessages, type UserDto } from '@parade/core/auth-schemas';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { AppError, invalidField } from '../../lib/errors';
import { enqueueMail } from '../mail/outbox.service';
import {
  createUser,
  EMAIL_UNIQUE_INDEX,
  findUserByEmail,
  isUniqueViolation,
  setPasswordHash,
  toUserDto,
  type UserRow,
} from '../users/users.service';
import { users } from '../users/users.tables';
import { resetLink, resetPasswordMail, welcomeMail } from './auth.mails';
import { passwordResets, socialAccounts } from './auth.tables';
import { isCommonPassword } from './common-passwords';
import { OidcTokenError, type OidcVerifier } from './oidc';
import { hashPassword, verifyPassword } from './password';
import { authRateLimits, clearRateLimit, enforceRateLimits } from './rate-limit';
import { createSession, hashToken, newOpaqueToken, revokeAllSessions } from './sessions';

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
function assertPasswordAcceptable(password: string, field = 'password'): void {
  if (isCommonPassword(password) || /^(.)\1*$/u.test(password)) throw invalidField(field, authMessages.passwordCommon);
}

const normaliseEmail = (email: string) => email.trim().toLowerCase();

export async function register(
  ctx: AuthContext,
  input: { name: string; email: string; phone?: string | null; password: string },
  clientIp: string,
): Promise<AuthResult> {
  await enforceRateLimits(ctx.db, [{ key: `register:ip:${clientIp}`, rule: authRateLimits.registerPerIp }]);
  assertPasswordAcceptable(input.password);
  if (await findUserByEmail(ctx.db, input.email)) throw invalidField('email', authMessages.emailTaken);
  const passwordHash = await hashPassword(input.password);
  try {
    const { result, mailId } = await ctx.db.transaction(async (tx) => {
      const user = await createUser(tx, { ...input, passwordHash });
      const access_token = await createSession(tx, user.id, ctx.config.authTokenTtlDays);
      const mailId = await enqueueMail(tx, welcomeMail(ctx.config, user));
      return { result: { access_token, user: toUserDto(user) }, mailId };
    });
    ctx.deliverMail([mailId]);
    return result;
  } catch (error) {
    // Two sign-ups with the same address at once: the unique index decides.
    if (isUniqueViolation(error, EMAIL_UNIQUE_INDEX)) throw invalidField('email', authMessages.emailTaken);
    throw error;
  }
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
    throw new AppError(422, authMessages.badCredentials, { email: [authMessages.badCredentials] });
  }
  // A successful login ends the account's run of failures; the per-IP count stays.
  await clearRateLimit(ctx.db, accountKey);
  const access_token = await createSession(ctx.db, user.id, ctx.config.authTokenTtlDays);
  return { access_token, user: toUserDto(user) };
}

/**
 * Mails a reset link when the account exists. The reply is the same either way, and the reset
 * is written and mailed after the reply, so that neither content nor timing tells whether the
 * account exists: both paths do the same rate-limit writes and the same lookup.
 */
export async function forgotPassword(ctx: AuthContext, input: { email: string }, clientIp: string): Promise<void> {
  await enforceRateLimits(ctx.db, [
    { key: `forgot:ip:${clientIp}`, rule: authRateLimits.forgotPerIp },
    { key: `forgot:account:${normaliseEmail(input.email)}`, rule: authRateLimits.forgotPerAccount },
  ]);
  const user = await findUserByEmail(ctx.db, input.email);
  if (!user) return;
  ctx.composeMailLater(async () => {
    const token = newOpaqueToken();
    const ttl = ctx.config.resetTokenTtlSeconds;
    const mailId = await ctx.db.transaction(async (tx) => {
      await tx.insert(passwordResets).values({
        userId: user.id,
        tokenHash: hashToken(token),
        expiresAt: sql`now() + make_interval(secs => ${ttl})`,
      });
      return enqueueMail(tx, resetPasswordMail(ctx.config, user, token));
    });
    if (ctx.config.env === 'development') {
      ctx.log.info({ resetLink: resetLink(ctx.config, user.email, token) }, 'password reset link (development only)');
    }
    return [mailId];
  });
}

/** The token's reset exists, is unused and unexpired, and was issued to this e-mail's account. */
function liveResetTokenWhere(token: string, email: string) {
  return and(
    eq(passwordResets.tokenHash, hashToken(token)),
    isNull(passwordResets.usedAt),
    gt(passwordResets.expiresAt, sql`now()`),
    eq(
      passwordResets.userId,
      sql`(select ${users.id} from ${users} where lower(${users.email}) = lower(${email.trim()}))`,
    ),
  );
}

async function isLiveResetToken(db: Db, token: string, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: passwordResets.id })
    .from(passwordResets)
    .where(liveResetTokenWhere(token, email))
    .limit(1);
  return Boolean(row);
}

/**
 * Sets a new password with a reset token: the token must be unexpired, unused and issued to
 * that e-mail. It is used up atomically, every other reset link of the user dies with it, and
 * every session of the user is revoked.
 */
export async function resetPassword(
  ctx: AuthContext,
  input: { token: string; email: string; password: string },
  clientIp: string,
): Promise<void> {
  await enforceRateLimits(ctx.db, [{ key: `reset:ip:${clientIp}`, rule: authRateLimits.resetPerIp }]);
  assertPasswordAcceptable(input.password);
  // Hashing costs real CPU: only for a token that is live now (the update below decides for good).
  if (!(await isLiveResetToken(ctx.db, input.token, input.email))) {
    throw new AppError(422, authMessages.resetInvalid, { token: [authMessages.resetInvalid] });
  }
  const passwordHash = await hashPassword(input.password);
  const done = await ctx.db.transaction(async (tx) => {
    const [used] = await tx
      .update(passwordResets)
      .set({ usedAt: sql`now()` })
      .where(liveResetTokenWhere(input.token, input.email))
      .returning({ userId: passwordResets.userId });
    if (!used) return false;
    await setPasswordHash(tx, used.userId, passwordHash);
    await tx
      .update(passwordResets)
      .set({ usedAt: sql`now()` })
      .where(and(eq(passwordResets.userId, used.userId), isNull(passwordResets.usedAt)));
    await revokeAllSessions(tx, used.userId);
    return true;
  });
  if (!done) throw new AppError(422, authMessages.resetInvalid, { token: [authMessages.resetInvalid] });
}

/**
 * Signs in with a verified OpenID Connect ID token. A known (provider, subject) pair signs in
 * its user. Otherwise the token's e-mail, only when the provider vouches for it
 * (email_verified), links an existing account or creates a new one.
 */
export async function socialLogin(
  ctx: AuthContext,
  verifier: OidcVerifier,
  input: { provider: string; id_token: string; uid?: string; nonce?: string },
): Promise<AuthResult> {
  if (!verifier.has(input.provider)) throw new AppError(404, authMessages.socialDisabled);
  let identity: Awaited<ReturnType<OidcVerifier['verify']>>;
  try {
    identity = await verifier.verify(input.provider, input.id_token, { nonce: input.nonce });
  } catch (error) {
    if (error instanceof OidcTokenError) throw new AppError(401, authMessages.socialInvalid);
    throw error;
  }
  if (input.uid !== undefined && input.uid !== identity.subject) throw new AppError(401, authMessages.socialInvalid);

  const { result, mailId } = await ctx.db.transaction(async (tx) => {
    const [linked] = await tx
      .select({ user: users })
      .from(socialAccounts)
      .innerJoin(users, eq(users.id, socialAccounts.userId))
      .where(and(eq(socialAccounts.provider, input.provider), eq(socialAccounts.subject, identity.subject)));
    let user: UserRow | undefined = linked?.user;
    let mailId: number | null = null;
    if (!user) {
      if (!identity.email || !identity.emailVerified) {
        throw new AppError(422, 'The provider did not share a verified e-mail address.', {
          id_token: ['The provider did not share a verified e-mail address.'],
        });
      }
      user = (await findUserByEmail(tx, identity.email)) ?? undefined;
      if (user?.passwordHash) {
        // Sign-up never proved that this e-mail was the registrant's, and the provider just proved
        // it is this person's: whoever registered it first (perhaps to lie in wait) loses the
        // password and every session. The owner can set a password again with "forgot".
        await setPasswordHash(tx, user.id, null);
        await revokeAllSessions(tx, user.id);
      }
      if (!user) {
        const name = identity.name?.trim() || identity.email.split('@')[0] || identity.email;
        user = await createUser(tx, { name: name.slice(0, 100), email: identity.email, passwordHash: null });
        mailId = await enqueueMail(tx, welcomeMail(ctx.config, user));
      }
      await tx.insert(socialAccounts).values({ userId: user.id, provider: input.provider, subject: identity.subject });
    }
    const access_token = await createSession(tx, user.id, ctx.config.authTokenTtlDays);
    return { result: { access_token, user: toUserDto(user) }, mailId };
  });
  if (mailId !== null) ctx.deliverMail([mailId]);
  return result;
}
