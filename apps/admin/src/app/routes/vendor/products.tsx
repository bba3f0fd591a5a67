import { Anchor, Button, Group, Image, Select, Stack, Text } from '@mantine/core';
import type { VendorProduct } from '@parade/core/vendor-schemas';
import { ApiError } from '@parade/ui/api-errors';
import { IconPlus } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { notifyError, notifySuccess } from '@/components/notify';
import { PageHeader } from '@/components/page-header';
import { ServerTable } from '@/components/server-table';
import { ToneBadge } from '@/components/status-badge';
import { useProducts } from '@/features/products/api/get-products';
import { usePublishProduct } from '@/features/products/api/save-product';
import { BulkStockModal } from '@/features/products/components/bulk-stock-modal';
import { listingStatus, priceSummary, stockSummary } from '@/features/products/components/product-summary';
import { useListParams } from '@/hooks/use-list-params';
import { assetUrl } from '@/lib/api-client';
import { paths } from '@/lib/paths';

const statusLabels = { active: 'Published', pending: 'Published, not listed', draft: 'Draft' } as const;

function PublishButton({ product }: { product: VendorProduct }) {
  const publish = usePublishProduct();
  const next = !product.is_active;
  return (
    <Button
      size="compact-sm"
      variant={next ? 'light' : 'default'}
      loading={publish.isPending && publish.variables?.id === product.id}
      aria-label={`${next ? 'Publish' : 'Unpublish'} ${product.name}`}
      onClick={(event) => {
        event.stopPropagation();
        publish.mutate(
          { id: product.id, publish: next },
          {
            onSuccess: (saved) =>
              notifySuccess(saved.is_active ? `${saved.name} is published.` : `${saved.name} is withdrawn.`),
            onError: (error) => notifyError(error instanceof ApiError ? error.message : 'Could not change it.'),
          },
        );
      }}
    >
      {next ? 'Publish' : 'Unpublish'}
    </Button>
  );
}

/** The shop's products, paged, searched and sorted by the server. */
export function Component() {
  const navigate = useNavigate();
  const list = useListParams(['status'] as const);
  const products = useProducts(list.query as never);
  const [bulkOpen, setBulkOpen] = useState(false);

  const columns: DataTableColumn<VendorProduct>[] = [
    {
      accessor: 'name',
      title: 'Product',
      sortable: true,
      render: (product) => (
        <Group gap="sm" wrap="nowrap">
          <Image src={assetUrl(product.thumbnail)} alt="" w={40} h={40} radius="sm" fallbackSrc="/admin/favicon.svg" />
          <Stack gap={0}>
            <Anchor
              component={Link}
              to={paths.vendor.product(product.id)}
              fw={600}
              onClick={(e) => e.stopPropagation()}
            >
              {product.name}
            </Anchor>
            <Text size="xs" c="dimmed">
              {product.type} · {product.variations.length} variation{product.variations.length === 1 ? '' : 's'}
            </Text>
          </Stack>
        </Group>
      ),
    },
    { accessor: 'price', title: 'Price', sortable: true, render: priceSummary },
    { accessor: 'stock', title: 'Stock', sortable: true, render: stockSummary },
    {
      accessor: 'units_sold',
      title: 'Sold',
      sortable: true,
      render: (product) => product.variations.reduce((sum, v) => sum + v.units_sold, 0),
    },
    {
      accessor: 'is_active',
      title: 'Status',
      render: (product) => {
        const status = listingStatus(product);
        return (
          <ToneBadge tone={status === 'active' ? 'success' : status === 'draft' ? 'neutral' : 'warning'}>
            {statusLabels[status]}
          </ToneBadge>
        );
      },
    },
    {
      accessor: 'actions',
      title: 'Actions',
      textAlign: 'right',
      render: (product) => <PublishButton product={product} />,
    },
  ];

  return (
    <Stack gap="md">
      <PageHeader
        title="Products"
        description="Everything your shop sells, with its variations, prices and stock."
        actions={
          <>
            <Button variant="default" onClick={() => setBulkOpen(true)} disabled={!products.data?.data.length}>
              Update stock
            </Button>
            <Button component={Link} to={paths.vendor.newProduct} leftSection={<IconPlus size={18} aria-hidden />}>
              New product
            </Button>
          </>
        }
      />
      <ServerTable<VendorProduct>
        label="Products"
        columns={columns}
        result={products.data}
        fetching={products.isFetching}
        error={products.error}
        onRetry={() => products.refetch()}
        page={list.page}
        onPageChange={list.setPage}
        sort={list.sort}
        onSortChange={list.setSort}
        search={{ value: list.search, onChange: list.setSearch, placeholder: 'Name or SKU' }}
        toolbar={
          <Select
            label="Status"
            data={[
              { value: '', label: 'All' },
              { value: 'published', label: 'Published' },
              { value: 'draft', label: 'Drafts' },
            ]}
            value={list.filters.status}
            onChange={(value) => list.setFilter('status', value ?? '')}
            allowDeselect={false}
            w={160}
          />
        }
        noRecordsText={list.search ? 'No product matches this search.' : 'No products yet: add your first one.'}
        onRowClick={(product) => navigate(paths.vendor.product(product.id))}
      />
      <BulkStockModal opened={bulkOpen} products={products.data?.data ?? []} onClose={() => setBulkOpen(false)} />
    </Stack>
  );
}
