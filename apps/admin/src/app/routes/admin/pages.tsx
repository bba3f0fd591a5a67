import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import type { AdminPage } from '@parade/core/admin-schemas';
import { IconPlus } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { Link } from 'react-router';
import { confirmAction } from '@/components/confirm';
import { notifyError, notifySuccess } from '@/components/notify';
import { PageHeader } from '@/components/page-header';
import { ServerTable } from '@/components/server-table';
import { useDeletePage, usePages } from '@/features/pages/api/pages';
import { useListParams } from '@/hooks/use-list-params';
import { ApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { paths } from '@/lib/paths';

/** The storefront's static pages (about, contact, privacy, terms...) and their settings rows. */
export function Component() {
  const list = useListParams();
  const pages = usePages(list.query as never);
  const remove = useDeletePage();

  const askDelete = async (page: AdminPage) => {
    const yes = await confirmAction({
      title: `Delete ${page.title}?`,
      message: `The page and its ${page.settings.length} setting(s) are removed; the storefront's /${page.slug} shows no content until a page with that slug is made again.`,
      confirmLabel: 'Delete page',
    });
    if (!yes) return;
    remove.mutate(page.id, {
      onSuccess: () => notifySuccess(`${page.title} is deleted.`),
      onError: (e) => notifyError(e instanceof ApiError ? e.message : 'Could not delete it.'),
    });
  };

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
        <Group gap="xs" justify="flex-end" wrap="nowrap">
          <Button
            size="compact-sm"
            variant="default"
            component={Link}
            to={paths.admin.page(page.id)}
            aria-label={`Edit ${page.title}`}
          >
            Edit
          </Button>
          <Button
            size="compact-sm"
            variant="outline"
            color="error"
            onClick={() => askDelete(page)}
            loading={remove.isPending && remove.variables === page.id}
            aria-label={`Delete ${page.title}`}
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
