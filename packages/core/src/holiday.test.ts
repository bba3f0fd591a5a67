import { describe, expect, it } from 'vitest';
import { holidayNotice } from './holiday';

describe('holidayNotice', () => {
  it('is null for a shop that is open, whatever its stored message', () => {
    expect(holidayNotice({ name: 'Green Barrow', holiday_mode: false, holiday_message: 'Back soon' })).toBeNull();
    expect(holidayNotice({ name: 'Green Barrow' })).toBeNull();
  });

  it("is the shop's own message while it is on holiday", () => {
    expect(holidayNotice({ name: 'Green Barrow', holiday_mode: true, holiday_message: '  Back on Monday  ' })).toBe(
      'Back on Monday',
    );
  });

  it('names the shop when it left no message (or only spaces)', () => {
    const expected = 'Green Barrow is on holiday and not taking orders at the moment.';
    expect(holidayNotice({ name: 'Green Barrow', holiday_mode: true, holiday_message: null })).toBe(expected);
    expect(holidayNotice({ name: 'Green Barrow', holiday_mode: true, holiday_message: '   ' })).toBe(expected);
  });
});
