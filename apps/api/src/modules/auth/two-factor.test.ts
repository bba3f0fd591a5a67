import { mkdtempSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { deviceName } from '@parade/core/account-security-schemas';
import { describe, expect, it } from 'vitest';
import {
  currentTotpCode,
  decryptSecret,
  encryptSecret,
  hashRecoveryCode,
  loadTwoFactorKey,
  matchTotpStep,
  newRecoveryCode,
  newTotpSecret,
  normaliseRecoveryCode,
  otpauthUrl,
  totpCode,
} from './two-factor';

describe('TOTP (RFC 6238)', () => {
  // RFC 6238 appendix B, SHA-1: the seed is the ASCII string "12345678901234567890", 8 digits.
  const seed = new TextEncoder().encode('12345678901234567890');
  const vectors: [number, string][] = [
    [59, '94287082'],
    [1111111109, '07081804'],
    [1111111111, '14050471'],
    [1234567890, '89005924'],
    [2000000000, '69279037'],
    [20000000000, '65353130'],
  ];

  it('makes the RFC 6238 test vectors (SHA-1, 8 digits), and their last 6 digits as our codes', () => {
    for (const [seconds, code] of vectors) {
      expect(totpCode(seed, seconds * 1000, 8), `T=${seconds}`).toBe(code);
      expect(totpCode(seed, seconds * 1000), `T=${seconds}`).toBe(code.slice(2));
    }
  });

  it('accepts the code of this step and one either side, nothing further, and says which step', () => {
    const secret = newTotpSecret();
    const now = 1_800_000_015_000;
    const step = Math.floor(now / 30_000);
    expect(matchTotpStep(secret, currentTotpCode(secret, now), now)).toBe(step);
    expect(matchTotpStep(secret, currentTotpCode(secret, now - 30_000), now)).toBe(step - 1);
    expect(matchTotpStep(secret, currentTotpCode(secret, now + 30_000), now)).toBe(step + 1);
    expect(matchTotpStep(secret, currentTotpCode(secret, now - 90_000), now)).toBeNull();
    const spaced = currentTotpCode(secret, now).replace(/^(\d{3})/, '$1 ');
    expect(matchTotpStep(secret, spaced, now)).toBe(step);
    expect(matchTotpStep(secret, 'abcdef', now)).toBeNull();
  });

  it('writes an otpauth:// URL authenticator apps read', () => {
    const url = new URL(otpauthUrl('JBSWY3DPEHPK3PXP', 'ada@example.test'));
    expect(url.href.startsWith('otpauth://totp/Parade:ada%40example.test?')).toBe(true);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      secret: 'JBSWY3DPEHPK3PXP',
      issuer: 'Parade',
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });
  });
});

describe('secrets at rest', () => {
  it('encrypts a secret for one user: another user id or key cannot open it', () => {
    const key = Buffer.alloc(32, 7);
    const sealed = encryptSecret(key, 12, 'JBSWY3DPEHPK3PXP');
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(decryptSecret(key, 12, sealed)).toBe('JBSWY3DPEHPK3PXP');
    expect(() => decryptSecret(key, 13, sealed)).toThrow();
    expect(() => decryptSecret(Buffer.alloc(32, 8), 12, sealed)).toThrow();
  });

  it('keeps recovery codes as keyed hashes, read however they are typed', () => {
    const code = newRecoveryCode();
    expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const key = Buffer.alloc(32, 1);
    const typed = normaliseRecoveryCode(` ${code.toUpperCase().replace('-', ' - ')} `);
    expect(typed).toBe(code.replace('-', ''));
    expect(hashRecoveryCode(key, 1, typed!)).toBe(hashRecoveryCode(key, 1, code.replace('-', '')));
    expect(hashRecoveryCode(key, 2, typed!)).not.toBe(hashRecoveryCode(key, 1, typed!));
    expect(normaliseRecoveryCode('123456')).toBeNull();
  });

  it('keeps a generated key in DATA_DIR, readable by the owner only, the same across restarts and racing starts; TWO_FACTOR_KEY wins', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'parade-2fa-key-'));
    const racing = await Promise.all([1, 2, 3].map(() => loadTwoFactorKey({ dataDir })));
    expect(racing[0]).toHaveLength(32);
    for (const key of racing) expect(key.equals(racing[0]!)).toBe(true);
    expect((await loadTwoFactorKey({ dataDir })).equals(racing[0]!)).toBe(true);
    expect(statSync(path.join(dataDir, 'two-factor.key')).mode & 0o777).toBe(0o600);
    const configured = 'ab'.repeat(32);
    expect((await loadTwoFactorKey({ dataDir, twoFactorKey: configured })).toString('hex')).toBe(configured);
  });
});

describe('device names', () => {
  it('reads the browser and system from a User-Agent', () => {
    expect(
      deviceName(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Version/17.5 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari on iPhone');
    expect(
      deviceName('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36 Edg/126.0'),
    ).toBe('Edge on Windows');
    expect(deviceName('Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36')).toBe(
      'Chrome on Android',
    );
    expect(deviceName(null)).toBe('Unknown device');
    expect(deviceName('curl/8.0')).toBe('Unknown device');
  });
});
