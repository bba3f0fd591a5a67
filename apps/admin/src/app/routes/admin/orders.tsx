import { Anchor, Select, Stack, Text, TextInput } from '@mantine/core';
import { orderStatuses, paymentStatuses } from '@parade/core/enums';
import type { VendorOrder } from '@parade/core/vendor-schemas';
import type { DataTableColumn } from 'mantine-datatable';
import { Link, useNavigate } from 'react-router';
import { DateFilterInput } from '@/components/date-filter-input';
import { PageHeader } from '@/components/page-header';
import { ServerTable } from '@/components/server-table';
import { StatusBadge } from '@/components/status-badge';
import { statusLabel } from '@/features/orders/components/status-labels';
import { usePlatformOrders } from '@/features/platform-orders/api/get-platform-orders';
import { TroubledRefunds } from '@/features/refunds/components/troubled-refunds';
import { useShops } from '@/features/shops/api/get-shops';
import { useListParams } from '@/hooks/use-list-params';
import { formatDateTime, formatMoney } from '@/lib/format';
import { paths } from '@/lib/paths';

const paymentLabel = {
  unpaid: 'Unpaid',
  paid: 'Paid',
  failed: 'Failed',
  refunded: 'Refunded',
  partially_refunded: 'Partly refunded',
} as const satisfies Record<(typeof paymentStatuses)[number], string>;

/** Every shop's orders, newest first: filter by status, shop, payment and date; search by invoice or customer. */
export function Component() {
  const navigate = useNavigate();
  const list = useListParams(['status', 'shop', 'payment_status', 'date_from', 'date_to'] as const);
  const orders = usePlatformOrders(list.query as never);
  const shops = useShops({ per_page: '100', sort: 'name' } as never);

  const columns: DataTableColumn<VendorOrder>[] = [
    {
      accessor: 'invoice.number',
      title: 'Invoice',
      render: (o) => (
        <Anchor component={Link} to={paths.admin.order(o.id)} fw={600} onClick={(e) => e.stopPropagation()}>
          {o.invoice.number}
        </Anchor>
      ),
    },
    { accessor: 'created_at', title: 'Placed', sortable: true, render: (o) => formatDateTime(o.created_at) },
    { accessor: 'shop.name', title: 'Shop', render: (o) => o.shop.name },
    {
      accessor: 'customer.name',
      title: 'Customer',
      render: (o) => (
        <Stack gap={0}>
          <Text size="sm">{o.customer.name}</Text>
          <Text size="xs" c="dimmed">
            {o.order_type === 'collection' ? 'Collection' : `Delivery to ${o.address?.postcode ?? '?'}`}
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

  const filtered = Object.values(list.filters).some(Boolean) || list.search;
  return (
    <Stack gap="md">
      <PageHeader title="Orders" description="Every order placed on Parade, in every shop. Open one for its history." />
      <TroubledRefunds />
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
              w={150}
            />
            <Select
              label="Shop"
              searchable
              data={[
                { value: '', label: 'All shops' },
                ...(shops.data?.data ?? []).map((shop) => ({ value: String(shop.id), label: shop.name })),
              ]}
              value={list.filters.shop}
              onChange={(value) => list.setFilter('shop', value ?? '')}
              allowDeselect={false}
              w={200}
            />
            <Select
              label="Payment"
              data={[
                { value: '', label: 'All' },
                ...paymentStatuses.map((s) => ({ value: s, label: paymentLabel[s] })),
              ]}
              value={list.filters.payment_status}
              onChange={(value) => list.setFilter('payment_status', value ?? '')}
              allowDeselect={false}
              w={130}
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
        noRecordsText={filtered ? 'No order matches.' : 'No orders yet.'}
        onRowClick={(o) => navigate(paths.admin.order(o.id))}
      />
    </Stack>
  );
}
