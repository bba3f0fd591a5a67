import { createCipheriv, createDecipheriv, createHmac, randomBytes, randomInt } from 'node:crypto';
import path from 'node:path';
import { Secret, TOTP } from 'otpauth';
import { readOrCreateDataFile } from '../../lib/data-dir-file';

/**
 * Two-factor sign-in's cryptography (docs/decisions/045): TOTP codes (RFC 6238: HMAC-SHA1, 6
 * digits, 30 s steps, through the `otpauth` package), the secret encrypted at rest with
 * AES-256-GCM under the two-factor key, and recovery codes kept as an HMAC under the same key,
 * so that a copy of the database alone can neither make codes nor guess recovery codes offline.
 */

export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
const ISSUER = 'Parade';

/** Where the generated key is kept when TWO_FACTOR_KEY is not set. */
export const TWO_FACTOR_KEY_FILE = 'two-factor.key';
const HEX_KEY = /^[0-9a-f]{64}$/i;

/**
 * The key: TWO_FACTOR_KEY (64 hex digits) when set, else 32 random bytes generated once and kept
 * in DATA_DIR/two-factor.key (mode 0600, several processes starting together agree on one:
 * lib/data-dir-file.ts). Losing it turns every account's two-factor sign-in off in effect:
 * their owners then sign in with a recovery code... which needs it too, so keep it with the backups.
 */
export async function loadTwoFactorKey(config: { dataDir: string; twoFactorKey?: string }): Promise<Buffer> {
  if (config.twoFactorKey) return Buffer.from(config.twoFactorKey, 'hex');
  const file = path.join(config.dataDir, TWO_FACTOR_KEY_FILE);
  const hex = (await readOrCreateDataFile(file, () => `${randomBytes(32).toString('hex')}\n`)).trim();
  if (!HEX_KEY.test(hex)) {
    throw new Error(
      `${file} does not hold a two-factor key (64 hex digits). Restore it from a backup, or set TWO_FACTOR_KEY: without it no enrolled account can pass its second factor.`,
    );
  }
  return Buffer.from(hex, 'hex');
}

/** A new TOTP secret: 20 random bytes (RFC 4226's recommended length), base32 as apps show it. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totpFor(secretBase32: string, label = ''): TOTP {
  return new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });
}

/** The otpauth:// URL an authenticator app reads from the QR code. */
export function otpauthUrl(secretBase32: string, accountName: string): string {
  return totpFor(secretBase32, accountName).toString();
}

/**
 * The TOTP code of a secret (raw bytes) at a time: RFC 6238's algorithm with SHA-1. `digits`
 * other than 6 only for the RFC's test vectors (8 digits).
 */
export function totpCode(secret: Uint8Array, atMs: number, digits = TOTP_DIGITS): string {
  return new TOTP({
    algorithm: 'SHA1',
    digits,
    period: TOTP_PERIOD_SECONDS,
    secret: new Secret({ buffer: Uint8Array.from(secret).buffer }),
  }).generate({ timestamp: atMs });
}

/** The code of a base32 secret now (or at `atMs`). */
export function currentTotpCode(secretBase32: string, atMs = Date.now()): string {
  return totpFor(secretBase32).generate({ timestamp: atMs });
}

/**
 * The 30 s step whose code `code` is, allowing one step either side for clocks that drift (and
 * a code typed just as it changed), or null. Spaces typed inside the code are ignored.
 */
export function matchTotpStep(secretBase32: string, code: string, atMs = Date.now()): number | null {
  const token = code.replace(/\s+/g, '');
  if (!/^\d{6}$/.test(token)) return null;
  const delta = totpFor(secretBase32).validate({ token, timestamp: atMs, window: 1 });
  if (delta === null) return null;
  return Math.floor(atMs / 1000 / TOTP_PERIOD_SECONDS) + delta;
}

/** AES-256-GCM, bound to the user (as associated data), so a secret cannot be moved to another account's row. */
export function encryptSecret(key: Buffer, userId: number, secretBase32: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(`parade-2fa:v1:${userId}`));
  const sealed = Buffer.concat([cipher.update(secretBase32, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), sealed.toString('base64url')].join(
    ':',
  );
}

export function decryptSecret(key: Buffer, userId: number, stored: string): string {
  const [version, iv, tag, sealed] = stored.split(':');
  if (version !== 'v1' || !iv || !tag || !sealed) throw new Error('unknown two-factor secret format');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(`parade-2fa:v1:${userId}`));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString('utf8');
}

// No 0/o, 1/l/i: read off a sheet of paper and typed again.
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
export const RECOVERY_CODE_COUNT = 10;

/** A recovery code: `xxxxx-xxxxx`, 10 characters of a 31-letter alphabet (about 50 bits). */
export function newRecoveryCode(): string {
  let code = '';
  for (let i = 0; i < 10; i += 1) code += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/** A recovery code as typed: lower case, without spaces or dashes; null when it cannot be one. */
export function normaliseRecoveryCode(code: string): string | null {
  const plain = code.toLowerCase().replace(/[\s-]+/g, '');
  return /^[a-z0-9]{10}$/.test(plain) ? plain : null;
}

/** What is stored of a recovery code: HMAC-SHA256 under the two-factor key, per user. */
export function hashRecoveryCode(key: Buffer, userId: number, normalised: string): string {
  return createHmac('sha256', key).update(`parade-recovery:v1:${userId}:${normalised}`).digest('hex');
}
