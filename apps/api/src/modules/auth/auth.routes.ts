import { loginPayloadSchema, twoFactorLoginSchema } from '@parade/core/account-security-schemas';
import {
  authMessages,
  authPayloadSchema,
  forgotPasswordSchema,
  loginSchema,
  providersPayloadSchema,
  registerSchema,
  resetPasswordSchema,
  socialLoginSchema,
  userPayloadSchema,
} from '@parade/core/auth-schemas';
import { emptyPayloadSchema, successEnvelope } from '@parade/core/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { failureResponses, ok } from '../../lib/envelope';
import { clientOf, requireSession } from '../../plugins/auth';
import { completeTwoFactorSignIn, signIn, twoFactorStepLimits } from '../../workflows/account-security';
import { requestPasswordReset, resetPassword } from '../../workflows/password-reset';
import { registerCustomer } from '../../workflows/register-customer';
import { signInWithProvider } from '../../workflows/social-login';
import type { AuthContext } from './auth.service';
import { createOidcVerifier } from './oidc';
import { warmPasswordEstimator } from './password-policy';
import { recordSecurityEvent } from './security-events';
import { revokeSession } from './sessions';
import { loadTwoFactorKey } from './two-factor';

const authReply = successEnvelope(authPayloadSchema);
const emptyReply = successEnvelope(emptyPayloadSchema);
const bearer = [{ bearer: [] }];

/** Sign-up, sign-in (password and OpenID Connect), password reset, sign-out and "who am I". */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx: AuthContext = {
    db: app.db,
    config: app.config,
    deliverMail: (ids) => app.mailer.deliverLater(ids),
    composeMailLater: (compose) => app.mailer.composeLater(compose),
    log: app.log,
  };
  const oidc = createOidcVerifier(app.config.oidcProviders);
  const twoFactorKey = await loadTwoFactorKey(app.config);

  // The password estimator's dictionaries load before the server takes requests (half a second
  // of CPU), not during the first sign-up with every request behind it (issue 22).
  app.addHook('onReady', warmPasswordEstimator);

  app.post(
    '/auth/register',
    {
      schema: {
        tags: ['auth'],
        summary: 'Create a customer account and sign in',
        description:
          'Passwords: 8 to 128 characters, not a common password. An e-mail already taken answers 422. Rate limited per client IP (429 with Retry-After).',
        body: registerSchema,
        response: { 201: authReply, ...failureResponses },
      },
    },
    async (request, reply) =>
      reply.status(201).send(ok(await registerCustomer(ctx, request.body, request.ip, clientOf(request).userAgent))),
  );

  app.post(
    '/auth/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with e-mail and password',
        description:
          'Wrong e-mail or password answer the same 422. Rate limited per client IP and per (account, IP); after many failed ' +
          'sign-ins on an account, addresses its owner never used take one attempt at a time (429 with Retry-After). ' +
          'With two-factor sign-in on, answers `{two_factor_required: true, challenge}` and no token: finish with ' +
          'POST auth/login/2fa. A sign-in from a device and address not seen on the account in 90 days mails an alert.',
        body: loginSchema,
        response: { 200: successEnvelope(loginPayloadSchema), ...failureResponses },
      },
    },
    async (request) => ok(await signIn(ctx, request.body, clientOf(request))),
  );

  app.post(
    '/auth/login/2fa',
    {
      schema: {
        tags: ['auth'],
        summary:
          'The second step of a sign-in: the challenge and a code from the authenticator app (or a recovery code)',
        description:
          'Answers the usual `{access_token, user}`. A wrong code is 422 `two_factor_code_invalid` (`errors.code`); the ' +
          `fifth wrong code ends the challenge (then 422 \`two_factor_challenge_invalid\`, sign in again), as does ` +
          'using it or 5 minutes passing. A TOTP code is good once; a recovery code is used up. Rate limited to ' +
          `${twoFactorStepLimits.perIp.max} attempts per ${twoFactorStepLimits.perIp.windowSeconds / 60} minutes per client IP (429 with Retry-After).`,
        body: twoFactorLoginSchema,
        response: { 200: authReply, ...failureResponses },
      },
    },
    async (request) => ok(await completeTwoFactorSignIn(ctx, twoFactorKey, request.body, clientOf(request))),
  );

  app.get(
    '/auth/providers',
    {
      schema: {
        tags: ['auth'],
        summary: 'OpenID Connect providers for social login (empty when none is configured)',
        response: { 200: successEnvelope(providersPayloadSchema), ...failureResponses },
      },
    },
    async () =>
      ok({
        providers: app.config.oidcProviders.map((p) => ({
          id: p.id,
          name: p.name,
          client_id: p.clientId,
          authorization_endpoint: p.authorizationEndpoint ?? null,
        })),
      }),
  );

  app.post(
    '/auth/social-login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with an OpenID Connect ID token from a configured provider',
        description:
          'The ID token is verified against the provider’s JWKS (signature, issuer, audience, expiry, nonce). ' +
          'Unknown or unconfigured provider: 404. Invalid token: 401. An account linked to the provider with ' +
          'two-factor sign-in on answers `{two_factor_required: true, challenge}` and no token, as POST auth/login ' +
          'does: finish with POST auth/login/2fa. An unlinked account with two-factor sign-in on is never linked ' +
          'by its e-mail alone: 403 `two_factor_required` (sign in with the password and code).',
        body: socialLoginSchema,
        response: { 200: successEnvelope(loginPayloadSchema), ...failureResponses },
      },
    },
    async (request) => ok(await signInWithProvider(ctx, oidc, request.body, clientOf(request))),
  );

  app.post(
    '/auth/forgot',
    {
      schema: {
        tags: ['auth'],
        summary: 'Mail a password reset link',
        description:
          'Always the same reply, whether or not the account exists. Rate limited per IP and per (e-mail, IP) (429 with ' +
          'Retry-After); past a per-account cap, requests from addresses the owner never used are answered the same but mail nothing.',
        body: forgotPasswordSchema,
        response: { 200: emptyReply, ...failureResponses },
      },
    },
    async (request) => {
      await requestPasswordReset(ctx, request.body, request.ip);
      return ok({}, authMessages.forgotSent);
    },
  );

  app.post(
    '/auth/reset',
    {
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with a reset token',
        description:
          'The token is single use and expires (RESET_TOKEN_TTL_SECONDS). Every session of the user is revoked. Rate limited per client IP (429 with Retry-After).',
        body: resetPasswordSchema,
        response: { 200: emptyReply, ...failureResponses },
      },
    },
    async (request) => {
      await resetPassword(ctx, request.body, request.ip, clientOf(request).userAgent);
      return ok({}, authMessages.resetDone);
    },
  );

  app.post(
    '/auth/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'Revoke the bearer token',
        security: bearer,
        response: { 200: emptyReply, ...failureResponses },
      },
    },
    async (request) => {
      const session = await requireSession(request);
      await revokeSession(app.db, session.tokenId);
      await recordSecurityEvent(app.db, {
        userId: session.user.id,
        email: session.user.email,
        kind: 'session_ended',
        client: clientOf(request),
        detail: 'signed out',
      });
      return ok({}, authMessages.loggedOut);
    },
  );

  app.get(
    '/auth/me',
    {
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user',
        security: bearer,
        response: { 200: successEnvelope(userPayloadSchema), ...failureResponses },
      },
    },
    async (request) => ok({ user: (await requireSession(request)).user }),
  );
};
