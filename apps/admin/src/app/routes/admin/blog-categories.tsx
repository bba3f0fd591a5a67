import { Button, Stack, Text } from '@mantine/core';
import type { AdminBlogCategory } from '@parade/core/admin-schemas';
import { IconPlus } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { PageHeader } from '@/components/page-header';
import { confirmThenDelete, EditDeleteActions } from '@/components/row-actions';
import { ServerTable } from '@/components/server-table';
import { useBlogCategories, useDeleteBlogCategory } from '@/features/blog/api/blog-categories';
import { BlogCategoryFormModal } from '@/features/blog/components/blog-category-form-modal';
import { useListParams } from '@/hooks/use-list-params';

/** The blog's categories: create, rename, and delete the empty ones. */
export function Component() {
  const list = useListParams();
  const categories = useBlogCategories(list.query as never);
  const remove = useDeleteBlogCategory();
  const [editing, setEditing] = useState<{ category: AdminBlogCategory | null } | null>(null);

  const askDelete = (category: AdminBlogCategory) =>
    confirmThenDelete(remove, category.id, {
      name: category.name,
      message:
        category.posts_count > 0
          ? `It still has ${category.posts_count} post(s): move or delete them first, or the deletion is refused.`
          : 'It leaves the blog at once.',
      confirmLabel: 'Delete category',
    });

  const columns: DataTableColumn<AdminBlogCategory>[] = [
    {
      accessor: 'name',
      title: 'Name',
      sortable: true,
      render: (category) => <Text fw={600}>{category.name}</Text>,
    },
    { accessor: 'slug', title: 'Slug' },
    { accessor: 'posts_count', title: 'Posts' },
    {
      accessor: 'actions',
      title: 'Actions',
      textAlign: 'right',
      render: (category) => (
        <EditDeleteActions
          name={category.name}
          id={category.id}
          onEdit={() => setEditing({ category })}
          onDelete={() => askDelete(category)}
          remove={remove}
        />
      ),
    },
  ];

  return (
    <Stack gap="md">
      <PageHeader
        title="Blog categories"
        description="The categories shoppers filter the blog by."
        actions={
          <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setEditing({ category: null })}>
            New category
          </Button>
        }
      />
      <ServerTable<AdminBlogCategory>
        label="Blog categories"
        columns={columns}
        result={categories.data}
        fetching={categories.isFetching}
        error={categories.error}
        onRetry={() => categories.refetch()}
        page={list.page}
        onPageChange={list.setPage}
        sort={list.sort}
        onSortChange={list.setSort}
        search={{ value: list.search, onChange: list.setSearch, placeholder: 'Name' }}
        noRecordsText="No category matches."
      />
      <BlogCategoryFormModal
        opened={editing !== null}
        category={editing?.category ?? null}
        onClose={() => setEditing(null)}
      />
    </Stack>
  );
}
