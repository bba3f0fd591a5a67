import { describe, expect, it } from 'vitest';
import {
  normaliseVatNumber,
  orderVat,
  VAT_NUMBER_MESSAGE,
  VAT_RATE_MESSAGE,
  vatLines,
  vatNumberInputSchema,
  vatRateChoices,
  vatRateSchema,
} from './vat';

describe('vatRateSchema (contract: "VAT")', () => {
  it('takes 0, 5 and 20 and refuses any other rate with one message', () => {
    for (const rate of [0, 5, 20]) expect(vatRateSchema.parse(rate)).toBe(rate);
    for (const wrong of [17.5, 15, -20, 21, '20', null]) {
      const result = vatRateSchema.safeParse(wrong);
      expect(result.success, String(wrong)).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(VAT_RATE_MESSAGE);
    }
  });

  it('offers every rate it accepts, lowest first', () => {
    expect(vatRateChoices.map((choice) => choice.rate)).toEqual([0, 5, 20]);
  });
});

describe('a shop VAT number', () => {
  it('is "GB" and 9 digits, or 12 for a branch, in one spelling', () => {
    expect(normaliseVatNumber('GB999 9999 73')).toBe('GB999999973');
    expect(normaliseVatNumber(' gb 123456789 ')).toBe('GB123456789');
    expect(normaliseVatNumber('GB999 9999 73 001')).toBe('GB999999973001');
  });

  it('is refused without the GB, with letters, or with another number of digits', () => {
    for (const wrong of ['123456789', 'GB12345678', 'GB1234567890', 'GB12345678901234', 'XI123456789', 'GB12345678O'])
      expect(normaliseVatNumber(wrong), wrong).toBeNull();
  });

  it('is null when emptied (the shop is then not VAT-registered), and refused with the message when wrong', () => {
    expect(vatNumberInputSchema.parse('')).toBeNull();
    expect(vatNumberInputSchema.parse('   ')).toBeNull();
    expect(vatNumberInputSchema.parse(null)).toBeNull();
    expect(vatNumberInputSchema.parse('gb999 9999 73')).toBe('GB999999973');
    const wrong = vatNumberInputSchema.safeParse('GB 1234');
    expect(wrong.error?.issues.map((issue) => issue.message)).toEqual([VAT_NUMBER_MESSAGE]);
  });
});

describe("an order's VAT block", () => {
  const items = [
    { vat_rate: 20, vat: 150 },
    { vat_rate: 0, vat: 0 },
    { vat_rate: 20, vat: 33 },
    { vat_rate: 5, vat: 10 },
  ];

  it('shows the VAT at each rate, lowest first, and the number, for a VAT-registered shop', () => {
    expect(orderVat({ vat_number: 'GB999999973', items })).toEqual({
      vatNumber: 'GB999999973',
      rates: [
        { rate: 0, vat: 0 },
        { rate: 5, vat: 10 },
        { rate: 20, vat: 183 },
      ],
    });
    expect(vatLines({ vat_number: 'GB999999973', items })).toEqual([
      '  VAT included:',
      '    VAT at 0%: £0.00',
      '    VAT at 5%: £0.10',
      '    VAT at 20%: £1.83',
      '  VAT number: GB999999973',
    ]);
  });

  it('shows nothing for a shop that was not VAT-registered when the order was placed', () => {
    expect(orderVat({ vat_number: null, items })).toBeNull();
    expect(vatLines({ vat_number: null, items })).toEqual([]);
  });
});
