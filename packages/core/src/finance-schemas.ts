/**
 * The platform's finance report (issue 24, "Admin finance"; docs/decisions/032): what shoppers
 * bought, what Parade earned, what went back to shoppers and what was paid to shops, per London
 * day or per shop, over a range of days. Pence throughout.
 */
import { z } from 'zod';
import { poundsCell, toCsv } from './csv';

const day = z.iso.date('A date as YYYY-MM-DD.');

export const financeGroups = ['day', 'shop'] as const;
export type FinanceGroup = (typeof financeGroups)[number];

/** The longest range one report covers (a year and a day, so a whole leap year fits). */
export const FINANCE_MAX_DAYS = 367;

/**
 * GET admin/finance?date_from&date_to&group: London days, both included; the last 30 days up to
 * today when omitted; by day unless `group=shop`.
 */
export const financeQuerySchema = z
  .object({
    date_from: day.optional(),
    date_to: day.optional(),
    group: z.enum(financeGroups).optional(),
  })
  // A missing end is today (financeRange): the range's rules hold for it too, or a start two
  // years back without an end read two years at once.
  .refine((q) => !q.date_from || q.date_from <= (q.date_to ?? londonDay()), {
    message: 'The start date must be on or before the end date.',
    path: ['date_from'],
  })
  .refine((q) => !q.date_from || daysBetween(q.date_from, q.date_to ?? londonDay()) < FINANCE_MAX_DAYS, {
    message: `A report covers at most ${FINANCE_MAX_DAYS} days.`,
    path: ['date_to'],
  });
export type FinanceQuery = z.input<typeof financeQuerySchema>;

/** The figures of one day or one shop. */
export const financeFiguresSchema = z.object({
  /** Orders placed that count as sales (see `gross_sales`). */
  orders: z.number().int(),
  /**
   * What shoppers were charged for the orders placed: every order's total except those cancelled
   * before any money was taken (a paid card order later cancelled counts here and again in `refunds`).
   */
  gross_sales: z.number().int(),
  /** Parade's commission on the orders placed that were not cancelled. */
  commission: z.number().int(),
  /** Money given back to shoppers: card refunds Stripe made and cash refunds recorded (by the day decided). */
  refunds: z.number().int(),
  /** Money transferred to shops (the ledger's payout entries). */
  payouts: z.number().int(),
});
export type FinanceFigures = z.infer<typeof financeFiguresSchema>;

export const financeRowSchema = financeFiguresSchema.extend({
  /** `YYYY-MM-DD` for a day, the shop's id as a string for a shop. */
  key: z.string(),
  /** The day (`YYYY-MM-DD`) or the shop's name. */
  label: z.string(),
  shop_id: z.number().int().nullable(),
  /** A shop's balance now (ledger sums): null on day rows. */
  pending: z.number().int().nullable(),
  available: z.number().int().nullable(),
});
export type FinanceRow = z.infer<typeof financeRowSchema>;

export const financeReportSchema = z.object({
  date_from: day,
  date_to: day,
  group: z.enum(financeGroups),
  /** Every day of the range (oldest first), or every shop with figures or a balance (by name). */
  rows: z.array(financeRowSchema),
  totals: financeFiguresSchema,
  /** What a payout run would pay now: the sum of the shops' positive available balances. */
  payouts_due: z.number().int(),
});
export type FinanceReport = z.infer<typeof financeReportSchema>;

/** One group's figures as each module sums them (a part may be missing: zero). */
export type FinancePart = Partial<FinanceFigures>;

const zero = (): FinanceFigures => ({ orders: 0, gross_sales: 0, commission: 0, refunds: 0, payouts: 0 });

/** Adds the parts each module summed for one key. */
export function addFigures(...parts: (FinancePart | undefined)[]): FinanceFigures {
  const sum = zero();
  for (const part of parts) {
    if (!part) continue;
    for (const name of Object.keys(sum) as (keyof FinanceFigures)[]) sum[name] += part[name] ?? 0;
  }
  return sum;
}

/** Whole days from one London day to another (`2026-01-01` to `2026-01-02` is 1). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** Every day from `from` to `to`, both included, as YYYY-MM-DD. */
export function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  for (let at = Date.parse(`${from}T00:00:00Z`); at <= Date.parse(`${to}T00:00:00Z`); at += 86_400_000) {
    days.push(new Date(at).toISOString().slice(0, 10));
  }
  return days;
}

/** The London day of a moment, as YYYY-MM-DD. */
export const londonDay = (at: Date = new Date()): string =>
  at.toLocaleDateString('en-CA', { timeZone: 'Europe/London' });

/** The report's range: the one asked for, else the 30 days up to today (London). */
export function financeRange(query: { date_from?: string; date_to?: string }, now = new Date()) {
  const dateTo = query.date_to ?? londonDay(now);
  const dateFrom =
    query.date_from ?? new Date(Date.parse(`${dateTo}T00:00:00Z`) - 29 * 86_400_000).toISOString().slice(0, 10);
  return { dateFrom, dateTo };
}

/** The report as CSV, one row per day or shop and a totals row, pounds with two decimals. */
export function financeCsv(report: FinanceReport): string {
  const byShop = report.group === 'shop';
  const figures = (f: FinanceFigures) => [
    String(f.orders),
    poundsCell(f.gross_sales),
    poundsCell(f.commission),
    poundsCell(f.refunds),
    poundsCell(f.payouts),
  ];
  const balance = (row: FinanceRow) => (byShop ? [poundsCell(row.pending ?? 0), poundsCell(row.available ?? 0)] : []);
  return toCsv([
    [
      byShop ? 'Shop' : 'Day',
      'Orders',
      'Gross sales (GBP)',
      'Commission (GBP)',
      'Refunds (GBP)',
      'Payouts (GBP)',
      ...(byShop ? ['Pending now (GBP)', 'Available now (GBP)'] : []),
    ],
    ...report.rows.map((row) => [row.label, ...figures(row), ...balance(row)]),
    ['Total', ...figures(report.totals), ...(byShop ? ['', poundsCell(report.payouts_due)] : [])],
  ]);
}
