import { Button, Group, Select, Stack, Text } from '@mantine/core';
import type { AdminSubCategory } from '@parade/core/admin-schemas';
import { IconPlus } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { confirmThenDelete, EditDeleteActions } from '@/components/row-actions';
import { ServerTable } from '@/components/server-table';
import { useListParams } from '@/hooks/use-list-params';
import { useDeleteSubCategory, usePickerOptions, useSubCategories } from '../api/sub-categories';
import { SubCategoryFormModal } from './sub-category-form-modal';

/** Sub-categories, filtered by category, each with the brands it offers as filters. */
export function SubCategoryTable() {
  const list = useListParams(['category_id'] as const);
  const result = useSubCategories(list.query as never);
  const { categories } = usePickerOptions();
  const remove = useDeleteSubCategory();
  const [editing, setEditing] = useState<{ item: AdminSubCategory | null } | null>(null);
  const categoryName = (id: number) => categories.find((c) => c.id === id)?.name ?? '';

  const askDelete = (row: AdminSubCategory) =>
    confirmThenDelete(remove, row.id, {
      name: row.name,
      message: 'Its products stay in their category.',
      confirmLabel: 'Delete sub-category',
    });

  const columns: DataTableColumn<AdminSubCategory>[] = [
    {
      accessor: 'name',
      title: 'Name',
      sortable: true,
      render: (row) => (
        <Stack gap={0}>
          <Text fw={600}>{row.name}</Text>
          <Text size="xs" c="dimmed">
            in {categoryName(row.category_id)}
          </Text>
        </Stack>
      ),
    },
    {
      accessor: 'brands',
      title: 'Brands',
      render: (row) => (
        <Text size="sm" lineClamp={2}>
          {row.brands.map((b) => b.name).join(', ') || '—'}
        </Text>
      ),
    },
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
          New sub-category
        </Button>
      </Group>
      <ServerTable<AdminSubCategory>
        label="Sub-categories"
        columns={columns}
        result={result.data}
        fetching={result.isFetching}
        error={result.error}
        onRetry={() => result.refetch()}
        page={list.page}
        onPageChange={list.setPage}
        sort={list.sort}
        onSortChange={list.setSort}
        search={{ value: list.search, onChange: list.setSearch, placeholder: 'Name' }}
        toolbar={
          <Select
            label="Category"
            data={[{ value: '', label: 'All' }, ...categories.map((c) => ({ value: String(c.id), label: c.name }))]}
            value={list.filters.category_id}
            onChange={(value) => list.setFilter('category_id', value ?? '')}
            allowDeselect={false}
            w={200}
          />
        }
        noRecordsText="No sub-category matches."
      />
      <SubCategoryFormModal opened={editing !== null} item={editing?.item ?? null} onClose={() => setEditing(null)} />
    </Stack>
  );
}
