import { describe, expect, it } from 'vitest';
import { isValidLookingPostcode, normalisePostcode, postcodeError } from './postcode';

describe('delivery postcode rule', () => {
  it.each(['E1 0AD', 'E1 6AN', 'SW1A 1AA', 'E14 5AB', 'E10AD1'])('accepts %s', (postcode) => {
    expect(postcodeError(postcode)).toBeNull();
  });

  it.each([
    ['E1 0A', 'too short: 5 characters'],
    ['E1 0 AD', 'three words, though 7 characters'],
    ['ABCDEF', 'no digit'],
    ['SW1A 1AAA', 'too long: 9 characters in two words'],
    ['E1A0AD12X', 'too long: 9 characters in one word'],
    ['', 'empty'],
  ])('refuses %s (%s) with the spec message', (postcode) => {
    expect(postcodeError(postcode)).toBe(`PLEASE SELECT A VALID POSTCODE, "${postcode.trim()}" IS NOT VALID`);
  });

  it('accepts exactly 6 and exactly 8 characters, and two words', () => {
    expect(postcodeError('E1 0AD')).toBeNull();
    expect(postcodeError('EC1A 1BB')).toBeNull();
    expect(postcodeError('E1A10AD1')).toBeNull();
  });

  it('ignores surrounding and repeated spaces', () => {
    expect(isValidLookingPostcode('  e1   0ad ')).toBe(true);
  });

  it('normalises to the outward and inward code in upper case', () => {
    expect(normalisePostcode('e10ad')).toBe('E1 0AD');
    expect(normalisePostcode(' sw1a  1aa ')).toBe('SW1A 1AA');
  });
});
