import { Avatar, Button, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import type { AdminShopRequest } from '@parade/core/admin-schemas';
import { shopRequestStatuses } from '@parade/core/enums';
import { ApiError } from '@parade/ui/api-errors';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { confirmAction } from '@/components/confirm';
import { notifyError, notifySuccess } from '@/components/notify';
import { PageHeader } from '@/components/page-header';
import { ServerTable } from '@/components/server-table';
import { StatusBadge } from '@/components/status-badge';
import { useAcceptShopRequest } from '@/features/shop-requests/api/decide-shop-request';
import { useShopRequests } from '@/features/shop-requests/api/get-shop-requests';
import { RejectRequestModal } from '@/features/shop-requests/components/reject-request-modal';
import { useListParams } from '@/hooks/use-list-params';
import { formatDate } from '@/lib/format';

const statusFilter = [
  { value: 'pending', label: 'Pending' },
  { value: 'all', label: 'All' },
  ...shopRequestStatuses
    .filter((s) => s !== 'pending')
    .map((s) => ({ value: s, label: s[0]?.toUpperCase() + s.slice(1) })),
];

/** Shop-create requests: accept (the shop is made and the requester becomes its vendor) or reject with a reason. */
export function Component() {
  const list = useListParams(['status'] as const);
  // Pending first: that is the admin's queue. 'all' is sent as no filter.
  const status = list.filters.status || 'pending';
  const requests = useShopRequests({ ...list.query, status: status === 'all' ? undefined : status } as never);
  const accept = useAcceptShopRequest();
  const [rejecting, setRejecting] = useState<AdminShopRequest | null>(null);

  const askAccept = async (request: AdminShopRequest) => {
    const yes = await confirmAction({
      title: 'Accept this shop request?',
      message: `${request.shop_name} will be created and ${request.user.name} becomes its shopkeeper. They are mailed.`,
      confirmLabel: 'Accept and create the shop',
      destructive: false,
    });
    if (!yes) return;
    accept.mutate(request.id, {
      onSuccess: ({ shop }) => notifySuccess(`${shop.name} is open: ${request.user.name} can sign in here now.`),
      onError: (e) => notifyError(e instanceof ApiError ? e.message : 'Could not accept it.'),
    });
  };

  const columns: DataTableColumn<AdminShopRequest>[] = [
    {
      accessor: 'shop_name',
      title: 'Shop',
      sortable: true,
      render: (r) => (
        <Group gap="sm" wrap="nowrap" align="flex-start">
          {/* The logo the requester sent becomes the shop's on acceptance; initials when none. */}
          <Avatar
            src={r.logo?.url ?? null}
            alt={r.logo ? `${r.shop_name} logo` : ''}
            radius="sm"
            size={40}
            color="primary"
            aria-hidden={r.logo ? undefined : true}
          >
            {r.shop_name.slice(0, 2).toUpperCase()}
          </Avatar>
          <Stack gap={0} miw={0}>
            <Text fw={600}>{r.shop_name}</Text>
            <Text size="xs" c={r.category ? undefined : 'dimmed'}>
              {r.category ? `Category: ${r.category.name}` : 'No category chosen'}
            </Text>
            <Text size="xs" c="dimmed" lineClamp={2}>
              {r.description ?? ''}
            </Text>
          </Stack>
        </Group>
      ),
    },
    {
      accessor: 'user',
      title: 'Requested by',
      render: (r) => (
        <Stack gap={0}>
          <Text size="sm">{r.user.name}</Text>
          <Text size="xs" c="dimmed">
            {r.user.email} · {r.phone}
          </Text>
        </Stack>
      ),
    },
    { accessor: 'postcode', title: 'Address', render: (r) => `${r.address}, ${r.postcode}` },
    { accessor: 'created_at', title: 'Asked', sortable: true, render: (r) => formatDate(r.created_at) },
    {
      accessor: 'status',
      title: 'Status',
      // Room for the widest badge (CANCELLED, ACCEPTED): a squeezed one would read "PEN...".
      width: 130,
      render: (r) => (
        <Stack gap={2}>
          <StatusBadge status={r.status} />
          {r.admin_note && (
            <Text size="xs" c="dimmed">
              {r.admin_note}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      accessor: 'actions',
      title: 'Actions',
      textAlign: 'right',
      render: (r) =>
        r.status === 'pending' ? (
          <Group gap="xs" justify="flex-end" wrap="nowrap">
            <Button
              size="compact-sm"
              onClick={() => askAccept(r)}
              loading={accept.isPending && accept.variables === r.id}
              aria-label={`Accept ${r.shop_name}`}
            >
              Accept
            </Button>
            <Button
              size="compact-sm"
              variant="outline"
              color="error"
              onClick={() => setRejecting(r)}
              aria-label={`Reject ${r.shop_name}`}
            >
              Reject
            </Button>
          </Group>
        ) : null,
    },
  ];

  return (
    <Stack gap="md">
      <PageHeader title="Shop requests" description="People who asked to open a shop on Parade." />
      <ServerTable<AdminShopRequest>
        label="Shop requests"
        columns={columns}
        result={requests.data}
        fetching={requests.isFetching}
        error={requests.error}
        onRetry={() => requests.refetch()}
        page={list.page}
        onPageChange={list.setPage}
        sort={list.sort}
        onSortChange={list.setSort}
        search={{ value: list.search, onChange: list.setSearch, placeholder: 'Shop or person' }}
        toolbar={
          <SegmentedControl
            aria-label="Status"
            data={statusFilter}
            value={status}
            onChange={(value) => list.setFilter('status', value === 'pending' ? '' : value)}
          />
        }
        noRecordsText={status === 'pending' ? 'No requests are waiting.' : 'No requests here.'}
      />
      <RejectRequestModal request={rejecting} onClose={() => setRejecting(null)} />
    </Stack>
  );
}
