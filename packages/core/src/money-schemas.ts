/**
 * The wire shapes of shop money (api-contract.md, "Money"; docs/decisions/028). Pence throughout.
 */
import { z } from 'zod';
import { poundsCell, toCsv } from './csv';
import { ledgerKinds } from './enums';
import { manageListQuerySchema } from './vendor-schemas';

export const ledgerKindSchema = z.enum(ledgerKinds);

/**
 * GET vendor/balance. `pending`: entries still in their hold (a sale and its commission for
 * `payout_hold_days` after they are recorded); `available`: everything else, payouts included (so
 * it is what a payout run may pay); `paid_out`: all payouts so far (positive). Each is a sum of
 * the shop's ledger and nothing else.
 */
export const vendorBalanceSchema = z.object({
  pending: z.number().int(),
  available: z.number().int(),
  paid_out: z.number().int(),
});
export type VendorBalance = z.infer<typeof vendorBalanceSchema>;

/** One ledger entry; `amount` is signed from the shop's side (+ owed to the shop, - owed by it or paid out). */
export const ledgerEntrySchema = z.object({
  id: z.number().int(),
  kind: ledgerKindSchema,
  amount: z.number().int(),
  order_id: z.number().int().nullable(),
  /** The order's invoice number, when the entry is about an order. */
  invoice_number: z.string().nullable(),
  /** Why (an adjustment's reason). */
  note: z.string().nullable(),
  /** When it can be paid out. */
  available_at: z.string(),
  created_at: z.string(),
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

/** A day as YYYY-MM-DD (London). */
const day = z.iso.date('A date as YYYY-MM-DD.');

/**
 * GET vendor/ledger: a merchant list like every other (`page`, `per_page` 1-100 default 20,
 * `search`, `sort` by `created_at` or `amount`, `-` first for descending; newest first without
 * one) and a range of London days, both included. `search` matches the entry's kind, its note
 * and its order's invoice number.
 */
export const ledgerQuerySchema = manageListQuerySchema(['created_at', 'amount']).extend({
  date_from: day.optional(),
  date_to: day.optional(),
});
export type LedgerQuery = z.input<typeof ledgerQuerySchema>;

export const LEDGER_PER_PAGE = 20;

/** POST admin/shops/{id}/ledger-adjustments: a correction either way, with its reason. */
export const ledgerAdjustmentSchema = z.object({
  amount: z
    .number()
    .int('Whole pence.')
    .min(-10_000_000)
    .max(10_000_000)
    .refine((amount) => amount !== 0, 'An adjustment moves at least 1p.'),
  note: z.string().trim().min(3, 'Say why, in a few words.').max(500),
});
export type LedgerAdjustment = z.input<typeof ledgerAdjustmentSchema>;

/** A month as YYYY-MM. */
export const monthSchema = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'A month as YYYY-MM.');

/** GET vendor/statement?month: one London month of the shop's ledger, for printing (the current month when omitted). */
export const statementQuerySchema = z.object({ month: monthSchema.optional() });

/** The London month of a moment, as YYYY-MM. */
export const londonMonth = (at: Date = new Date()): string =>
  at.toLocaleDateString('en-CA', { timeZone: 'Europe/London' }).slice(0, 7);

/**
 * A monthly statement: the balance before the month, every entry in it (oldest first), the sum
 * of each kind, and the balance after (opening + the entries). Pending and available are not
 * told apart here: the statement is of what was recorded.
 */
export const statementSchema = z.object({
  month: monthSchema,
  shop: z.object({ id: z.number().int(), name: z.string(), vat_number: z.string().nullable() }),
  opening_balance: z.number().int(),
  closing_balance: z.number().int(),
  totals: z.object(
    Object.fromEntries(ledgerKinds.map((kind) => [kind, z.number().int()])) as Record<
      (typeof ledgerKinds)[number],
      z.ZodNumber
    >,
  ),
  entries: z.array(ledgerEntrySchema),
  /**
   * The VAT in the sales that became due this month (the orders whose sale or commission is
   * among the entries), per rate, lowest first: `sales` VAT included, `vat` the VAT in them. Only
   * orders placed while the shop had a VAT number count; empty for a shop that never had one.
   */
  vat: z.array(z.object({ rate: z.number().int(), sales: z.number().int(), vat: z.number().int() })),
});
export type Statement = z.infer<typeof statementSchema>;

/** The London days a month spans. */
export function monthRange(month: string): { dateFrom: string; dateTo: string } {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, monthNumber, 0)).getUTCDate();
  return { dateFrom: `${month}-01`, dateTo: `${month}-${String(last).padStart(2, '0')}` };
}

/** A ledger as CSV (RFC 4180, a header row, pounds with two decimals), for a spreadsheet. */
export function ledgerCsv(entries: LedgerEntry[]): string {
  return toCsv([
    ['Date', 'Kind', 'Amount (GBP)', 'Invoice', 'Order', 'Note', 'Available from'],
    ...entries.map((entry) => [
      entry.created_at,
      entry.kind,
      poundsCell(entry.amount),
      entry.invoice_number ?? '',
      entry.order_id === null ? '' : String(entry.order_id),
      entry.note ?? '',
      entry.available_at,
    ]),
  ]);
}

/** A ledger kind in words, for the merchant's Money page and statement. */
export const ledgerKindLabels: Record<(typeof ledgerKinds)[number], string> = {
  sale: 'Sale',
  commission: 'Commission',
  refund: 'Refund',
  payout: 'Payout',
  adjustment: 'Adjustment',
};

/** PUT admin/shops/{id}/commission: the shop's own rate, or null for the platform's; new orders only. */
export const shopCommissionSchema = z.object({
  commission_rate: z.number().int('A whole percent.').min(0).max(100, 'At most 100%.').nullable(),
});
/** The reply: the shop's own rate (null: none) and the rate its next order is charged. */
export const shopCommissionPayloadSchema = z.object({
  commission_rate: z.number().int().nullable(),
  effective_rate: z.number().int(),
});
