import { afterEach, describe, expect, it, vi } from 'vitest';
import { authenticator, secretOf, totpCode, totpStep } from './totp';

// RFC 6238 appendix B, SHA-1: the seed "12345678901234567890" (base32 below); the 8-digit codes'
// last 6 digits are the 6-digit codes.
const seed = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

afterEach(() => {
  vi.useRealTimers();
});

describe("the browser specs' authenticator", () => {
  it('makes the RFC 6238 test vectors', () => {
    expect(totpCode(seed, totpStep(59_000))).toBe('287082');
    expect(totpCode(seed, totpStep(1_111_111_109_000))).toBe('081804');
    expect(totpCode(seed, totpStep(1_111_111_111_000))).toBe('050471');
    expect(totpCode(seed, totpStep(1_234_567_890_000))).toBe('005924');
    expect(totpCode(seed, totpStep(2_000_000_000_000))).toBe('279037');
  });

  it('reads the secret of an otpauth URL and never gives the same step twice', () => {
    const secret = secretOf(
      `otpauth://totp/Parade:a%40b.test?issuer=Parade&secret=${seed}&algorithm=SHA1&digits=6&period=30`,
    );
    expect(secret).toBe(seed);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(1_111_111_109_000);
    const phone = authenticator(secret);
    expect(phone.nextCode()).toBe('081804');
    // The next code is the following step's (the server allows one step ahead), then none is left.
    expect(phone.nextCode()).toBe(totpCode(seed, totpStep() + 1));
    expect(() => phone.nextCode()).toThrow();
    expect(() => secretOf('otpauth://hotp/x?secret=AAAA')).toThrow();
  });
});
