import {
  Anchor,
  Box,
  Breadcrumbs,
  Button,
  Container,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { ApiError } from '@parade/ui/api-errors';
import { Link, type LoaderFunctionArgs, useParams } from 'react-router';
import { LazyImage } from '@/components/ui/lazy-image';
import { PageMeta } from '@/components/ui/page-meta';
import { RichText } from '@/components/ui/rich-text';
import { ErrorState, NothingHere, TextSkeleton } from '@/components/ui/states';
import { getBlogPostQueryOptions, useBlogPost } from '@/features/blog/api/get-blog-post';
import { PostCard } from '@/features/blog/components/post-card';
import { useFormatDate } from '@/lib/format';
import { paths } from '@/lib/paths';
import { preload } from '@/lib/preload';

export const loader = ({ params }: LoaderFunctionArgs) => preload(getBlogPostQueryOptions(params.slug ?? ''));

/** /blog/{slug}: one post, with related posts after it. */
export function Component() {
  const slug = useParams().slug ?? '';
  const query = useBlogPost(slug);
  const formatDate = useFormatDate();
  const notFound = query.error instanceof ApiError && query.error.status === 404;
  const post = query.data?.post;

  return (
    <Container size="md" py="lg">
      <PageMeta
        title={post?.title ?? (notFound ? 'Post not found' : 'Blog')}
        description={post?.excerpt}
        image={post?.cover_image}
        type={post ? 'article' : undefined}
        structuredData={
          post
            ? [
                { kind: 'blog-post', post },
                { kind: 'blog-post-breadcrumb', post },
              ]
            : undefined
        }
        noIndex={notFound}
      />
      {query.isPending ? (
        <Stack aria-hidden>
          <Skeleton height={36} width="80%" />
          <Skeleton style={{ aspectRatio: '1200 / 630' }} radius="lg" />
          <TextSkeleton lines={8} />
        </Stack>
      ) : notFound ? (
        <>
          <Title order={1}>Post not found</Title>
          <NothingHere
            title="We could not find that post"
            action={
              <Button component={Link} to={paths.blog()}>
                Back to the blog
              </Button>
            }
          />
        </>
      ) : query.isError ? (
        <ErrorState message={query.error.message} onRetry={() => query.refetch()} />
      ) : (
        post && (
          <Stack gap="xl">
            <Box component="nav" aria-label="Breadcrumb">
              <Breadcrumbs separatorMargin={6}>
                <Anchor component={Link} to={paths.blog()} size="sm">
                  Blog
                </Anchor>
                <Anchor component={Link} to={paths.blog({ category: post.category.slug })} size="sm">
                  {post.category.name}
                </Anchor>
              </Breadcrumbs>
            </Box>
            <Box component="article" aria-labelledby="post-title">
              <Title order={1} id="post-title" mb="xs">
                {post.title}
              </Title>
              <Group gap="xs" c="dimmed" mb="lg">
                <Text size="sm">By {post.author}</Text>
                <Text size="sm" aria-hidden>
                  ·
                </Text>
                <Text size="sm" component="time" dateTime={post.published_at}>
                  {formatDate(post.published_at)}
                </Text>
              </Group>
              {post.cover_image && (
                <Box mb="lg" style={{ borderRadius: 'var(--mantine-radius-lg)', overflow: 'hidden' }}>
                  <LazyImage src={post.cover_image} alt="" width={1200} height={630} eager />
                </Box>
              )}
              <RichText html={post.body} />
            </Box>
            {query.data.related.length > 0 && (
              <Box component="section" aria-labelledby="related-posts">
                <Title order={2} size="h3" id="related-posts" mb="md">
                  More from the parade
                </Title>
                <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
                  {query.data.related.slice(0, 3).map((related) => (
                    <PostCard key={related.id} post={related} headingLevel={3} />
                  ))}
                </SimpleGrid>
              </Box>
            )}
          </Stack>
        )
      )}
    </Container>
  );
}
