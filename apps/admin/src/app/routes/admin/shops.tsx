import { Anchor, Button, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import type { AdminShop } from '@parade/core/admin-schemas';
import { ApiError } from '@parade/ui/api-errors';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { confirmAction } from '@/components/confirm';
import { notifyError, notifySuccess } from '@/components/notify';
import { PageHeader } from '@/components/page-header';
import { ServerTable } from '@/components/server-table';
import { StatusBadge } from '@/components/status-badge';
import { useShops } from '@/features/shops/api/get-shops';
import { useSetShopStatus } from '@/features/shops/api/set-shop-status';
import { ShopMoneyModal } from '@/features/shops/components/shop-money-modal';
import { useListParams } from '@/hooks/use-list-params';

/** Every shop; suspending one hides it from the storefront and stops its checkout. */
export function Component() {
  const list = useListParams(['status'] as const);
  const shops = useShops(list.query as never);
  const setStatus = useSetShopStatus();
  const [moneyOf, setMoneyOf] = useState<AdminShop | null>(null);

  const toggle = async (shop: AdminShop) => {
    const suspend = shop.status === 'active';
    const yes = await confirmAction(
      suspend
        ? {
            title: `Suspend ${shop.name}?`,
            message:
              'It disappears from the storefront at once and its products cannot be bought until it is made active again.',
            confirmLabel: 'Suspend shop',
          }
        : {
            title: `Make ${shop.name} active again?`,
            message: 'It comes back on the storefront with its published products.',
            confirmLabel: 'Make active',
            destructive: false,
          },
    );
    if (!yes) return;
    setStatus.mutate(
      { id: shop.id, status: suspend ? 'suspended' : 'active' },
      {
        onSuccess: (saved) =>
          notifySuccess(
            saved.status === 'suspended' ? `${saved.name} is suspended.` : `${saved.name} is active again.`,
          ),
        onError: (e) => notifyError(e instanceof ApiError ? e.message : 'Could not change it.'),
      },
    );
  };

  const columns: DataTableColumn<AdminShop>[] = [
    {
      accessor: 'name',
      title: 'Shop',
      sortable: true,
      render: (shop) => (
        <Stack gap={0}>
          <Anchor href={`/vendor/${shop.slug}`} target="_blank" rel="noopener" fw={600}>
            {shop.name}
          </Anchor>
          <Text size="xs" c="dimmed">
            {shop.address}, {shop.postcode}
          </Text>
        </Stack>
      ),
    },
    {
      accessor: 'owner',
      title: 'Shopkeeper',
      render: (shop) =>
        shop.owner ? (
          <Stack gap={0}>
            <Text size="sm">{shop.owner.name}</Text>
            <Text size="xs" c="dimmed">
              {shop.owner.email}
            </Text>
          </Stack>
        ) : (
          '—'
        ),
    },
    { accessor: 'product_count', title: 'Products' },
    { accessor: 'vat_number', title: 'VAT number', render: (shop) => shop.vat_number ?? 'Not registered' },
    { accessor: 'holiday_mode', title: 'Holiday', render: (shop) => (shop.holiday_mode ? 'On holiday' : '—') },
    { accessor: 'status', title: 'Status', render: (shop) => <StatusBadge status={shop.status} /> },
    {
      accessor: 'actions',
      title: 'Actions',
      textAlign: 'right',
      render: (shop) => (
        <Group gap="xs" justify="flex-end" wrap="nowrap">
          <Button
            size="compact-sm"
            variant="default"
            onClick={() => setMoneyOf(shop)}
            aria-label={`Money of ${shop.name}`}
          >
            Money
          </Button>
          <Button
            size="compact-sm"
            variant={shop.status === 'active' ? 'outline' : 'light'}
            color={shop.status === 'active' ? 'error' : 'primary'}
            loading={setStatus.isPending && setStatus.variables?.id === shop.id}
            onClick={() => toggle(shop)}
            aria-label={`${shop.status === 'active' ? 'Suspend' : 'Activate'} ${shop.name}`}
          >
            {shop.status === 'active' ? 'Suspend' : 'Activate'}
          </Button>
        </Group>
      ),
    },
  ];

  return (
    <Stack gap="md">
      <PageHeader title="Shops" description="Every shop on Parade, active or suspended." />
      <ServerTable<AdminShop>
        label="Shops"
        columns={columns}
        result={shops.data}
        fetching={shops.isFetching}
        error={shops.error}
        onRetry={() => shops.refetch()}
        page={list.page}
        onPageChange={list.setPage}
        sort={list.sort}
        onSortChange={list.setSort}
        search={{ value: list.search, onChange: list.setSearch, placeholder: 'Shop name' }}
        toolbar={
          <SegmentedControl
            aria-label="Status"
            data={[
              { value: '', label: 'All' },
              { value: 'active', label: 'Active' },
              { value: 'suspended', label: 'Suspended' },
            ]}
            value={list.filters.status}
            onChange={(value) => list.setFilter('status', value)}
          />
        }
        noRecordsText="No shop matches."
      />
      <ShopMoneyModal shop={moneyOf} onClose={() => setMoneyOf(null)} />
    </Stack>
  );
}
