/**
 * Account security (api-contract.md, "Account security"; docs/decisions/045): the signed-in
 * password change, the caller's sessions, two-factor sign-in (TOTP, RFC 6238) and the security
 * events. Shared by the API (validation, replies, OpenAPI) and both apps (forms and views).
 */
import { z } from 'zod';
import { authMessages, passwordSchema, userDtoSchema } from './auth-schemas';

export const securityMessages = {
  currentPasswordRequired: 'Please enter your current password.',
  currentPasswordWrong: 'The current password is not correct.',
  passwordChanged: 'Your password has been changed. Every other session has been signed out.',
  sessionNotFound: 'Session not found.',
  sessionEnded: 'The session has been signed out.',
  otherSessionsEnded: 'Every other session has been signed out.',
  codeRequired: 'Please enter the 6-digit code from your authenticator app.',
  codeWrong: 'That code is not right. Please try again with the current code.',
  codeReused: 'That code has just been used. Wait for the next code in your app, then try again.',
  challengeInvalid: 'This sign-in has expired or had too many wrong codes. Please sign in again.',
  twoFactorEnabled: 'Two-factor sign-in is on.',
  twoFactorDisabled: 'Two-factor sign-in is off.',
  twoFactorAlreadyEnabled: 'Two-factor sign-in is already on.',
  twoFactorNotEnabled: 'Two-factor sign-in is not on.',
  twoFactorSetupMissing: 'Start the set-up again: scan a new QR code first.',
  /** 403 on /api/admin/ for an admin without two-factor sign-in (when required). */
  adminTwoFactorRequired:
    'Admin accounts must turn on two-factor sign-in. Set it up under Account before using the admin pages.',
  /** 403 on payout onboarding for a vendor without two-factor sign-in. */
  payoutTwoFactorRequired:
    'Turn on two-factor sign-in under Account before setting up or changing where your payouts go.',
} as const;

/** A TOTP code (6 digits, spaces allowed as typed) or a recovery code (`xxxxx-xxxxx`). */
export const twoFactorCodeSchema = z
  .string({ error: securityMessages.codeRequired })
  .trim()
  .min(1, securityMessages.codeRequired)
  .max(32, securityMessages.codeWrong);

/** POST user/password. */
export const changePasswordSchema = z
  .object({
    current_password: z
      .string({ error: securityMessages.currentPasswordRequired })
      .min(1, securityMessages.currentPasswordRequired)
      .max(1024),
    password: passwordSchema,
    password_confirmation: z.string({ error: authMessages.confirmationRequired }),
  })
  .superRefine((value, ctx) => {
    if (value.password_confirmation === '') {
      ctx.addIssue({ code: 'custom', path: ['password_confirmation'], message: authMessages.confirmationRequired });
    } else if (value.password !== value.password_confirmation) {
      ctx.addIssue({ code: 'custom', path: ['password_confirmation'], message: authMessages.confirmationMismatch });
    }
  });
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

