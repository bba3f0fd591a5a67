import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { ApiError } from '@parade/ui/api-errors';
import { IconPlus } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { type ReactNode, useState } from 'react';
import { confirmAction } from '@/components/confirm';
import { notifyError, notifySuccess } from '@/components/notify';
import { PageHeader } from '@/components/page-header';
import { ServerTable } from '@/components/server-table';
import { useListParams } from '@/hooks/use-list-params';
import { formatDate, formatMoney } from '@/lib/format';
import type { Coupon, CouponOwner } from '../api/coupon-owner';
import { useCoupons } from '../api/get-coupons';
import { useDeleteCoupon } from '../api/save-coupon';
import { CouponFormModal, type CouponTargets } from './coupon-form-modal';

const discount = (c: Coupon) => (c.type === 'percent' ? `${c.value}% off` : `${formatMoney(c.value)} off`);

/** What a platform coupon is restricted to, in words. */
function appliesTo(c: Coupon, names: Map<string, string>): ReactNode {
  if (!('category_ids' in c)) return null;
  const named = [
    ...c.category_ids.map((id) => names.get(`c${id}`)),
    ...c.sub_category_ids.map((id) => names.get(`s${id}`)),
  ].filter(Boolean);
  const products = c.product_ids.length;
  if (named.length === 0 && products === 0) return 'Every product';
  return [named.join(', '), products ? `${products} product${products === 1 ? '' : 's'}` : '']
    .filter(Boolean)
    .join('; ');
}

/**
 * The coupons of a shop (owner "vendor") or of the platform (owner "admin"): what each gives, when
 * it runs, how often it was used; create, edit, delete. `useTargets` gives the pickers' options,
 * loaded once the form opens (enabled).
 */
export function CouponsPage({
  owner,
  title,
  description,
  useTargets,
}: {
  owner: CouponOwner;
  title: string;
  description: string;
  useTargets: (enabled: boolean) => CouponTargets;
}) {
  const list = useListParams();
  const coupons = useCoupons(owner, list.query as never);
  const remove = useDeleteCoupon(owner);
  const [editing, setEditing] = useState<{ coupon: Coupon | null } | null>(null);
  // The platform's list names categories: its options are wanted from the start there.
  const targets = useTargets(editing !== null || owner === 'admin');
  const names = new Map<string, string>(
    targets.kind === 'categories'
      ? [
          ...targets.categories.options.map((o) => [`c${o.value}`, o.label] as const),
          ...targets.subCategories.options.map((o) => [`s${o.value}`, o.label] as const),
        ]
      : [],
  );

  const askDelete = async (coupon: Coupon) => {
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

  const columns: DataTableColumn<Coupon>[] = [
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
    ...(owner === 'admin'
      ? [{ accessor: 'applies_to', title: 'Applies to', render: (c: Coupon) => appliesTo(c, names) }]
      : []),
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
      render: (c) => (
        <Group gap={6} wrap="nowrap">
          <Text size="sm">{c.usage_limit ? `${c.used_count} of ${c.usage_limit}` : String(c.used_count)}</Text>
          {c.usage_limit !== null && c.used_count >= c.usage_limit && (
            <Badge size="sm" color="gray" variant="light">
              Used up
            </Badge>
          )}
        </Group>
      ),
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
        title={title}
        description={description}
        actions={
          <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setEditing({ coupon: null })}>
            New coupon
          </Button>
        }
      />
      <ServerTable<Coupon>
        label={title}
        columns={columns}
        result={coupons.data as never}
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
        owner={owner}
        opened={editing !== null}
        coupon={editing?.coupon ?? null}
        targets={targets}
        onClose={() => setEditing(null)}
      />
    </Stack>
  );
}
