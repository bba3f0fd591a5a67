import { Anchor, Box, Button, Stack, Text } from '@mantine/core';
import type { PayoutRun } from '@parade/core/payout-schemas';
import { ApiError } from '@parade/ui/api-errors';
import { IconSend } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { Link, useNavigate } from 'react-router';
import { confirmAction } from '@/components/confirm';
import { notifyError, notifySuccess } from '@/components/notify';
import { PageHeader } from '@/components/page-header';
import { ServerTable } from '@/components/server-table';
import { ToneBadge } from '@/components/status-badge';
import { usePayoutRuns, useRunPayouts } from '@/features/payouts/api/payouts';
import { RunTotal } from '@/features/payouts/components/payout-amounts';
import { useListParams } from '@/hooks/use-list-params';
import { formatDateTime, formatMoney } from '@/lib/format';
import { paths } from '@/lib/paths';

/**
 * The platform's payouts to shops through Stripe Connect (docs/decisions/031): run payouts (one
 * transfer per shop with money available and a ready account), and every run with its totals.
 */
export function Component() {
  const list = useListParams();
  const runs = usePayoutRuns(list.page);
  const runPayouts = useRunPayouts();
  const navigate = useNavigate();

  const ask = async () => {
    const yes = await confirmAction({
      title: 'Run payouts now?',
      message:
        'Every shop with money available and a ready Stripe account is sent its available balance by Stripe transfer. Shops without a ready account are listed as skipped.',
      confirmLabel: 'Run payouts',
      destructive: false,
    });
    if (!yes) return;
    runPayouts.mutate(undefined, {
      onSuccess: ({ run }) => {
        notifySuccess(
          `Payout run ${run.id}: ${run.paid.count} paid (${formatMoney(run.paid.amount)}), ${run.skipped.count} skipped, ${run.failed.count} failed.`,
        );
        navigate(paths.admin.payoutRun(run.id));
      },
      onError: (e) => notifyError(e instanceof ApiError ? e.message : 'The payout run did not start.'),
    });
  };

  const columns: DataTableColumn<PayoutRun>[] = [
    {
      accessor: 'id',
      title: 'Run',
      render: (run) => (
        <Anchor component={Link} to={paths.admin.payoutRun(run.id)} fw={600}>
          Run {run.id}
        </Anchor>
      ),
    },
    {
      accessor: 'created_at',
      title: 'Started',
      render: (run) => (
        <Stack gap={0}>
          <Text size="sm">{formatDateTime(run.created_at)}</Text>
          {run.started_by && (
            <Text size="xs" c="dimmed">
              by {run.started_by.name}
            </Text>
          )}
        </Stack>
      ),
    },
    { accessor: 'paid', title: 'Paid', render: (run) => <RunTotal totals={run.paid} /> },
    { accessor: 'pending', title: 'Sending', render: (run) => <RunTotal totals={run.pending} /> },
    { accessor: 'failed', title: 'Failed', render: (run) => <RunTotal totals={run.failed} /> },
    { accessor: 'skipped', title: 'Skipped', render: (run) => <RunTotal totals={run.skipped} /> },
    {
      accessor: 'status',
      title: 'Status',
      render: (run) =>
        run.status === 'finished' ? (
          <Box miw="max-content">
            <ToneBadge tone="success">Finished</ToneBadge>
          </Box>
        ) : (
          <Box miw="max-content">
            <ToneBadge tone="info">Sending</ToneBadge>
          </Box>
        ),
    },
  ];

  return (
    <Stack gap="md">
      <PageHeader
        title="Payouts"
        description="Shops' available balances paid to their Stripe accounts. A run pays each shop at most once; a shop still being paid is left out of the next run."
        actions={
          <>
            {/* Announced while the run decides and sends its transfers (a few seconds). */}
            <Text size="sm" c="dimmed" role="status" aria-live="polite">
              {runPayouts.isPending ? 'Sending the transfers to Stripe…' : ''}
            </Text>
            <Button leftSection={<IconSend size={18} aria-hidden />} onClick={ask} loading={runPayouts.isPending}>
              Run payouts
            </Button>
          </>
        }
      />
      <ServerTable<PayoutRun>
        label="Payout runs"
        columns={columns}
        result={runs.data}
        fetching={runs.isFetching}
        error={runs.error}
        onRetry={() => runs.refetch()}
        page={list.page}
        onPageChange={list.setPage}
        noRecordsText="No payout run yet. Run payouts to pay the shops their available balances."
      />
    </Stack>
  );
}
