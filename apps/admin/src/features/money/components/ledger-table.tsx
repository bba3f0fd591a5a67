import { Anchor, Text } from '@mantine/core';
import type { Paginated } from '@parade/core/envelope';
import { formatMoney } from '@parade/core/money';
import { type LedgerEntry, ledgerKindLabels } from '@parade/core/money-schemas';
import type { DataTableColumn } from 'mantine-datatable';
import { Link } from 'react-router';
import { ServerTable } from '@/components/server-table';
import { type Tone, ToneBadge } from '@/components/status-badge';
import { formatDate, formatDateTime } from '@/lib/format';

/**
 * Each kind of entry in one of the badges' tones, whose colours are dark enough for WCAG AA
 * (status-badge.tsx): Mantine's light orange of a refund was not.
 */
const kindTone: Record<LedgerEntry['kind'], Tone> = {
  sale: 'success',
  commission: 'neutral',
  refund: 'warning',
  payout: 'info',
  adjustment: 'accent',
};

/** A signed amount: what the platform owes the shop goes up (+), what it keeps or pays out down (−). */
export function SignedAmount({ pence }: { pence: number }) {
  return (
    <Text size="sm" fw={600} c={pence < 0 ? 'error' : undefined} style={{ whiteSpace: 'nowrap' }}>
      {pence < 0 ? `−${formatMoney(-pence)}` : `+${formatMoney(pence)}`}
    </Text>
  );
}

/** The shop's ledger, a page at a time; an entry about an order links to it. */
export function LedgerTable({
  result,
  fetching,
  error,
  onRetry,
  page,
  onPageChange,
  orderHref,
}: {
  result: Paginated<LedgerEntry> | undefined;
  fetching: boolean;
  error: unknown;
  onRetry: () => void;
  page: number;
  onPageChange: (page: number) => void;
  orderHref: (orderId: number) => string;
}) {
  const columns: DataTableColumn<LedgerEntry>[] = [
    { accessor: 'created_at', title: 'Date', render: (e) => formatDateTime(e.created_at) },
    {
      accessor: 'kind',
      title: 'Entry',
      render: (e) => (
        // Never cut short on a phone: the table scrolls sideways instead.
        <ToneBadge tone={kindTone[e.kind]} miw="max-content">
          {ledgerKindLabels[e.kind]}
        </ToneBadge>
      ),
    },
    {
      accessor: 'order_id',
      title: 'Order',
      render: (e) =>
        e.order_id === null ? (
          (e.note ?? '')
        ) : (
          <Anchor component={Link} to={orderHref(e.order_id)} size="sm">
            {e.invoice_number ?? `Order ${e.order_id}`}
          </Anchor>
        ),
    },
    { accessor: 'available_at', title: 'Available from', render: (e) => formatDate(e.available_at) },
    { accessor: 'amount', title: 'Amount', textAlign: 'right', render: (e) => <SignedAmount pence={e.amount} /> },
  ];
  return (
    <ServerTable<LedgerEntry>
      label="Ledger entries"
      columns={columns}
      result={result}
      fetching={fetching}
      error={error}
      onRetry={onRetry}
      page={page}
      onPageChange={onPageChange}
      noRecordsText="No money has moved yet: a sale shows here once its order is delivered (and paid, by card)."
    />
  );
}
