import { paginated } from '@parade/core/envelope';
import { messages } from '@parade/core/messages';
import { type LedgerQuery, ledgerEntrySchema, statementSchema, vendorBalanceSchema } from '@parade/core/money-schemas';
import { ApiError, errorFromReply, type FailedReply } from '@parade/ui/api-errors';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiData, apiUrl, getAuthToken } from '@/lib/api-client';

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

/**
 * GET vendor/ledger/export (CSV), fetched with the token (a plain link could not send it) and
 * saved under the name the API gives. A failure comes back in the envelope, read for its message.
 */
export async function downloadLedgerCsv(range: { date_from?: string; date_to?: string }): Promise<void> {
  const query = new URLSearchParams(Object.entries(range).filter(([, value]) => value) as [string, string][]);
  const token = getAuthToken();
  let response: Response;
  try {
    response = await fetch(`${apiUrl('vendor/ledger/export')}${query.size ? `?${query}` : ''}`, {
      headers: { accept: 'text/csv', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });
  } catch {
    throw new ApiError(messages.genericError, 0);
  }
  if (!response.ok) {
    const reply = (await response.json().catch(() => null)) as FailedReply | null;
    throw errorFromReply(response.status, reply);
  }
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'parade-ledger.csv';
  const url = URL.createObjectURL(await response.blob());
  const link = Object.assign(document.createElement('a'), { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
