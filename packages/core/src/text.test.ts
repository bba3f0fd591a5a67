import { describe, expect, it } from 'vitest';
import { isEmailAddress, isPersonName, truncate } from './text';

describe('truncate', () => {
  it('leaves short text alone', () => {
    expect(truncate('Item added', 16)).toBe('Item added');
    expect(truncate('Exactly sixteen!', 16)).toBe('Exactly sixteen!');
  });

  it("cuts long text to the limit and adds '...'", () => {
    expect(truncate('Please apply coupon again', 16)).toBe('Please apply cou...');
    expect(truncate('a'.repeat(200), 150)).toBe(`${'a'.repeat(150)}...`);
  });

  it('does not leave a dangling space before the dots', () => {
    expect(truncate('Location selected successfully', 9)).toBe('Location...');
  });

  it('never splits a character made of two code units', () => {
    expect(truncate('🍎🍐🍊🍋', 2)).toBe('🍎🍐...');
  });
});

describe('isPersonName', () => {
  it('accepts letters, spaces, hyphens and dots', () => {
    for (const name of ['Ada Lovelace', 'Mary-Jane Watson', 'J. R. Hartley', 'Zoë Brontë', 'Şükrü']) {
      expect(isPersonName(name), name).toBe(true);
    }
  });

  it('rejects digits, other symbols and names without a letter', () => {
    for (const name of ['R2D2', 'Bob!', "O'Brien", 'a_b', '...', ' ', '']) {
      expect(isPersonName(name), name).toBe(false);
    }
  });
});

describe('isEmailAddress', () => {
  it('accepts ordinary addresses', () => {
    expect(isEmailAddress('hello@parade.test')).toBe(true);
    expect(isEmailAddress('first.last+shop@mail.example.co.uk')).toBe(true);
  });

  it('rejects malformed ones', () => {
    for (const value of [
      'hello',
      'hello@',
      '@parade.test',
      'a b@parade.test',
      'hello@parade',
      'a@@b.test',
      'a@b..test',
    ]) {
      expect(isEmailAddress(value), value).toBe(false);
    }
  });
});
