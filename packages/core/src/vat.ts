/**
 * VAT as the merchant site sets it and the invoices show it (contract: "VAT"; decision 029): the
 * rates a price may include, a shop's UK VAT number, and the VAT block of an order's invoice.
 * The arithmetic (the VAT inside a price, apportioned per line) is money-rules.ts's.
 */
import { z } from 'zod';
import { formatMoney, type MoneyFormat } from './money';
import { type VatRate, vatBreakdown, vatRates } from './money-rules';

/** The rate of a product with no category, and of a new category unless the admin says otherwise. */
export const STANDARD_VAT_RATE: VatRate = 20;

export const VAT_RATE_MESSAGE = 'Choose a VAT rate of 0%, 5% or 20%.';
/** A category's or a variation's VAT rate: 0, 5 or 20 (percent), nothing else. */
export const vatRateSchema = z.literal(vatRates, { error: VAT_RATE_MESSAGE });

/** The rates as the merchant and the admin pick them, lowest first, each with what it is for. */
export const vatRateChoices: readonly { rate: VatRate; label: string }[] = [
  { rate: 0, label: '0% (zero-rated: most food, books)' },
  { rate: 5, label: '5% (reduced)' },
  { rate: 20, label: '20% (standard)' },
];

export const VAT_NUMBER_MESSAGE = 'Enter a UK VAT number, e.g. GB123456789.';

/**
 * A UK VAT number as typed ("gb 999 9999 73") in the one form it is kept and printed in
 * ("GB999999973"): "GB" and 9 digits, or 12 for a branch of a VAT group; spaces ignored. null
 * when it is not such a number. The format only: HMRC's check digits are not tested, so a number
 * is never refused that HMRC might have issued.
 */
export function normaliseVatNumber(text: string): string | null {
  const compact = text.replace(/\s+/g, '').toUpperCase();
  return /^GB(\d{9}|\d{12})$/.test(compact) ? compact : null;
}

/**
 * A shop's VAT number as its merchant sends it: a UK VAT number, normalised; empty or null for
 * a shop that is not VAT-registered (kept as null).
 */
export const vatNumberInputSchema = z
  .string()
  .max(40, VAT_NUMBER_MESSAGE)
  .nullable()
  .transform((text, ctx) => {
    if (text === null || text.trim() === '') return null;
    const number = normaliseVatNumber(text);
    if (number === null) {
      ctx.addIssue({ code: 'custom', message: VAT_NUMBER_MESSAGE });
      return z.NEVER;
    }
    return number;
  });

/** "VAT at 20%": one row of an invoice's VAT block. */
export const vatRateLabel = (rate: number) => `VAT at ${rate}%`;

/** What an order's invoice says of VAT: the shop's number then and the VAT at each rate, lowest first. */
export interface OrderVat {
  vatNumber: string;
  rates: { rate: number; vat: number }[];
}

/** An order as its VAT block reads it (the customer's and the shop's order shapes both fit). */
export interface OrderVatSource {
  vat_number: string | null;
  items: { vat_rate: number | null; vat: number | null }[];
}

/**
 * The VAT block of an order's invoice, or null when its shop was not VAT-registered when it was
 * placed (an invoice then shows no VAT at all: the shop may not charge it).
 */
export function orderVat(order: OrderVatSource): OrderVat | null {
  if (order.vat_number === null) return null;
  return { vatNumber: order.vat_number, rates: vatBreakdown(order.items) };
}

/**
 * The VAT block as lines of plain text, for the order confirmation mail under the order's lines:
 * "VAT included:", a line per rate, and the shop's VAT number; none for a shop not VAT-registered.
 */
export function vatLines(order: OrderVatSource, indent = '  ', format?: MoneyFormat): string[] {
  const vat = orderVat(order);
  if (!vat) return [];
  return [
    `${indent}VAT included:`,
    ...vat.rates.map(({ rate, vat: pence }) => `${indent}  ${vatRateLabel(rate)}: ${formatMoney(pence, format)}`),
    `${indent}VAT number: ${vat.vatNumber}`,
  ];
}
