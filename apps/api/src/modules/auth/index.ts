/**
 * The auth module's public surface: sessions, password hashing, and the auth-only
 * commands (rate-limit guards, reset tokens, social links, mails) that the sign-up, reset and
 * social-login workflows compose with the users and mail modules.
 */
export {
  type AlertPlace,
  newSignInMail,
  passwordChangedMail,
  resetLink,
  resetPasswordMail,
  twoFactorChangedMail,
  welcomeMail,
} from './auth.mails';
export {
  type AuthContext,
  type AuthResult,
  checkSignInPassword,
  emailTaken,
  findLinkedUserId,
  guardForgotPassword,
  guardRegister,
  guardResetPassword,
  insertPasswordReset,
  isLiveResetToken,
  linkSocialAccount,
  openSignInSession,
  rememberOwnerClient,
  resetInvalid,
  socialEmailUnverified,
  useResetToken,
  verifySocialIdentity,
} from './auth.service';
export type { OidcVerifier } from './oidc';
export { DEFAULT_PASSWORD_HASH_COST, hashPassword, verifyPassword } from './password';
export {
  assertPasswordAcceptable,
  type PasswordContext,
  warmPasswordEstimator,
} from './password-policy';
export { demoPasswords } from './published-passwords';
/** A shared fixed-window counter, for limits other modules keep (e.g. QR scans counted per address). */
export { clientKey, enforceRateLimits, hitRateLimit, type RateLimitRule } from './rate-limit';
export {
  type ClientFacts,
  cleanUserAgent,
  listAllSecurityEvents,
  listUserSecurityEvents,
  pruneSecurityEvents,
  recordSecurityEvent,
} from './security-events';
export {
  createSession,
  endOtherSessions,
  endUserSession,
  findSession,
  listLiveSessions,
  newOpaqueToken,
  revokeAllSessions,
  revokeSession,
  type SessionRecord,
} from './sessions';
export { currentTotpCode, loadTwoFactorKey, totpCode } from './two-factor';
export {
  challengeInvalid,
  confirmTwoFactor,
  countChallengeFailure,
  createChallenge,
  findLiveChallenge,
  hasTwoFactor,
  removeTwoFactor,
  startTwoFactorSetup,
  twoFactorState,
  useChallenge,
  verifySecondFactor,
  wrongCode,
} from './two-factor.service';
