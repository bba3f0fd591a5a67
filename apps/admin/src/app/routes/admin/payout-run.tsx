import { Code, SimpleGrid, Stack, Text } from '@mantine/core';
import type { PayoutTransfer } from '@parade/core/payout-schemas';
import type { DataTableColumn } from 'mantine-datatable';
import { useParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { ServerTable } from '@/components/server-table';
import { StatCard } from '@/components/stat-card';
import { ErrorState, LoadingState } from '@/components/states';
import { usePayoutRun } from '@/features/payouts/api/payouts';
import { TransferStatusBadge } from '@/features/payouts/components/payout-amounts';
import { formatDateTime, formatMoney } from '@/lib/format';

const totalLine = (totals: { count: number; amount: number }, noun: string) =>
  `${totals.count} ${noun}${totals.count === 1 ? '' : 's'}`;

/** One payout run: each shop's transfer, paid (Stripe's id), still sending, failed or skipped (why). */
export function Component() {
  const { runId } = useParams();
  const detail = usePayoutRun(Number(runId));
  if (detail.isPending) return <LoadingState />;
  if (detail.isError) return <ErrorState error={detail.error} onRetry={() => detail.refetch()} />;
  const { run, transfers } = detail.data;

  const columns: DataTableColumn<PayoutTransfer>[] = [
    {
      accessor: 'shop.name',
      title: 'Shop',
      render: (t) => (
        <Text size="sm" fw={600}>
          {t.shop.name}
        </Text>
      ),
    },
    {
      accessor: 'amount',
      title: 'Amount',
      textAlign: 'right',
      render: (t) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatMoney(t.amount)}
        </Text>
      ),
    },
    { accessor: 'status', title: 'Status', render: (t) => <TransferStatusBadge status={t.status} /> },
    {
      accessor: 'stripe_transfer_id',
      title: 'Stripe transfer',
      render: (t) =>
        t.stripe_transfer_id ? (
          <Code>{t.stripe_transfer_id}</Code>
        ) : (
          <Text size="sm" c="dimmed">
            —
          </Text>
        ),
    },
    {
      accessor: 'reason',
      title: 'Reason',
      render: (t) => (
        <Text size="sm" c={t.status === 'failed' ? 'error.7' : undefined} maw={420}>
          {t.reason ?? ''}
        </Text>
      ),
    },
  ];

  return (
    <Stack gap="md">
      <PageHeader
        title={`Payout run ${run.id}`}
        description={`Started ${formatDateTime(run.created_at)}${run.started_by ? ` by ${run.started_by.name}` : ''}${
          run.finished_at ? ` · finished ${formatDateTime(run.finished_at)}` : ' · still sending'
        }`}
      />
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        <StatCard label="Paid" value={formatMoney(run.paid.amount)} hint={totalLine(run.paid, 'transfer')} />
        <StatCard label="Sending" value={formatMoney(run.pending.amount)} hint={totalLine(run.pending, 'transfer')} />
        <StatCard label="Failed" value={formatMoney(run.failed.amount)} hint={totalLine(run.failed, 'transfer')} />
        <StatCard label="Skipped" value={formatMoney(run.skipped.amount)} hint={totalLine(run.skipped, 'shop')} />
      </SimpleGrid>
      <ServerTable<PayoutTransfer>
        label="Transfers"
        columns={columns}
        result={{
          data: transfers,
          current_page: 1,
          last_page: 1,
          per_page: Math.max(transfers.length, 1),
          total: transfers.length,
        }}
        fetching={detail.isFetching}
        error={detail.error}
        onRetry={() => detail.refetch()}
        page={1}
        onPageChange={() => undefined}
        noRecordsText="No shop had money available: nothing to pay in this run."
      />
    </Stack>
  );
}
