import { deviceName } from '@parade/core/account-security-schemas';
import {
  type AuthContext,
  assertPasswordAcceptable,
  guardForgotPassword,
  guardResetPassword,
  hashPassword,
  insertPasswordReset,
  isLiveResetToken,
  newOpaqueToken,
  passwordChangedMail,
  recordSecurityEvent,
  rememberOwnerClient,
  resetInvalid,
  resetLink,
  resetPasswordMail,
  revokeAllSessions,
  useResetToken,
} from '../modules/auth';
import { enqueueMail } from '../modules/mail';
import { findUserByEmail, setPasswordHash } from '../modules/users';

/** Stores a reset link for an existing account and queues its mail in one transaction (auth + mail), after the reply. */
export async function requestPasswordReset(
  ctx: AuthContext,
  input: { email: string },
  clientIp: string,
): Promise<void> {
  // The reply is the same either way, and the reset is written and mailed after the reply, so
  // that neither content nor timing tells whether the account exists: both paths do the same
  // rate-limit writes and the same lookup.
  const { send } = await guardForgotPassword(ctx.db, input.email, clientIp);
  const user = await findUserByEmail(ctx.db, input.email);
  if (!user || !send) return;
  ctx.composeMailLater(async () => {
    const token = newOpaqueToken();
    const mailId = await ctx.db.transaction(async (tx) => {
      await insertPasswordReset(tx, user.id, token, ctx.config.resetTokenTtlSeconds);
      return enqueueMail(tx, resetPasswordMail(ctx.config, user, token));
    });
    // Only on a laptop: no mail relay, a loopback HOST, not production (config.logResetLinks).
    if (ctx.config.logResetLinks) {
      ctx.log.info(
        { resetLink: resetLink(ctx.config, user.email, token) },
        'password reset link (development mode only)',
      );
    }
    return [mailId];
  });
}

/** Sets a new password with a reset token, using up the user's reset links and ending their sessions in one transaction (auth + users). */
export async function resetPassword(
  ctx: AuthContext,
  input: { token: string; email: string; password: string },
  clientIp: string,
  userAgent: string | null = null,
): Promise<void> {
  await guardResetPassword(ctx.db, clientIp);
  // The token must be unexpired, unused and issued to that e-mail's account. Hashing costs real
  // CPU: only for a token that is live now (useResetToken below decides for good).
  const user = await findUserByEmail(ctx.db, input.email);
  // The token first: judging a password costs up to 100 ms of the server's one thread, which a
  // made-up token must not be able to spend (issue 22). Then the rules, with the account's name.
  if (!user || !(await isLiveResetToken(ctx.db, input.token, user.id))) throw resetInvalid();
  await assertPasswordAcceptable(input.password, { name: user.name, email: user.email });
  const passwordHash = await hashPassword(input.password, ctx.config.passwordHashCost);
  const client = { ip: clientIp, userAgent };
  const mailId = await ctx.db.transaction(async (tx) => {
    if (!(await useResetToken(tx, input.token, user.id))) return null;
    await setPasswordHash(tx, user.id, passwordHash);
    await revokeAllSessions(tx, user.id);
    await recordSecurityEvent(tx, { userId: user.id, email: user.email, kind: 'password_reset', client });
    return enqueueMail(
      tx,
      passwordChangedMail(ctx.config, user, { device: deviceName(userAgent), ip: clientIp, at: new Date() }),
    );
  });
  if (mailId === null) throw resetInvalid();
  ctx.deliverMail([mailId]);
  // Whoever holds the mailed link controls the mailbox: this address is the owner's from now on.
  await rememberOwnerClient(ctx.db, user.email, clientIp);
}
