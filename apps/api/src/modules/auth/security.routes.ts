import {
  adminSecurityEventSchema,
  adminSecurityEventsQuerySchema,
  changePasswordSchema,
  endOthersPayloadSchema,
  recoveryCodesSchema,
  SECURITY_EVENT_RETENTION_DAYS,
  securityEventSchema,
  securityEventsQuerySchema,
  securityMessages,
  sessionListSchema,
  sessionParamsSchema,
  twoFactorCodeBodySchema,
  twoFactorSetupSchema,
  twoFactorStatusSchema,
} from '@parade/core/account-security-schemas';
import { emptyPayloadSchema, paginated, successEnvelope } from '@parade/core/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import QRCode from 'qrcode';
import { failureResponses, ok } from '../../lib/envelope';
import { clientOf, requireSession, requireUser } from '../../plugins/auth';
import {
  changePassword,
  disableTwoFactor,
  enableTwoFactor,
  endOthers,
  endSession,
  passwordChangeLimits,
} from '../../workflows/account-security';
import { findStaffShopId } from '../users';
import type { AuthContext } from './auth.service';
import { listAllSecurityEvents, listUserSecurityEvents } from './security-events';
import { listLiveSessions } from './sessions';
import { loadTwoFactorKey } from './two-factor';
import { startTwoFactorSetup, twoFactorState } from './two-factor.service';

const security = [{ bearer: [] }];
const tags = ['account security'];

/**
 * Account security (docs/decisions/045): the signed-in password change, the caller's sessions,
 * two-factor sign-in's set-up, and the security events (the caller's own; every account's for
 * the admin).
 */
