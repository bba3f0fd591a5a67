import {
  Badge,
  Box,
  Button,
  Container,
  Grid,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { Link, type LoaderFunctionArgs, useSearchParams } from 'react-router';
import { PageMeta } from '@/components/ui/page-meta';
import { Paging } from '@/components/ui/paging';
import { ErrorState, NothingHere, placeholderKeys } from '@/components/ui/states';
import { getBlogCategoriesQueryOptions, useBlogCategories } from '@/features/blog/api/get-blog-categories';
import { type BlogListParams, getBlogPostsQueryOptions, useBlogPosts } from '@/features/blog/api/get-blog-posts';
import { PostCard, PostLink } from '@/features/blog/components/post-card';
import { paths } from '@/lib/paths';
import { preload } from '@/lib/preload';
import classes from './blog.module.css';

const readParams = (search: URLSearchParams): BlogListParams => ({
  category: search.get('category')?.trim() || undefined,
  page: Math.max(1, Number.parseInt(search.get('page') ?? '1', 10) || 1),
});

export const loader = ({ request }: LoaderFunctionArgs) =>
  preload(getBlogPostsQueryOptions(readParams(new URL(request.url).searchParams)), getBlogCategoriesQueryOptions());

/** /blog: posts by page, filtered by category, with the latest posts beside them. */
export function Component() {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = readParams(searchParams);
  const posts = useBlogPosts(params);
  const categories = useBlogCategories();
  const category = categories.data?.find((c) => c.slug === params.category);
  const title = category ? `Blog: ${category.name}` : 'Blog';

  return (
    <Container size="xl" py="lg">
      <PageMeta title={title} description="News, recipes and shop profiles from the shops of Jubilee Parade." />
      <Stack gap="lg">
        <div>
          <Title order={1}>{category ? category.name : 'News from the parade'}</Title>
          <Text c="dimmed">Community news, recipes and the people behind the counters.</Text>
        </div>

        <nav aria-label="Blog categories">
          <Group gap="xs" component="ul" className={classes.plainList}>
            <li>
              <Button
                component={Link}
                to={paths.blog()}
                variant={params.category ? 'default' : 'filled'}
                radius="xl"
                h={44}
                aria-current={params.category ? undefined : 'page'}
              >
                All posts
              </Button>
            </li>
            {(categories.data ?? []).map((item) => (
              <li key={item.id}>
                <Button
                  component={Link}
                  to={paths.blog({ category: item.slug })}
                  variant={item.slug === params.category ? 'filled' : 'default'}
                  radius="xl"
                  h={44}
                  aria-current={item.slug === params.category ? 'page' : undefined}
                  rightSection={
                    <Badge size="sm" variant="white" color="secondary" circle={item.posts_count < 10}>
                      {item.posts_count}
                    </Badge>
                  }
                >
                  {item.name}
                </Button>
              </li>
            ))}
          </Group>
        </nav>

        <Grid gap="xl">
          <Grid.Col span={{ base: 12, md: 8, lg: 9 }}>
            <Box aria-busy={posts.isFetching} style={{ opacity: posts.isPlaceholderData ? 0.55 : 1 }}>
              {posts.isPending ? (
                <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} aria-hidden>
                  {placeholderKeys(6).map((key) => (
                    <Skeleton key={key} height={320} radius="md" />
                  ))}
                </SimpleGrid>
              ) : posts.isError ? (
                <ErrorState message={posts.error.message} onRetry={() => posts.refetch()} />
              ) : posts.data.posts.data.length === 0 ? (
                <NothingHere
                  title="No posts here yet"
                  action={
                    <Button component={Link} to={paths.blog()} variant="light">
                      See all posts
                    </Button>
                  }
                />
              ) : (
                <SimpleGrid
                  cols={{ base: 1, sm: 2, lg: 3 }}
                  component="ul"
                  aria-label="Posts"
                  className={classes.plainList}
                >
                  {posts.data.posts.data.map((post) => (
                    <li key={post.id}>
                      <PostCard post={post} />
                    </li>
                  ))}
                </SimpleGrid>
              )}
            </Box>
            {posts.data && (
              <Paging
                page={params.page}
                total={posts.data.posts.last_page}
                onChange={(page) => {
                  const next: Record<string, string> = {};
                  if (params.category) next.category = params.category;
                  if (page > 1) next.page = String(page);
                  setSearchParams(next);
                }}
                label="Blog pages"
              />
            )}
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4, lg: 3 }}>
            <Paper component="aside" aria-labelledby="latest-posts" withBorder p="md" radius="md">
              <Title order={2} size="h4" id="latest-posts" mb="sm">
                Latest posts
              </Title>
              {posts.data ? (
                <Stack gap="sm">
                  {posts.data.latestPost.map((post) => (
                    <PostLink key={post.id} post={post} />
                  ))}
                </Stack>
              ) : (
                <Skeleton height={120} />
              )}
            </Paper>
          </Grid.Col>
        </Grid>
      </Stack>
    </Container>
  );
}