/** One of the caller's live sessions (GET user/sessions). */
export const sessionDtoSchema = z.object({
  id: z.number().int(),
  /** The session of this request. */
  current: z.boolean(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  user_agent: z.string().nullable(),
  ip: z.string().nullable(),
});
export type SessionDto = z.infer<typeof sessionDtoSchema>;
export const sessionListSchema = z.array(sessionDtoSchema);

/** POST user/sessions/end-others. */
export const endOthersPayloadSchema = z.object({ ended: z.number().int() });

export const sessionParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** GET user/2fa: whether it is on, and whether this account must have it. */
export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  /** Admins (where the site requires it) and vendors before payouts must turn it on. */
  required: z.boolean(),
  recovery_codes_left: z.number().int(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/** POST user/2fa/setup: the base32 secret, its otpauth:// URL, and that URL as a QR code (a PNG data URL). */
export const twoFactorSetupSchema = z.object({
  secret: z.string(),
  otpauth_url: z.string(),
  qr_code: z.string(),
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;

export const twoFactorCodeBodySchema = z.object({ code: twoFactorCodeSchema });

/** POST user/2fa/enable: the 10 one-use recovery codes, shown once. */
export const recoveryCodesSchema = z.object({ recovery_codes: z.array(z.string()) });

/** POST auth/login when two-factor sign-in is on: no token yet, a challenge to answer. */
export const twoFactorChallengePayloadSchema = z.object({
  two_factor_required: z.literal(true),
  challenge: z.string(),
});
export type TwoFactorChallengePayload = z.infer<typeof twoFactorChallengePayloadSchema>;

/** POST auth/login: a session, or a two-factor challenge. */
export const loginPayloadSchema = z.union([
  z.object({ access_token: z.string().min(1), user: userDtoSchema }),
  twoFactorChallengePayloadSchema,
]);
export type LoginPayload = z.infer<typeof loginPayloadSchema>;

/** POST auth/login/2fa. */
export const twoFactorLoginSchema = z.object({
  challenge: z.string({ error: securityMessages.challengeInvalid }).min(16).max(200),
  code: twoFactorCodeSchema,
});
export type TwoFactorLoginInput = z.input<typeof twoFactorLoginSchema>;

export const securityEventKinds = [
  'sign_in',
  'sign_in_failed',
  'password_changed',
  'password_reset',
  'session_ended',
  'two_factor_enabled',
  'two_factor_disabled',
  'recovery_code_used',
  'payout_details_changed',
] as const;
export type SecurityEventKind = (typeof securityEventKinds)[number];
export const securityEventKindSchema = z.enum(securityEventKinds);

/** How each event reads to a person. */
export const securityEventLabels: Record<SecurityEventKind, string> = {
  sign_in: 'Signed in',
  sign_in_failed: 'Failed sign-in',
  password_changed: 'Password changed',
  password_reset: 'Password reset',
  session_ended: 'Session signed out',
  two_factor_enabled: 'Two-factor sign-in turned on',
  two_factor_disabled: 'Two-factor sign-in turned off',
  recovery_code_used: 'Recovery code used',
  payout_details_changed: 'Payout details changed',
};

export const securityEventSchema = z.object({
  id: z.number().int(),
  kind: securityEventKindSchema,
  created_at: z.string(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  /** A short note (e.g. "wrong two-factor code"), or null. */
  detail: z.string().nullable(),
});
export type SecurityEvent = z.infer<typeof securityEventSchema>;

/** The admin's view: who it was about (the account's e-mail when it happened). */
export const adminSecurityEventSchema = securityEventSchema.extend({
  user_id: z.number().int().nullable(),
  email: z.string().nullable(),
});
export type AdminSecurityEvent = z.infer<typeof adminSecurityEventSchema>;

export const securityEventsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).optional(),
});

export const adminSecurityEventsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).optional(),
  /** 1-100, default 20, as every admin list. */
  per_page: z.coerce.number().int().min(1).max(100).optional(),
  /** Part of the account's e-mail, or an address. */
  search: z.string().trim().max(200).optional(),
  kind: securityEventKindSchema.optional(),
});

/** Events are kept this long, then pruned. */
export const SECURITY_EVENT_RETENTION_DAYS = 365;
export const SECURITY_EVENTS_PER_PAGE = 20;

/**
 * "Chrome on Windows" from a user agent: enough for a person to recognise their own device in
 * a list. Unknown agents read "Unknown device"; the raw string stays beside it.
 */
export function deviceName(userAgent: string | null | undefined): string {
  const ua = userAgent ?? '';
  if (!ua.trim()) return 'Unknown device';
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /OPR\/|Opera/.test(ua)
      ? 'Opera'
      : /Firefox\//.test(ua)
        ? 'Firefox'
        : /(Chrome|Chromium|CriOS)\//.test(ua)
          ? 'Chrome'
          : /Safari\//.test(ua) && /Version\//.test(ua)
            ? 'Safari'
            : null;
  const system = /iPhone/.test(ua)
    ? 'iPhone'
    : /iPad/.test(ua)
      ? 'iPad'
      : /Android/.test(ua)
        ? 'Android'
        : /Windows/.test(ua)
          ? 'Windows'
          : /Mac OS X|Macintosh/.test(ua)
            ? 'macOS'
            : /CrOS/.test(ua)
              ? 'ChromeOS'
              : /Linux/.test(ua)
                ? 'Linux'
                : null;
  if (browser && system) return `${browser} on ${system}`;
  if (browser) return browser;
  if (system) return system;
  return 'Unknown device';
}
