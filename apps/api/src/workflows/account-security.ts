import {
  deviceName,
  type LoginPayload,
  securityMessages,
  type TwoFactorLoginInput,
} from '@parade/core/account-security-schemas';
import { AppError, invalidField, notFound } from '../lib/errors';
import {
  type AlertPlace,
  type AuthContext,
  type AuthResult,
  assertPasswordAcceptable,
  type ClientFacts,
  challengeInvalid,
  checkSignInPassword,
  clientKey,
  confirmTwoFactor,
  countChallengeFailure,
  createChallenge,
  endOtherSessions,
  endUserSession,
  enforceRateLimits,
  findLiveChallenge,
  hashPassword,
  hasTwoFactor,
  newSignInMail,
  openSignInSession,
  passwordChangedMail,
  recordSecurityEvent,
  removeTwoFactor,
  twoFactorChangedMail,
  useChallenge,
  verifyPassword,
  verifySecondFactor,
  wrongCode,
} from '../modules/auth';
import { enqueueMail } from '../modules/mail';
import { findUserById, setPasswordHash } from '../modules/users';

/** Account security's use cases (docs/decisions/045): each one transaction, its alert mail queued in it. */

const placeOf = (client: ClientFacts): AlertPlace => ({
  device: deviceName(client.userAgent),
  ip: client.ip,
  at: new Date(),
});

/** Limits of the second step of a sign-in, per client address (each challenge also ends at 5 wrong codes). */
export const twoFactorStepLimits = {
  perIp: { max: 30, windowSeconds: 15 * 60 },
} as const;

/** Limits of the signed-in password change, per account: each attempt checks a password. */
export const passwordChangeLimits = {
  perUser: { max: 10, windowSeconds: 15 * 60 },
} as const;

/**
 * POST auth/login: the password step; then either the session (two-factor sign-in off) or a
 * challenge for the second step (on). A sign-in from a new device and address mails an alert.
 */
export async function signIn(
  ctx: AuthContext,
  input: { email: string; password: string },
  client: ClientFacts,
): Promise<LoginPayload> {
  const user = await checkSignInPassword(ctx, input, client);
  if (await hasTwoFactor(ctx.db, user.id)) {
    return { two_factor_required: true, challenge: await createChallenge(ctx.db, user.id) };
  }
  return openSession(ctx, user.id, client, null);
}

async function openSession(
  ctx: AuthContext,
  userId: number,
  client: ClientFacts,
  detail: string | null,
): Promise<AuthResult> {
  const { result, mailIds } = await ctx.db.transaction(async (tx) => {
    const user = await findUserById(tx, userId);
    if (!user || user.disabled) throw new AppError(403, 'This account has been disabled.', {}, 'account_disabled');
    const opened = await openSignInSession(tx, ctx.config, user, client, detail);
    const mailIds = opened.newPlace ? [await enqueueMail(tx, newSignInMail(ctx.config, user, placeOf(client)))] : [];
    return { result: { access_token: opened.access_token, user: opened.user }, mailIds };
  });
  ctx.deliverMail(mailIds);
  return result;
}

/**
 * POST auth/login/2fa: the second step. A wrong code counts against the challenge (the fifth
 * ends it) and is recorded; a right one (a TOTP code not used before, or an unused recovery code)
 * uses the challenge up and opens the session.
 */
export async function completeTwoFactorSignIn(
  ctx: AuthContext,
  key: Buffer,
  input: TwoFactorLoginInput,
  client: ClientFacts,
): Promise<AuthResult> {
  await enforceRateLimits(ctx.db, [{ key: `login-2fa:ip:${clientKey(client.ip)}`, rule: twoFactorStepLimits.perIp }]);
  const challenge = await findLiveChallenge(ctx.db, input.challenge);
  if (!challenge) throw challengeInvalid();
  const user = await findUserById(ctx.db, challenge.userId);
  if (!user) throw challengeInvalid();
  const matched = await ctx.db.transaction(async (tx) => {
    const factor = await verifySecondFactor(tx, key, user.id, input.code);
    if (factor === null || factor === 'reused') return factor;
    if (!(await useChallenge(tx, input.challenge))) return 'gone' as const;
    if (factor === 'recovery') {
      await recordSecurityEvent(tx, { userId: user.id, email: user.email, kind: 'recovery_code_used', client });
    }
    return factor;
  });
  if (matched === 'gone') throw challengeInvalid();
  if (matched === null || matched === 'reused') {
    await countChallengeFailure(ctx.db, challenge.id);
    await recordSecurityEvent(ctx.db, {
      userId: user.id,
      email: user.email,
      kind: 'sign_in_failed',
      client,
      detail: matched === 'reused' ? 'two-factor code already used' : 'wrong two-factor code',
    });
    throw wrongCode(matched === 'reused');
  }
  return openSession(ctx, user.id, client, matched === 'recovery' ? 'with a recovery code' : 'with two-factor code');
}

