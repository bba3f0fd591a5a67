import { Anchor, Button, Stack, Text } from '@mantine/core';
import type { AdminPage } from '@parade/core/admin-schemas';
import { IconPlus } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { Link } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { confirmThenDelete, EditDeleteActions } from '@/components/row-actions';
import { ServerTable } from '@/components/server-table';
import { useDeletePage, usePages } from '@/features/pages/api/pages';
import { useListParams } from '@/hooks/use-list-params';
import { formatDateTime } from '@/lib/format';
import { paths } from '@/lib/paths';

/** The storefront's static pages (about, contact, privacy, terms...) and their settings rows. */
export function Component() {
  const list = useListParams();
  const pages = usePages(list.query as never);
  const remove = useDeletePage();

  const askDelete = (page: AdminPage) =>
    confirmThenDelete(remove, page.id, {
      name: page.title,
      message: `The page and its ${page.settings.length} setting(s) are removed; the storefront's /${page.slug} shows no content until a page with that slug is made again.`,
      confirmLabel: 'Delete page',
    });

  const columns: DataTableColumn<AdminPage>[] = [
    {
      accessor: 'title',
      title: 'Title',
      sortable: true,
      render: (page) => (
        <Anchor component={Link} to={paths.admin.page(page.id)} fw={600}>
          {page.title}
        </Anchor>
      ),
    },
    { accessor: 'slug', title: 'Slug', sortable: true },
    {
      accessor: 'settings',
      title: 'Settings',
      render: (page) => <Text size="sm">{page.settings.length}</Text>,
    },
    { accessor: 'updated_at', title: 'Changed', render: (page) => formatDateTime(page.updated_at) },
    {
      accessor: 'actions',
      title: 'Actions',
      textAlign: 'right',
      render: (page) => (
        <EditDeleteActions
          name={page.title}
          id={page.id}
          editTo={paths.admin.page(page.id)}
          onDelete={() => askDelete(page)}
          remove={remove}
        />
      ),
    },
  ];

  return (
    <Stack gap="md">
      <PageHeader
        title="Pages"
        description="The storefront's static pages and the settings rows they are made of."
        actions={
          <Button component={Link} to={paths.admin.newPage} leftSection={<IconPlus size={18} aria-hidden />}>
            New page
          </Button>
        }
      />
      <ServerTable<AdminPage>
        label="Pages"
        columns={columns}
        result={pages.data}
        fetching={pages.isFetching}
        error={pages.error}
        onRetry={() => pages.refetch()}
        page={list.page}
        onPageChange={list.setPage}
        sort={list.sort}
        onSortChange={list.setSort}
        search={{ value: list.search, onChange: list.setSearch, placeholder: 'Title or slug' }}
        noRecordsText="No page matches."
      />
    </Stack>
  );
}
