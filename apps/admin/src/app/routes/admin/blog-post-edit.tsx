import { Anchor, Button, Group, Stack } from '@mantine/core';
import type { AdminBlogPost } from '@parade/core/admin-schemas';
import { ApiError } from '@parade/ui/api-errors';
import { IconExternalLink } from '@tabler/icons-react';
import { useNavigate, useParams } from 'react-router';
import { confirmAction } from '@/components/confirm';
import { notifyError, notifySuccess } from '@/components/notify';
import { PageHeader } from '@/components/page-header';
import { ErrorState, LoadingState } from '@/components/states';
import { useBlogPost, useDeleteBlogPost } from '@/features/blog/api/blog-posts';
import { BlogPostForm } from '@/features/blog/components/blog-post-form';
import { PostStatusBadge } from '@/features/blog/components/post-status-badge';
import { paths, storefrontPaths } from '@/lib/paths';

function EditPost({ id }: { id: number }) {
  const navigate = useNavigate();
  const post = useBlogPost(id);
  const remove = useDeleteBlogPost();
  if (post.isPending) return <LoadingState />;
  if (post.isError) return <ErrorState error={post.error} onRetry={() => post.refetch()} />;
  const p = post.data;

  const askDelete = async () => {
    const yes = await confirmAction({
      title: `Delete ${p.title}?`,
      message: 'The post and its words are removed, and links to it stop working.',
      confirmLabel: 'Delete post',
    });
    if (!yes) return;
    remove.mutate(p.id, {
      onSuccess: () => {
        notifySuccess(`${p.title} is deleted.`);
        navigate(paths.admin.blogPosts, { replace: true });
      },
      onError: (e) => notifyError(e instanceof ApiError ? e.message : 'Could not delete it.'),
    });
  };

  return (
    <Stack gap="md">
      <PageHeader
        title={p.title}
        description={`In ${p.category.name}, by ${p.author}.`}
        actions={
          <>
            <PostStatusBadge status={p.status} />
            {p.status === 'published' && (
              <Anchor href={storefrontPaths.blogPost(p.slug)} target="_blank" rel="noopener" size="sm">
                <Group gap={4} wrap="nowrap">
                  View on the blog <IconExternalLink size={14} aria-label="(opens in a new tab)" />
                </Group>
              </Anchor>
            )}
            <Button variant="outline" color="error" loading={remove.isPending} onClick={askDelete}>
              Delete post
            </Button>
          </>
        }
      />
      <BlogPostForm key={p.id} post={p} onSaved={() => undefined} />
    </Stack>
  );
}

function NewPost() {
  const navigate = useNavigate();
  return (
    <Stack gap="md">
      <PageHeader title="New post" description="Saved as a draft unless you publish it." />
      <BlogPostForm
        post={null}
        onSaved={(saved: AdminBlogPost) => navigate(paths.admin.blogPost(saved.id), { replace: true })}
      />
    </Stack>
  );
}

/** /platform/blog/new and /platform/blog/{id}: write or edit one post. */
export function Component() {
  const { postId } = useParams();
  const id = Number(postId);
  if (postId === undefined) return <NewPost />;
  if (!Number.isInteger(id) || id <= 0) return <ErrorState error={new ApiError('No such blog post.', 404)} />;
  return <EditPost id={id} />;
}
