import { describe, expect, it } from 'vitest';
import {
  addressSchema,
  authMessages,
  avatarLetter,
  emailSchema,
  nameSchema,
  registerSchema,
  safeRedirectTarget,
} from './auth-schemas';

const errorsOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('helper rules (spec section 5)', () => {
  it('e-mail must look like one', () => {
    expect(emailSchema.safeParse(' shopper@example.co.uk ').data).toBe('shopper@example.co.uk');
    for (const bad of ['', 'shopper', 'shopper@', '@example.com', 'a b@example.com']) {
      expect(emailSchema.safeParse(bad).success, bad).toBe(false);
    }
  });

  it('names hold only letters, spaces, hyphens and dots', () => {
    for (const good of ['Priya Shah', 'Jean-Luc', 'J. R. Hartley', 'Zoë Ñúñez', 'Ægir']) {
      expect(nameSchema.safeParse(good).success, good).toBe(true);
    }
    for (const bad of ['R2D2', "O'Brien", 'Ann_Lee', 'Bob!', '...', ' ', '<script>']) {
      expect(nameSchema.safeParse(bad).success, bad).toBe(false);
    }
  });

  it('a confirmation must be present and equal', () => {
    const base = { name: 'Ann Lee', email: 'ann@example.test', password: 'long enough phrase' };
    expect(registerSchema.safeParse({ ...base, password_confirmation: 'long enough phrase' }).success).toBe(true);
    expect(errorsOf(registerSchema.safeParse({ ...base, password_confirmation: '' }))).toEqual({
      password_confirmation: authMessages.confirmationRequired,
    });
    expect(errorsOf(registerSchema.safeParse({ ...base, password_confirmation: 'long enough phrasE' }))).toEqual({
      password_confirmation: authMessages.confirmationMismatch,
    });
    expect(errorsOf(registerSchema.safeParse(base))).toHaveProperty('password_confirmation');
  });

  it('passwords are 8 to 128 characters', () => {
    const at = (password: string) =>
      registerSchema.safeParse({ name: 'Ann', email: 'a@b.co', password, password_confirmation: password }).success;
    expect(at('1234567')).toBe(false);
    expect(at('x'.repeat(8))).toBe(true);
    expect(at('x'.repeat(128))).toBe(true);
    expect(at('x'.repeat(129))).toBe(false);
  });
});

describe('address', () => {
  it('normalises a UK postcode and refuses others', () => {
    const base = { name: 'Ann Lee', phone: '07700 900123', line1: '1 High St', city: 'London' };
    expect(addressSchema.parse({ ...base, postcode: ' sw1a1aa ' }).postcode).toBe('SW1A 1AA');
    expect(addressSchema.parse({ ...base, postcode: 'e1 0ad' }).postcode).toBe('E1 0AD');
    expect(addressSchema.safeParse({ ...base, postcode: '12345' }).success).toBe(false);
  });
});

describe('avatarLetter (spec section 9)', () => {
  it('is the first letter, upper case', () => {
    expect(avatarLetter('priya shah')).toBe('P');
    expect(avatarLetter('  émile')).toBe('É');
    expect(avatarLetter('')).toBe('?');
  });
});

describe('safeRedirectTarget', () => {
  it('keeps paths inside the site and falls back to the profile', () => {
    expect(safeRedirectTarget('/profile/address?tab=1')).toBe('/profile/address?tab=1');
    expect(safeRedirectTarget(null)).toBe('/profile');
    for (const bad of ['https://evil.test/', '//evil.test', '/\\evil.test', 'javascript:alert(1)', '/auth/login']) {
      expect(safeRedirectTarget(bad), bad).toBe('/profile');
    }
  });

  it('refuses control and whitespace characters, which browsers drop from a URL (issue 22)', () => {
    // What URLSearchParams.get gives for ?redirect=/%09/example.invalid and its kin.
    for (const bad of [
      '/\t/example.invalid',
      '/\n/example.invalid',
      '/\r/evil.test',
      '/ /evil.test',
      '/\u0000x',
      '/a\u007f',
    ]) {
      expect(safeRedirectTarget(bad, '/home'), JSON.stringify(bad)).toBe('/home');
    }
    expect(new URL('/\t/example.invalid', 'https://shop.test').host).toBe('example.invalid');
    expect(safeRedirectTarget('/cart?step=2#pay')).toBe('/cart?step=2#pay');
  });
});
