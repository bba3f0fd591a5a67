import { Button, Group, Stack, Text } from '@mantine/core';
import type { VendorCoupon } from '@parade/core/vendor-schemas';
import { ApiError } from '@parade/ui/api-errors';
import { IconPlus } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { confirmAction } from '@/components/confirm';
import { notifyError, notifySuccess } from '@/components/notify';
import { PageHeader } from '@/components/page-header';
import { ServerTable } from '@/components/server-table';
import { useCoupons } from '@/features/coupons/api/get-coupons';
import { useDeleteCoupon } from '@/features/coupons/api/save-coupon';
import { CouponFormModal } from '@/features/coupons/components/coupon-form-modal';
import { useProducts } from '@/features/products/api/get-products';
import { useListParams } from '@/hooks/use-list-params';
import { formatDate, formatMoney } from '@/lib/format';

const discount = (c: VendorCoupon) => (c.type === 'percent' ? `${c.value}% off` : `${formatMoney(c.value)} off`);

/** The shop's coupons: what each gives, when it runs, how often it was used. */
export function Component() {
  const list = useListParams();
  const coupons = useCoupons(list.query as never);
  const remove = useDeleteCoupon();
  const [editing, setEditing] = useState<{ coupon: VendorCoupon | null } | null>(null);
  // The products a coupon can be restricted to (a shop's range fits in one page of 100), once the form opens.
  const shopProducts = useProducts({ per_page: '100', sort: 'name' }, { enabled: editing !== null });

  const askDelete = async (coupon: VendorCoupon) => {
    const yes = await confirmAction({
      title: `Delete coupon ${coupon.code}?`,
      message: 'Shoppers can no longer use it. Orders that used it keep their discount.',
      confirmLabel: 'Delete coupon',
    });
    if (!yes) return;
    remove.mutate(coupon.id, {
      onSuccess: () => notifySuccess(`Coupon ${coupon.code} is deleted.`),
      onError: (e) => notifyError(e instanceof ApiError ? e.message : 'Could not delete it.'),
    });
  };

  const columns: DataTableColumn<VendorCoupon>[] = [
    { accessor: 'code', title: 'Code', sortable: true, render: (c) => <Text fw={700}>{c.code}</Text> },
    {
      accessor: 'value',
      title: 'Discount',
      render: (c) => (
        <Stack gap={0}>
          <Text size="sm">{discount(c)}</Text>
          {c.min_spend > 0 && (
            <Text size="xs" c="dimmed">
              on {formatMoney(c.min_spend)} or more
            </Text>
          )}
        </Stack>
      ),
    },
    {
      accessor: 'ends_at',
      title: 'Runs',
      sortable: true,
      render: (c) => (c.starts_at || c.ends_at ? `${formatDate(c.starts_at)} to ${formatDate(c.ends_at)}` : 'Always'),
    },
    {
      accessor: 'used_count',
      title: 'Used',
      sortable: true,
      render: (c) => (c.usage_limit ? `${c.used_count} of ${c.usage_limit}` : String(c.used_count)),
    },
    {
      accessor: 'actions',
      title: 'Actions',
      textAlign: 'right',
      render: (c) => (
        <Group gap="xs" justify="flex-end" wrap="nowrap">
          <Button
            size="compact-sm"
            variant="default"
            onClick={() => setEditing({ coupon: c })}
            aria-label={`Edit ${c.code}`}
          >
            Edit
          </Button>
          <Button
            size="compact-sm"
            variant="outline"
            color="error"
            onClick={() => askDelete(c)}
            loading={remove.isPending && remove.variables === c.id}
            aria-label={`Delete ${c.code}`}
          >
            Delete
          </Button>
        </Group>
      ),
    },
  ];

  return (
    <Stack gap="md">
      <PageHeader
        title="Coupons"
        description="Codes shoppers enter at checkout for a discount on your shop's items."
        actions={
          <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setEditing({ coupon: null })}>
            New coupon
          </Button>
        }
      />
      <ServerTable<VendorCoupon>
        label="Coupons"
        columns={columns}
        result={coupons.data}
        fetching={coupons.isFetching}
        error={coupons.error}
        onRetry={() => coupons.refetch()}
        page={list.page}
        onPageChange={list.setPage}
        sort={list.sort}
        onSortChange={list.setSort}
        search={{ value: list.search, onChange: list.setSearch, placeholder: 'Code' }}
        noRecordsText={list.search ? 'No coupon matches.' : 'No coupons yet.'}
      />
      <CouponFormModal
        opened={editing !== null}
        coupon={editing?.coupon ?? null}
        products={{
          options: (shopProducts.data?.data ?? []).map((p) => ({ value: String(p.id), label: p.name })),
          loading: shopProducts.isPending,
        }}
        onClose={() => setEditing(null)}
      />
    </Stack>
  );
}
