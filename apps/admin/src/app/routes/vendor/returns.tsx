import { Anchor, Button, Group, Select, Stack, Text } from '@mantine/core';
import { returnStatuses } from '@parade/core/enums';
import { refundStatusInWords } from '@parade/core/refund-schemas';
import type { VendorReturn } from '@parade/core/return-schemas';
import { ApiError } from '@parade/ui/api-errors';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { Link } from 'react-router';
import { confirmAction } from '@/components/confirm';
import { notifyError, notifySuccess } from '@/components/notify';
import { PageHeader } from '@/components/page-header';
import { ServerTable } from '@/components/server-table';
import { StatusBadge } from '@/components/status-badge';
import { useReceiveReturn, useSettleReturnRefund } from '@/features/returns/api/decide-return';
import { useReturns } from '@/features/returns/api/get-returns';
import { DecideReturnModal, type Decision } from '@/features/returns/components/decide-return-modal';
import { useListParams } from '@/hooks/use-list-params';
import { formatDate, formatMoney } from '@/lib/format';
import { paths } from '@/lib/paths';

const statusFilter = [
  { value: '', label: 'All' },
  ...returnStatuses.map((s) => ({ value: s, label: s[0]?.toUpperCase() + s.slice(1) })),
];

/** Returns on the shop's orders: accept or reject with a note, then say when an accepted item came back. */
export function Component() {
  const list = useListParams(['status'] as const);
  const returns = useReturns(list.query as never);
  const receive = useReceiveReturn();
  const settle = useSettleReturnRefund();
  const [decision, setDecision] = useState<Decision | null>(null);

  const askReceived = async (entry: VendorReturn) => {
    const yes = await confirmAction({
      title: 'Has the item come back?',
      message: `${entry.quantity} × ${entry.item.full_name} will be put back in stock and on sale, and refunded to ${entry.customer.name}: to their card if they paid by card, or owed by you in cash if they paid in cash. They are told. This can be done once.`,
      confirmLabel: 'Item received, refund it',
      destructive: false,
    });
    if (!yes) return;
    receive.mutate(entry.id, {
      onSuccess: (done) =>
        notifySuccess(
          done.refund?.method === 'cash'
            ? `${entry.item.full_name}: back in stock. You owe ${entry.customer.name} ${formatMoney(done.refund.amount)} in cash.`
            : `${entry.item.full_name}: ${entry.quantity} back in stock; the refund is on its way to the card.`,
        ),
      onError: (e) => notifyError(e instanceof ApiError ? e.message : 'Could not record it.'),
    });
  };

  const askRefundPaid = async (entry: VendorReturn) => {
    if (!entry.refund) return;
    const yes = await confirmAction({
      title: 'Have you paid the refund back?',
      message: `Confirm you gave ${entry.customer.name} ${formatMoney(entry.refund.amount)} in cash for ${entry.quantity} × ${entry.item.full_name}. This can be done once.`,
      confirmLabel: 'Refund paid in cash',
      destructive: false,
    });
    if (!yes) return;
    settle.mutate(entry.id, {
      onSuccess: () => notifySuccess(`Cash refund to ${entry.customer.name} marked paid.`),
      onError: (e) => notifyError(e instanceof ApiError ? e.message : 'Could not record it.'),
    });
  };

  const columns: DataTableColumn<VendorReturn>[] = [
    {
      accessor: 'item.full_name',
      title: 'Item',
      render: (r) => (
        <Stack gap={0}>
          <Text fw={600}>{r.item.full_name}</Text>
          <Text size="xs" c="dimmed">
            Returning {r.quantity} of {r.item.quantity} · {formatMoney(r.item.price)} each
          </Text>
        </Stack>
      ),
    },
    {
      accessor: 'invoice_number',
      title: 'Order and customer',
      render: (r) => (
        <Stack gap={0}>
          <Anchor component={Link} to={paths.vendor.order(r.order_id)} fw={600}>
            {r.invoice_number}
          </Anchor>
          <Text size="xs" c="dimmed">
            Order #{r.order_id}
          </Text>
          <Text size="sm">{r.customer.name}</Text>
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {r.customer.email}
          </Text>
        </Stack>
      ),
    },
    {
      accessor: 'reason',
      title: 'Reason',
      width: 220,
      render: (r) => (
        <Stack gap={2}>
          <Text size="sm" lineClamp={3} style={{ overflowWrap: 'anywhere' }}>
            {r.reason}
          </Text>
          {r.staff_note && (
            <Text size="xs" c="dimmed" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
              Your note: {r.staff_note}
            </Text>
          )}
        </Stack>
      ),
    },
    { accessor: 'created_at', title: 'Asked', sortable: true, render: (r) => formatDate(r.created_at) },
    {
      accessor: 'status',
      title: 'Status',
      // The badge must not be squeezed into "AC…": the table scrolls sideways instead.
      noWrap: true,
      render: (r) => (
        <Stack gap={2} align="flex-start">
          <StatusBadge status={r.status} />
          {r.received_at ? (
            <Text size="xs" c="dimmed">
              Received {formatDate(r.received_at)}
            </Text>
          ) : r.decided_at ? (
            <Text size="xs" c="dimmed">
              Decided {formatDate(r.decided_at)}
            </Text>
          ) : null}
          {r.refund && (
            <Text size="xs" fw={600} data-testid="return-refund">
              Refund {formatMoney(r.refund.amount)} {r.refund.method === 'card' ? 'to card' : 'in cash'}:{' '}
              {refundStatusInWords[r.refund.status]}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      accessor: 'actions',
      title: 'Actions',
      textAlign: 'right',
      render: (r) => {
        const label = `${r.item.full_name} (${r.invoice_number})`;
        if (r.status === 'pending') {
          return (
            <Group gap="xs" justify="flex-end" wrap="nowrap">
              <Button
                size="compact-sm"
                onClick={() => setDecision({ mode: 'accept', entry: r })}
                aria-label={`Accept return of ${label}`}
              >
                Accept
              </Button>
              <Button
                size="compact-sm"
                variant="outline"
                color="error"
                onClick={() => setDecision({ mode: 'reject', entry: r })}
                aria-label={`Reject return of ${label}`}
              >
                Reject
              </Button>
            </Group>
          );
        }
        if (r.status === 'accepted' && !r.received_at) {
          return (
            <Button
              size="compact-sm"
              variant="light"
              onClick={() => askReceived(r)}
              loading={receive.isPending && receive.variables === r.id}
              aria-label={`Item received: ${label}`}
            >
              Item received
            </Button>
          );
        }
        if (r.refund?.method === 'cash' && r.refund.status === 'owed') {
          return (
            <Button
              size="compact-sm"
              variant="light"
              onClick={() => askRefundPaid(r)}
              loading={settle.isPending && settle.variables === r.id}
              aria-label={`Cash refund paid: ${label}`}
            >
              Refund paid
            </Button>
          );
        }
        return null;
      },
    },
  ];

  const filtered = Boolean(list.search || list.filters.status);
  return (
    <Stack gap="md">
      <PageHeader
        title="Returns"
        description="Customers' requests to return items of your delivered orders. Accept or reject each with a note; mark an accepted item received when it is back, which refunds it (to the card, or owed by you in cash: mark it paid once you have paid it)."
      />
      <ServerTable<VendorReturn>
        label="Returns"
        columns={columns}
        result={returns.data}
        fetching={returns.isFetching}
        error={returns.error}
        onRetry={() => returns.refetch()}
        page={list.page}
        onPageChange={list.setPage}
        sort={list.sort}
        onSortChange={list.setSort}
        search={{ value: list.search, onChange: list.setSearch, placeholder: 'Invoice, item or customer' }}
        toolbar={
          <Select
            label="Status"
            data={statusFilter}
            value={list.filters.status}
            onChange={(value) => list.setFilter('status', value ?? '')}
            allowDeselect={false}
            w={160}
          />
        }
        noRecordsText={filtered ? 'No return matches.' : 'No returns yet.'}
      />
      <DecideReturnModal decision={decision} onClose={() => setDecision(null)} />
    </Stack>
  );
}
