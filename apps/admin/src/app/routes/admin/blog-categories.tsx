import { Button, Group, Stack, Text } from '@mantine/core';
import type { AdminBlogCategory } from '@parade/core/admin-schemas';
import { IconPlus } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { confirmAction } from '@/components/confirm';
import { notifyError, notifySuccess } from '@/components/notify';
import { PageHeader } from '@/components/page-header';
import { ServerTable } from '@/components/server-table';
import { useBlogCategories, useDeleteBlogCategory } from '@/features/blog/api/blog-categories';
import { BlogCategoryFormModal } from '@/features/blog/components/blog-category-form-modal';
import { useListParams } from '@/hooks/use-list-params';
import { ApiError } from '@/lib/api-client';

/** The blog's categories: create, rename, and delete the empty ones. */
export function Component() {
  const list = useListParams();
  const categories = useBlogCategories(list.query as never);
  const remove = useDeleteBlogCategory();
  const [editing, setEditing] = useState<{ category: AdminBlogCategory | null } | null>(null);

  const askDelete = async (category: AdminBlogCategory) => {
    const yes = await confirmAction({
      title: `Delete ${category.name}?`,
      message:
        category.posts_count > 0
          ? `It still has ${category.posts_count} post(s): move or delete them first, or the deletion is refused.`
          : 'It leaves the blog at once.',
      confirmLabel: 'Delete category',
    });
    if (!yes) return;
    remove.mutate(category.id, {
      onSuccess: () => notifySuccess(`${category.name} is deleted.`),
      onError: (e) => notifyError(e instanceof ApiError ? e.message : 'Could not delete it.'),
    });
  };

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
        <Group gap="xs" justify="flex-end" wrap="nowrap">
          <Button
            size="compact-sm"
            variant="default"
            onClick={() => setEditing({ category })}
            aria-label={`Edit ${category.name}`}
          >
            Edit
          </Button>
          <Button
            size="compact-sm"
            variant="outline"
            color="error"
            onClick={() => askDelete(category)}
            loading={remove.isPending && remove.variables === category.id}
            aria-label={`Delete ${category.name}`}
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
