import { Button, Group, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { confirmThenDelete, EditDeleteActions } from '@/components/row-actions';
import { ServerTable } from '@/components/server-table';
import { useListParams } from '@/hooks/use-list-params';
import { type TaxonomyKind, useDeleteTaxonomy, useTaxonomyList } from '../api/taxonomy';
import { TaxonomyFormModal } from './taxonomy-form-modal';

interface Row {
  id: number;
  name: string;
  slug: string;
  sub_categories?: { name: string }[];
  /** A category's VAT rate (brands have none). */
  vat_rate?: number;
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

  const askDelete = (row: Row) =>
    confirmThenDelete(remove, row.id, {
      name: row.name,
      message: gone,
      confirmLabel: `Delete ${noun}`,
    });

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
    ...(kind === 'categories'
      ? [{ accessor: 'vat_rate', title: 'VAT', render: (row: Row) => `${row.vat_rate}%` } as DataTableColumn<Row>]
      : []),
    {
      accessor: 'actions',
      title: 'Actions',
      textAlign: 'right',
      render: (row) => (
        <EditDeleteActions
          name={row.name}
          id={row.id}
          onEdit={() => setEditing({ item: row })}
          onDelete={() => askDelete(row)}
          remove={remove}
        />
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
