import { Anchor, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { BlogPost } from '@parade/core/catalog-dto';
import { Link } from 'react-router';
import { LazyImage } from '@/components/ui/lazy-image';
import { useFormatDate } from '@/lib/format';
import { paths } from '@/lib/paths';
import classes from './post-card.module.css';

/** A blog post in a list: cover, category, title, date and excerpt. */
export function PostCard({ post, headingLevel = 2 }: { post: BlogPost; headingLevel?: 2 | 3 }) {
  const formatDate = useFormatDate();
  return (
    <Card component="article" withBorder padding="md" className={classes.card} data-testid="post-card">
      <Card.Section>
        <LazyImage src={post.cover_image} alt="" width={1200} height={630} />
      </Card.Section>
      <Stack gap={6} mt="md">
        <Group gap="xs" justify="space-between">
          <Badge variant="light" color="accent">
            {post.category.name}
          </Badge>
          <Text size="xs" c="dimmed" component="time" dateTime={post.published_at}>
            {formatDate(post.published_at)}
          </Text>
        </Group>
        <Title order={headingLevel} size="h4" lineClamp={2}>
          <Link to={paths.blogPost(post.slug)} className={classes.link}>
            {post.title}
          </Link>
        </Title>
        <Text size="sm" lineClamp={3}>
          {post.excerpt}
        </Text>
      </Stack>
    </Card>
  );
}

/** A compact line for the latest-posts list. */
export function PostLink({ post }: { post: BlogPost }) {
  const formatDate = useFormatDate();
  return (
    <Stack gap={0}>
      <Anchor component={Link} to={paths.blogPost(post.slug)} fw={600} size="sm" py={4}>
        {post.title}
      </Anchor>
      <Text size="xs" c="dimmed" component="time" dateTime={post.published_at}>
        {formatDate(post.published_at)}
      </Text>
    </Stack>
  );
}
