import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password';

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
