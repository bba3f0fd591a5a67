import { deviceName, type LoginPayload } from '@parade/core/account-security-schemas';
import { AppError } from '../lib/errors';
import {
  type AuthContext,
  type ClientFacts,
  createChallenge,
  findLinkedUserId,
  hasTwoFactor,
  linkSocialAccount,
  newSignInMail,
  type OidcVerifier,
  openSignInSession,
  revokeAllSessions,
  socialEmailUnverified,
  verifySocialIdentity,
  welcomeMail,
} from '../modules/auth';
import { enqueueMail } from '../modules/mail';
import { createUser, findUserByEmail, findUserById, setPasswordHash, type UserRow } from '../modules/users';

/**
 * Signs in with a verified OpenID Connect ID token, linking or creating the account in one
 * transaction (auth + users + mail). The session is opened as a password sign-in opens it: the
 * security event, and the alert mail from a device and address not seen in 90 days. An account
 * with two-factor sign-in on answers the challenge of the code step instead, as POST auth/login
 * does (decision 045): the provider's token is the first factor.
 */
export async function signInWithProvider(
  ctx: AuthContext,
  verifier: OidcVerifier,
  input: { provider: string; id_token: string; uid?: string; nonce?: string },
  client: ClientFacts,
): Promise<LoginPayload> {
  // A known (provider, subject) pair signs in its user. Otherwise the token's e-mail, only when
  // the provider vouches for it (email_verified), links an existing account or creates a new one.
  const identity = await verifySocialIdentity(verifier, input);
  const { result, mailIds } = await ctx.db.transaction(async (tx) => {
    const linkedId = await findLinkedUserId(tx, input.provider, identity.subject);
    let user: UserRow | undefined = linkedId === null ? undefined : ((await findUserById(tx, linkedId)) ?? undefined);
    const mailIds: number[] = [];
    // An account with two-factor sign-in on is linked to a provider only by its owner's password
    // and code, never by an e-mail match alone: the match would take its password away.
    if (!user && identity.email && identity.emailVerified) {
      const byEmail = await findUserByEmail(tx, identity.email);
      if (byEmail && (await hasTwoFactor(tx, byEmail.id))) {
        throw new AppError(
          403,
          'This account uses two-factor sign-in: sign in with your e-mail, password and code.',
          {},
          'two_factor_required',
        );
      }
    }
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
        mailIds.push(await enqueueMail(tx, welcomeMail(ctx.config, user)));
      }
      await linkSocialAccount(tx, user.id, input.provider, identity.subject);
    }
    // Its token would not work anyway (findSession); say why instead of handing out a dead one.
    if (user.disabled) throw new AppError(403, 'This account has been disabled.', {}, 'account_disabled');
    // A provider's token is one factor: with two-factor sign-in on, the code step follows.
    if (await hasTwoFactor(tx, user.id)) {
      return { result: { two_factor_required: true as const, challenge: await createChallenge(tx, user.id) }, mailIds };
    }
    const opened = await openSignInSession(tx, ctx.config, user, client, `with ${input.provider}`);
    if (opened.newPlace) {
      mailIds.push(
        await enqueueMail(
          tx,
          newSignInMail(ctx.config, user, { device: deviceName(client.userAgent), ip: client.ip, at: new Date() }),
        ),
      );
    }
    return { result: { access_token: opened.access_token, user: opened.user }, mailIds };
  });
  ctx.deliverMail(mailIds);
  return result;
}