/**
 * POST user/password: the current password, the sign-up rules for the new one; then the new
 * hash, every other session ended, the event and the alert mail, in one transaction.
 */
export async function changePassword(
  ctx: AuthContext,
  caller: { userId: number; tokenId: number },
  input: { current_password: string; password: string },
  client: ClientFacts,
): Promise<void> {
  await enforceRateLimits(ctx.db, [
    { key: `password-change:user:${caller.userId}`, rule: passwordChangeLimits.perUser },
  ]);
  const user = await findUserById(ctx.db, caller.userId);
  if (!user) throw notFound();
  if (!user.passwordHash || !(await verifyPassword(input.current_password, user.passwordHash))) {
    await recordSecurityEvent(ctx.db, {
      userId: user.id,
      email: user.email,
      kind: 'sign_in_failed',
      client,
      detail: 'wrong current password at a password change',
    });
    throw invalidField('current_password', securityMessages.currentPasswordWrong, 'current_password_invalid');
  }
  await assertPasswordAcceptable(input.password, { name: user.name, email: user.email });
  const passwordHash = await hashPassword(input.password, ctx.config.passwordHashCost);
  const mailId = await ctx.db.transaction(async (tx) => {
    await setPasswordHash(tx, user.id, passwordHash);
    const ended = await endOtherSessions(tx, user.id, caller.tokenId);
    await recordSecurityEvent(tx, {
      userId: user.id,
      email: user.email,
      kind: 'password_changed',
      client,
      detail: ended > 0 ? `${ended} other session${ended === 1 ? '' : 's'} signed out` : null,
    });
    return enqueueMail(tx, passwordChangedMail(ctx.config, user, placeOf(client)));
  });
  ctx.deliverMail([mailId]);
}

/** POST user/2fa/enable: confirms the set-up with a code; answers the recovery codes. */
export async function enableTwoFactor(
  ctx: AuthContext,
  key: Buffer,
  userId: number,
  code: string,
  client: ClientFacts,
): Promise<string[]> {
  const user = await findUserById(ctx.db, userId);
  if (!user) throw notFound();
  const { codes, mailId } = await ctx.db.transaction(async (tx) => {
    const codes = await confirmTwoFactor(tx, key, user.id, code);
    await recordSecurityEvent(tx, { userId: user.id, email: user.email, kind: 'two_factor_enabled', client });
    return { codes, mailId: await enqueueMail(tx, twoFactorChangedMail(ctx.config, user, true, placeOf(client))) };
  });
  ctx.deliverMail([mailId]);
  return codes;
}

/** POST user/2fa/disable: with a current code (or a recovery code), turns it off. */
export async function disableTwoFactor(
  ctx: AuthContext,
  key: Buffer,
  userId: number,
  code: string,
  client: ClientFacts,
): Promise<void> {
  const user = await findUserById(ctx.db, userId);
  if (!user) throw notFound();
  if (!(await hasTwoFactor(ctx.db, user.id))) {
    throw new AppError(409, securityMessages.twoFactorNotEnabled, {}, 'two_factor_not_enabled');
  }
  const mailId = await ctx.db.transaction(async (tx) => {
    const factor = await verifySecondFactor(tx, key, user.id, code);
    if (factor === null || factor === 'reused') return factor;
    await removeTwoFactor(tx, user.id);
    await recordSecurityEvent(tx, {
      userId: user.id,
      email: user.email,
      kind: 'two_factor_disabled',
      client,
      detail: factor === 'recovery' ? 'with a recovery code' : null,
    });
    return enqueueMail(tx, twoFactorChangedMail(ctx.config, user, false, placeOf(client)));
  });
  if (mailId === null || mailId === 'reused') throw wrongCode(mailId === 'reused');
  ctx.deliverMail([mailId]);
}

/** DELETE user/sessions/{id}: ends one of the caller's sessions; 404 for anyone else's, or one already over. */
export async function endSession(
  ctx: AuthContext,
  user: { id: number; email: string },
  sessionId: number,
  client: ClientFacts,
): Promise<void> {
  const done = await ctx.db.transaction(async (tx) => {
    if (!(await endUserSession(tx, user.id, sessionId))) return false;
    await recordSecurityEvent(tx, { userId: user.id, email: user.email, kind: 'session_ended', client });
    return true;
  });
  if (!done) throw notFound(securityMessages.sessionNotFound, 'session_not_found');
}

/** POST user/sessions/end-others: "sign out everywhere else". */
export async function endOthers(
  ctx: AuthContext,
  caller: { userId: number; email: string; tokenId: number },
  client: ClientFacts,
): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const ended = await endOtherSessions(tx, caller.userId, caller.tokenId);
    if (ended > 0) {
      await recordSecurityEvent(tx, {
        userId: caller.userId,
        email: caller.email,
        kind: 'session_ended',
        client,
        detail: `signed out everywhere else (${ended})`,
      });
    }
    return ended;
  });
}
