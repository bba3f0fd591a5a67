import { Anchor, Button, Select, Stack, Text } from '@mantine/core';
import type { AdminBlogPost, BlogPostStatus } from '@parade/core/admin-schemas';
import { IconPlus } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { Link } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { confirmThenDelete, EditDeleteActions } from '@/components/row-actions';
import { ServerTable } from '@/components/server-table';
import { ToneBadge } from '@/components/status-badge';
import { useBlogPosts, useDeleteBlogPost } from '@/features/blog/api/blog-posts';
import { PostStatusBadge } from '@/features/blog/components/post-status-badge';
import { useListParams } from '@/hooks/use-list-params';
import { formatDateTime } from '@/lib/format';
import { paths } from '@/lib/paths';

const statusFilter: { value: BlogPostStatus | 'all'; label: string }[] = [
  { value: 'all', label: 'Every post' },
  { value: 'published', label: 'Published' },
  { value: 'scheduled', label: 'Scheduled' },
  { value: 'draft', label: 'Drafts' },
];

/** The blog's posts, drafts and scheduled ones too: write, edit and delete. */
export function Component() {
  const list = useListParams(['status'] as const);
  const posts = useBlogPosts(list.query as never);
  const remove = useDeleteBlogPost();

  const askDelete = (post: AdminBlogPost) =>
    confirmThenDelete(remove, post.id, {
      name: post.title,
      message:
        post.status === 'published'
          ? 'It leaves the blog at once, and links to it stop working. To take it down for now, make it a draft instead.'
          : 'The post and its words are removed.',
      confirmLabel: 'Delete post',
    });

  const columns: DataTableColumn<AdminBlogPost>[] = [
    {
      accessor: 'title',
      title: 'Title',
      sortable: true,
      render: (post) => (
        <Stack gap={0}>
          <Anchor component={Link} to={paths.admin.blogPost(post.id)} fw={600}>
            {post.title}
          </Anchor>
          <Text size="xs" c="dimmed">
            {post.category.name} · by {post.author}
          </Text>
        </Stack>
      ),
    },
    { accessor: 'status', title: 'Status', render: (post) => <PostStatusBadge status={post.status} /> },
    {
      accessor: 'published_at',
      title: 'Published',
      sortable: true,
      render: (post) =>
        post.published_at ? formatDateTime(post.published_at) : <ToneBadge tone="neutral">Not yet</ToneBadge>,
    },
    {
      accessor: 'actions',
      title: 'Actions',
      textAlign: 'right',
      render: (post) => (
        <EditDeleteActions
          name={post.title}
          id={post.id}
          editTo={paths.admin.blogPost(post.id)}
          onDelete={() => askDelete(post)}
          remove={remove}
        />
      ),
    },
  ];

  return (
    <Stack gap="md">
      <PageHeader
        title="Blog posts"
        description="What the storefront's blog shows, with the drafts and scheduled posts."
        actions={
          <Button component={Link} to={paths.admin.newBlogPost} leftSection={<IconPlus size={18} aria-hidden />}>
            New post
          </Button>
        }
      />
      <ServerTable<AdminBlogPost>
        label="Blog posts"
        columns={columns}
        result={posts.data}
        fetching={posts.isFetching}
        error={posts.error}
        onRetry={() => posts.refetch()}
        page={list.page}
        onPageChange={list.setPage}
        sort={list.sort}
        onSortChange={list.setSort}
        search={{ value: list.search, onChange: list.setSearch, placeholder: 'Title' }}
        toolbar={
          <Select
            label="Status"
            data={statusFilter}
            value={list.filters.status || 'all'}
            onChange={(value) => list.setFilter('status', !value || value === 'all' ? '' : value)}
            allowDeselect={false}
            w={{ base: '100%', sm: 180 }}
          />
        }
        noRecordsText="No post matches."
      />
    </Stack>
  );
}
