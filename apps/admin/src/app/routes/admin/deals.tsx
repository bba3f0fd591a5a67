import { Button, Stack, Text } from '@mantine/core';
import type { AdminDeal } from '@parade/core/admin-schemas';
import { IconPlus } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { PageHeader } from '@/components/page-header';
import { confirmThenDelete, EditDeleteActions } from '@/components/row-actions';
import { ServerTable } from '@/components/server-table';
import { ToneBadge } from '@/components/status-badge';
import { useDeals, useDeleteDeal } from '@/features/deals/api/deals';
import { DealFormModal } from '@/features/deals/components/deal-form-modal';
import { useListParams } from '@/hooks/use-list-params';
import { formatDateTime } from '@/lib/format';

/** Why a deal is not on /ubm-offers now, in a word. */
function dealState(deal: AdminDeal) {
  if (deal.is_live) return <ToneBadge tone="success">Live</ToneBadge>;
  if (!deal.is_active) return <ToneBadge tone="neutral">Off</ToneBadge>;
  if (deal.ends_at && Date.parse(deal.ends_at) <= Date.now()) return <ToneBadge tone="neutral">Ended</ToneBadge>;
  if (deal.starts_at && Date.parse(deal.starts_at) > Date.now()) return <ToneBadge tone="info">Coming</ToneBadge>;
  return <ToneBadge tone="warning">Shop suspended</ToneBadge>;
}

/** The platform deals of the storefront's /ubm-offers ("UBM Deals"). */
export function Component() {
  const list = useListParams();
  const deals = useDeals(list.query as never);
  const remove = useDeleteDeal();
  const [editing, setEditing] = useState<{ deal: AdminDeal | null } | null>(null);

  const askDelete = (deal: AdminDeal) =>
    confirmThenDelete(remove, deal.id, {
      name: deal.title,
      message: 'It leaves the UBM Deals page at once. To stop it for now, switch it off instead.',
      confirmLabel: 'Delete deal',
    });

  const columns: DataTableColumn<AdminDeal>[] = [
    {
      accessor: 'title',
      title: 'Deal',
      sortable: true,
      render: (deal) => (
        <Stack gap={0}>
          <Text fw={600}>{deal.title}</Text>
          <Text size="xs" c="dimmed">
            {[deal.badge, deal.shop?.name ?? 'Whole parade'].filter(Boolean).join(' · ')}
          </Text>
          {deal.coupon_code && (
            <Text size="xs" c={deal.coupon_redeemable ? undefined : 'error'}>
              Code {deal.coupon_code}
              {deal.coupon_redeemable ? '' : ': not shown, its coupon cannot be used now'}
            </Text>
          )}
        </Stack>
      ),
    },
    { accessor: 'starts_at', title: 'Starts', render: (deal) => formatDateTime(deal.starts_at) },
    { accessor: 'ends_at', title: 'Ends', sortable: true, render: (deal) => formatDateTime(deal.ends_at) },
    { accessor: 'is_live', title: 'Status', render: dealState },
    {
      accessor: 'actions',
      title: 'Actions',
      textAlign: 'right',
      render: (deal) => (
        <EditDeleteActions
          name={deal.title}
          id={deal.id}
          onEdit={() => setEditing({ deal })}
          onDelete={() => askDelete(deal)}
          remove={remove}
        />
      ),
    },
  ];

  return (
    <Stack gap="md">
      <PageHeader
        title="UBM deals"
        description="The platform's deals on the storefront's UBM Deals page, for one shop or the whole parade."
        actions={
          <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setEditing({ deal: null })}>
            New deal
          </Button>
        }
      />
      <ServerTable<AdminDeal>
        label="Deals"
        columns={columns}
        result={deals.data}
        fetching={deals.isFetching}
        error={deals.error}
        onRetry={() => deals.refetch()}
        page={list.page}
        onPageChange={list.setPage}
        sort={list.sort}
        onSortChange={list.setSort}
        search={{ value: list.search, onChange: list.setSearch, placeholder: 'Title, badge or shop' }}
        noRecordsText="No deal matches."
      />
      <DealFormModal opened={editing !== null} deal={editing?.deal ?? null} onClose={() => setEditing(null)} />
    </Stack>
  );
}
