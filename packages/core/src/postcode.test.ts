import { describe, expect, it } from 'vitest';
import { isValidLookingPostcode, normalisePostcode, postcodeError } from './postcode';

describe('delivery postcode rule', () => {
  it.each(['E1 0AD', 'E1 6AN', 'SW1A 1AA', 'E14 5AB', 'E10AD1'])('accepts %s', (postcode) => {
    expect(postcodeError(postcode)).toBeNull();
  });

  it.each([
    ['E1 0A', 'too short'],
    ['SW1A  1AA X', 'three words'],
    ['ABCDEF', 'no digit'],
    ['E1 0AD 123', 'too long'],
    ['', 'empty'],
  ])('refuses %s (%s) with both messages', (postcode) => {
    expect(postcodeError(postcode)).toEqual(['PLEASE SELECT A VALID POSTCODE', `"${postcode.trim()}" IS NOT VALID`]);
  });

  it('ignores surrounding and repeated spaces', () => {
    expect(isValidLookingPostcode('  e1   0ad ')).toBe(true);
  });

  it('normalises to the outward and inward code in upper case', () => {
    expect(normalisePostcode('e10ad')).toBe('E1 0AD');
    expect(normalisePostcode(' sw1a  1aa ')).toBe('SW1A 1AA');
  });
});
