import { type FinanceQuery, financeReportSchema } from '@parade/core/finance-schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';
import { downloadCsv } from '@/lib/download-csv';

type FinanceFilters = { date_from?: string; date_to?: string; group?: FinanceQuery['group'] };

/** GET admin/finance: the platform's figures per day or per shop over a range of London days. */
export const useFinanceReport = (filters: FinanceFilters) =>
  useQuery({
    queryKey: ['admin', 'finance', filters],
    queryFn: ({ signal }) => apiData('admin/finance', financeReportSchema, { query: filters, signal }),
    placeholderData: keepPreviousData,
  });

/** GET admin/finance/export: the same report as CSV, saved by the browser. */
export const downloadFinanceCsv = (filters: FinanceFilters): Promise<void> =>
  downloadCsv('admin/finance/export', filters, 'parade-finance.csv');
