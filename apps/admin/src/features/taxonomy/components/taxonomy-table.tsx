import { Button, Group, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { confirmAction } from '@/components/confirm';
import { notifyError, notifySuccess } from '@/components/notify';
import { ServerTable } from '@/components/server-table';
import { useListParams } from '@/hooks/use-list-params';
import { ApiError } from '@/lib/api-client';
import { type TaxonomyKind, useDeleteTaxonomy, useTaxonomyList } from '../api/taxonomy';
import { TaxonomyFormModal } from './taxonomy-form-modal';

interface Row {
  id: number;
  name: string;
  slug: string;
  sub_categories?: { name: string }[];
}

const labels = {
  categories: {
    title: 'Categories',
    noun: 'category',
    gone: 'Its products stay, uncategorised; its sub-categories go.',
  },
  brands: { title: 'Brands', noun: 'brand', gone: 'Its products stay, without a brand.' },
} as const;

/** Categories or brands: server-paged, searchable, with create, rename and delete (after confirming). */
export function TaxonomyTable({ kind }: { kind: TaxonomyKind }) {
  const list = useListParams();
  const result = useTaxonomyList(kind, list.query as never);
  const remove = useDeleteTaxonomy(kind);
  const [editing, setEditing] = useState<{ item: Row | null } | null>(null);
  const { title, noun, gone } = labels[kind];

  const askDelete = async (row: Row) => {
    const yes = await confirmAction({ title: `Delete ${row.name}?`, message: gone, confirmLabel: `Delete ${noun}` });
    if (!yes) return;
    remove.mutate(row.id, {
      onSuccess: () => notifySuccess(`${row.name} is deleted.`),
      onError: (e) => notifyError(e instanceof ApiError ? e.message : 'Could not delete it.'),
    });
  };

  const columns: DataTableColumn<Row>[] = [
    {
      accessor: 'name',
      title: 'Name',
      sortable: true,
      render: (row) => (
        <Stack gap={0}>
          <Text fw={600}>{row.name}</Text>
          {row.sub_categories && (
            <Text size="xs" c="dimmed" lineClamp={1}>
              {row.sub_categories.map((s) => s.name).join(', ') || 'No sub-categories'}
            </Text>
          )}
        </Stack>
      ),
    },
    { accessor: 'slug', title: 'Slug' },
    {
      accessor: 'actions',
      title: 'Actions',
      textAlign: 'right',
      render: (row) => (
        <Group gap="xs" justify="flex-end" wrap="nowrap">
          <Button
            size="compact-sm"
            variant="default"
            onClick={() => setEditing({ item: row })}
            aria-label={`Edit ${row.name}`}
          >
            Edit
          </Button>
          <Button
            size="compact-sm"
            variant="outline"
            color="error"
            onClick={() => askDelete(row)}
            loading={remove.isPending && remove.variables === row.id}
            aria-label={`Delete ${row.name}`}
          >
            Delete
          </Button>
        </Group>
      ),
    },
  ];

  return (
    <Stack gap="sm">
      <Group justify="flex-end">
        <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setEditing({ item: null })}>
          New {noun}
        </Button>
      </Group>
      <ServerTable<Row>
        label={title}
        columns={columns}
        result={result.data as never}
        fetching={result.isFetching}
        error={result.error}
        onRetry={() => result.refetch()}
        page={list.page}
        onPageChange={list.setPage}
        sort={list.sort}
        onSortChange={list.setSort}
        search={{ value: list.search, onChange: list.setSearch, placeholder: 'Name' }}
        noRecordsText={`No ${noun} matches.`}
      />
      <TaxonomyFormModal
        kind={kind}
        opened={editing !== null}
        item={editing?.item ?? null}
        onClose={() => setEditing(null)}
      />
    </Stack>
  );
}
