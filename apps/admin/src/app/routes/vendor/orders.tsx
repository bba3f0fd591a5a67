import { Anchor, Select, Stack, Text, TextInput } from '@mantine/core';
import { orderStatuses } from '@parade/core/enums';
import type { VendorOrder } from '@parade/core/vendor-schemas';
import type { DataTableColumn } from 'mantine-datatable';
import { Link, useNavigate } from 'react-router';
import { DateFilterInput } from '@/components/date-filter-input';
import { PageHeader } from '@/components/page-header';
import { ServerTable } from '@/components/server-table';
import { StatusBadge } from '@/components/status-badge';
import { useOrders } from '@/features/orders/api/get-orders';
import { statusLabel } from '@/features/orders/components/status-labels';
import { useListParams } from '@/hooks/use-list-params';
import { formatDateTime, formatMoney } from '@/lib/format';
import { paths } from '@/lib/paths';

/** The shop's orders, newest first; filter by status and date, search by invoice or customer. */
export function Component() {
  const navigate = useNavigate();
  const list = useListParams(['status', 'date_from', 'date_to'] as const);
  const orders = useOrders(list.query as never);

  const columns: DataTableColumn<VendorOrder>[] = [
    {
      accessor: 'invoice.number',
      title: 'Invoice',
      render: (o) => (
        // The row is clickable for the mouse; the link is the way in for the keyboard and screen readers.
        <Anchor component={Link} to={paths.vendor.order(o.id)} fw={600} onClick={(e) => e.stopPropagation()}>
          {o.invoice.number}
        </Anchor>
      ),
    },
    { accessor: 'created_at', title: 'Placed', sortable: true, render: (o) => formatDateTime(o.created_at) },
    {
      accessor: 'customer.name',
      title: 'Customer',
      render: (o) => (
        <Stack gap={0}>
          <Text size="sm">{o.customer.name}</Text>
          <Text size="xs" c="dimmed">
            {o.order_type === 'collection' ? 'Collection' : `Delivery to ${o.address?.postcode ?? '?'}`} ·{' '}
            {o.items.length} line
            {o.items.length === 1 ? '' : 's'}
          </Text>
        </Stack>
      ),
    },
    { accessor: 'total', title: 'Total', sortable: true, textAlign: 'right', render: (o) => formatMoney(o.total) },
    { accessor: 'status', title: 'Status', render: (o) => <StatusBadge status={o.status} /> },
    {
      accessor: 'payment_status',
      title: 'Payment',
      render: (o) => (
        <Stack gap={2} align="flex-start">
          <StatusBadge status={o.payment_status} />
          <Text size="xs" c="dimmed">
            {o.payment_method}
          </Text>
        </Stack>
      ),
    },
  ];

  return (
    <Stack gap="md">
      <PageHeader title="Orders" description="Orders placed with your shop. Open one to move it along." />
      <ServerTable<VendorOrder>
        label="Orders"
        columns={columns}
        result={orders.data}
        fetching={orders.isFetching}
        error={orders.error}
        onRetry={() => orders.refetch()}
        page={list.page}
        onPageChange={list.setPage}
        sort={list.sort}
        onSortChange={list.setSort}
        search={{ value: list.search, onChange: list.setSearch, placeholder: 'Invoice number or customer' }}
        toolbar={
          <>
            <Select
              label="Status"
              data={[{ value: '', label: 'All' }, ...orderStatuses.map((s) => ({ value: s, label: statusLabel[s] }))]}
              value={list.filters.status}
              onChange={(value) => list.setFilter('status', value ?? '')}
              allowDeselect={false}
              w={160}
            />
            <DateFilterInput
              label="From"
              value={list.filters.date_from}
              onChange={(value) => list.setFilter('date_from', value)}
            />
            <DateFilterInput
              label="To"
              value={list.filters.date_to}
              onChange={(value) => list.setFilter('date_to', value)}
            />
          </>
        }
        noRecordsText={
          list.search || list.filters.status || list.filters.date_from ? 'No order matches.' : 'No orders yet.'
        }
        onRowClick={(o) => navigate(paths.vendor.order(o.id))}
      />
    </Stack>
  );
}
