import { AppError } from '../lib/errors';
import {
  type AuthContext,
  type AuthResult,
  createSession,
  findLinkedUserId,
  hasTwoFactor,
  linkSocialAccount,
  type OidcVerifier,
  revokeAllSessions,
  socialEmailUnverified,
  verifySocialIdentity,
  welcomeMail,
} from '../modules/auth';
import { enqueueMail } from '../modules/mail';
import { createUser, findUserByEmail, findUserById, setPasswordHash, toUserDto, type UserRow } from '../modules/users';

/** Signs in with a verified OpenID Connect ID token, linking or creating the account in one transaction (auth + users + mail). */
export async function signInWithProvider(
  ctx: AuthContext,
  verifier: OidcVerifier,
  input: { provider: string; id_token: string; uid?: string; nonce?: string },
): Promise<AuthResult> {
  // A known (provider, subject) pair signs in its user. Otherwise the token's e-mail, only when
  // the provider vouches for it (email_verified), links an existing account or creates a new one.
  const identity = await verifySocialIdentity(verifier, input);
  const { result, mailId } = await ctx.db.transaction(async (tx) => {
    const linkedId = await findLinkedUserId(tx, input.provider, identity.subject);
    let user: UserRow | undefined = linkedId === null ? undefined : ((await findUserById(tx, linkedId)) ?? undefined);
    let mailId: number | null = null;
    if (!user) {
      if (!identity.email || !identity.emailVerified) throw socialEmailUnverified();
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
      await linkSocialAccount(tx, user.id, input.provider, identity.subject);
    }
    // Its token would not work anyway (findSession); say why instead of handing out a dead one.
    if (user.disabled) throw new AppError(403, 'This account has been disabled.', {}, 'account_disabled');
    // A provider's token is one factor: an account with two-factor sign-in on must give its code,
    // which this call cannot ask for, so it signs in with its password and code instead (decision 045).
    if (await hasTwoFactor(tx, user.id)) {
      throw new AppError(
        403,
        'This account uses two-factor sign-in: sign in with your e-mail, password and code.',
        {},
        'two_factor_required',
      );
    }
    const access_token = await createSession(tx, user.id, ctx.config.authTokenTtlDays);
    return { result: { access_token, user: toUserDto(user) }, mailId };
  });
  if (mailId !== null) ctx.deliverMail([mailId]);
  return result;
}