export const securityRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx: AuthContext = {
    db: app.db,
    config: app.config,
    deliverMail: (ids) => app.mailer.deliverLater(ids),
    composeMailLater: (compose) => app.mailer.composeLater(compose),
    log: app.log,
  };
  const key = await loadTwoFactorKey(app.config);

  app.post(
    '/user/password',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Change the password while signed in; every other session ends',
        description:
          'Needs the current password (422 `current_password_invalid`, `errors.current_password`, when wrong) and the ' +
          'rules of sign-up for the new one. This session stays; every other one of the account ends. An alert mail ' +
          `goes to the account's address. Limited to ${passwordChangeLimits.perUser.max} attempts per ` +
          `${passwordChangeLimits.perUser.windowSeconds / 60} minutes per account (429).`,
        body: changePasswordSchema,
        response: { 200: successEnvelope(emptyPayloadSchema), ...failureResponses },
      },
    },
    async (request) => {
      const session = await requireSession(request);
      await changePassword(ctx, { userId: session.user.id, tokenId: session.tokenId }, request.body, clientOf(request));
      return ok({}, securityMessages.passwordChanged);
    },
  );

  app.get(
    '/user/sessions',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: "The caller's live sessions, newest first; `current` marks this one",
        description: '`user_agent` and `ip` are those of the sign-in that opened the session.',
        response: { 200: successEnvelope(sessionListSchema), ...failureResponses },
      },
    },
    async (request) => {
      const session = await requireSession(request);
      const rows = await listLiveSessions(app.db, session.user.id, app.config.sessionIdleTimeoutMinutes);
      return ok(
        rows.map((row) => ({
          id: row.id,
          current: row.id === session.tokenId,
          created_at: row.createdAt.toISOString(),
          last_used_at: row.lastUsedAt?.toISOString() ?? null,
          user_agent: row.userAgent,
          ip: row.ip,
        })),
      );
    },
  );

  app.delete(
    '/user/sessions/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'End one of the caller’s sessions (this one too, which signs out)',
        description: "Another account's session, or one already ended, answers 404 `session_not_found`.",
        params: sessionParamsSchema,
        response: { 200: successEnvelope(emptyPayloadSchema), ...failureResponses },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      await endSession(ctx, user, request.params.id, clientOf(request));
      return ok({}, securityMessages.sessionEnded);
    },
  );

  app.post(
    '/user/sessions/end-others',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: '"Sign out everywhere else": end every session of the caller but this one',
        response: { 200: successEnvelope(endOthersPayloadSchema), ...failureResponses },
      },
    },
    async (request) => {
      const session = await requireSession(request);
      const ended = await endOthers(
        ctx,
        { userId: session.user.id, email: session.user.email, tokenId: session.tokenId },
        clientOf(request),
      );
      return ok({ ended }, securityMessages.otherSessionsEnded);
    },
  );

  app.get(
    '/user/2fa',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Whether two-factor sign-in is on, whether this account must have it, and the recovery codes left',
        description:
          '`required`: an admin where ADMIN_TWO_FACTOR is required (every server), and a vendor (payout onboarding and payout ' +
          'details need it).',
        response: { 200: successEnvelope(twoFactorStatusSchema), ...failureResponses },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const state = await twoFactorState(app.db, user.id);
      const required =
        (user.role === 'admin' && app.config.adminTwoFactor === 'required') ||
        (user.role === 'vendor' && (await findStaffShopId(app.db, user.id)) !== null);
      return ok({ enabled: state.enabled, required, recovery_codes_left: state.recoveryCodesLeft });
    },
  );

  app.post(
    '/user/2fa/setup',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Start two-factor set-up: a new TOTP secret (base32), its otpauth:// URL and a QR code of it',
        description:
          'TOTP per RFC 6238: SHA-1, 6 digits, 30 s. `qr_code` is a PNG data URL of `otpauth_url`. Nothing changes at ' +
          'sign-in until POST user/2fa/enable confirms a code. 409 `two_factor_already_enabled` while it is on.',
        response: { 200: successEnvelope(twoFactorSetupSchema), ...failureResponses },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const { secret, otpauthUrl } = await startTwoFactorSetup(app.db, key, user);
      const qr = await QRCode.toDataURL(otpauthUrl, { errorCorrectionLevel: 'M', margin: 2, width: 240 });
      return ok({ secret, otpauth_url: otpauthUrl, qr_code: qr });
    },
  );

  app.post(
    '/user/2fa/enable',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Turn two-factor sign-in on with a code from the app; answers 10 one-use recovery codes, shown once',
        description:
          'Wrong code: 422 `two_factor_code_invalid` (`errors.code`). No set-up started: 409 `two_factor_setup_missing`. ' +
          "Recovery codes are stored hashed. An alert mail goes to the account's address.",
        body: twoFactorCodeBodySchema,
        response: { 200: successEnvelope(recoveryCodesSchema), ...failureResponses },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const codes = await enableTwoFactor(ctx, key, user.id, request.body.code, clientOf(request));
      return ok({ recovery_codes: codes }, securityMessages.twoFactorEnabled);
    },
  );

  app.post(
    '/user/2fa/disable',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Turn two-factor sign-in off with a current code (or a recovery code)',
        description:
          "Wrong code: 422 `two_factor_code_invalid`; not on: 409 `two_factor_not_enabled`. An alert mail goes to the account's address.",
        body: twoFactorCodeBodySchema,
        response: { 200: successEnvelope(emptyPayloadSchema), ...failureResponses },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      await disableTwoFactor(ctx, key, user.id, request.body.code, clientOf(request));
      return ok({}, securityMessages.twoFactorDisabled);
    },
  );

  app.get(
    '/user/security-events',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: "The caller's security events, newest first, 20 a page",
        description: `Sign-ins, failures, password, session and two-factor changes, payout details. Kept ${SECURITY_EVENT_RETENTION_DAYS} days.`,
        querystring: securityEventsQuerySchema,
        response: { 200: successEnvelope(paginated(securityEventSchema)), ...failureResponses },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return ok(await listUserSecurityEvents(app.db, user.id, request.query.page ?? 1));
    },
  );

  app.get(
    '/admin/security-events',
    {
      schema: {
        tags: ['admin'],
        security,
        summary:
          "Every account's security events, newest first, 20 a page: by part of the e-mail or an address, and by kind",
        querystring: adminSecurityEventsQuerySchema,
        response: { 200: successEnvelope(paginated(adminSecurityEventSchema)), ...failureResponses },
      },
    },
    async (request) =>
      ok(
        await listAllSecurityEvents(app.db, {
          page: request.query.page ?? 1,
          perPage: request.query.per_page,
          search: request.query.search,
          kind: request.query.kind,
        }),
      ),
  );
};
