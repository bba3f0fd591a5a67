import { paginated } from '@parade/core/envelope';
import { type LedgerQuery, ledgerEntrySchema, statementSchema, vendorBalanceSchema } from '@parade/core/money-schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';
import { downloadCsv } from '@/lib/download-csv';

const root = ['vendor', 'money'] as const;

/** GET vendor/balance: pending, available, paid out (sums of the shop's ledger). */
export const useBalance = () =>
  useQuery({
    queryKey: [...root, 'balance'],
    queryFn: ({ signal }) => apiData('vendor/balance', vendorBalanceSchema, { signal }),
  });

/** GET vendor/ledger?page: the shop's entries, newest first. */
export const useLedger = (page: number) =>
  useQuery({
    queryKey: [...root, 'ledger', page],
    queryFn: ({ signal }) => apiData('vendor/ledger', paginated(ledgerEntrySchema), { query: { page }, signal }),
    placeholderData: keepPreviousData,
  });

/** GET vendor/statement?month: one month, with its opening and closing balance. */
export const useStatement = (month: string) =>
  useQuery({
    queryKey: [...root, 'statement', month],
    queryFn: ({ signal }) => apiData('vendor/statement', statementSchema, { query: { month }, signal }),
  });

/** GET vendor/ledger/export: the range's entries as CSV, saved by the browser. */
export const downloadLedgerCsv = (range: { date_from?: string; date_to?: string }): Promise<void> =>
  downloadCsv('vendor/ledger/export', range, 'parade-ledger.csv');
