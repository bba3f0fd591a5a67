import { describe, expect, it } from 'vitest';
import { lineQuantitySchema } from './enums';
import { idSchema } from './ids';

describe('whole numbers on the wire', () => {
  it('reads a JSON number or decimal digits as text', () => {
    expect(idSchema.parse(31)).toBe(31);
    expect(idSchema.parse('31')).toBe(31);
    expect(idSchema.parse('031')).toBe(31);
    expect(lineQuantitySchema.parse(2)).toBe(2);
    expect(lineQuantitySchema.parse('2')).toBe(2);
  });

  it('refuses what Number() would read as a number (issue 22: "0x10" ordered 16)', () => {
    for (const value of ['0x10', '0x1F', ' 2 ', '+1', '1e3', '2.0', '', '-1', true, [3], null, {}]) {
      expect(idSchema.safeParse(value).success, JSON.stringify(value)).toBe(false);
      expect(lineQuantitySchema.safeParse(value).success, JSON.stringify(value)).toBe(false);
    }
  });

  it('keeps the bounds', () => {
    expect(idSchema.safeParse(0).success).toBe(false);
    expect(idSchema.safeParse('2147483648').success).toBe(false);
    expect(lineQuantitySchema.safeParse(10_000).success).toBe(false);
    expect(lineQuantitySchema.safeParse(1.5).success).toBe(false);
  });
});
