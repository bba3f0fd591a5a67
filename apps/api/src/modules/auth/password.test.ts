import { describe, expect, it } from 'vitest';
import { HASHES_AT_ONCE, hashesRunning, hashPassword, verifyPassword } from './password';

describe('password hashing', () => {
  it('verifies the right password and refuses a wrong one', async () => {
    const hash = await hashPassword('correct horse battery');
    expect(hash).toMatch(/^scrypt\$\d+\$8\$1\$/);
    expect(hash).not.toContain('correct horse');
    expect(await verifyPassword('correct horse battery', hash)).toBe(true);
    expect(await verifyPassword('correct horse batterY', hash)).toBe(false);
  });

  it('hashes at scrypt 2^15 by default, at the cost asked for otherwise, and checks either', async () => {
    const standard = await hashPassword('correct horse battery');
    const cheap = await hashPassword('correct horse battery', 10);
    expect(standard).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(cheap).toMatch(/^scrypt\$1024\$8\$1\$/);
    expect(await verifyPassword('correct horse battery', standard)).toBe(true);
    expect(await verifyPassword('correct horse battery', cheap)).toBe(true);
    expect(await verifyPassword('correct horse batterY', cheap)).toBe(false);
  });

  it('salts every hash', async () => {
    expect(await hashPassword('same')).not.toBe(await hashPassword('same'));
  });

  it('refuses a malformed stored hash', async () => {
    expect(await verifyPassword('x', 'plain-text')).toBe(false);
  });
});

describe('hashes at once', () => {
  it(`runs at most ${HASHES_AT_ONCE} at a time (each holds 128 * N * r bytes) and finishes every one`, async () => {
    let most = 0;
    const watch = setInterval(() => {
      most = Math.max(most, hashesRunning());
    }, 1);
    const hashes = await Promise.all(Array.from({ length: 6 }, (_, i) => hashPassword(`password ${i}`, 12)));
    clearInterval(watch);
    expect(most).toBeGreaterThan(0);
    expect(most).toBeLessThanOrEqual(HASHES_AT_ONCE);
    expect(hashesRunning()).toBe(0);
    for (const [i, hash] of hashes.entries()) expect(await verifyPassword(`password ${i}`, hash)).toBe(true);
  });
});
