import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { PageMeta } from '@/components/ui/page-meta';
import { paths } from '@/lib/paths';

export function Component() {
  return (
    <Container size="sm" py={64}>
      <PageMeta title="Page not found" description="We could not find that page on Parade." noIndex />
      <Stack align="center" gap="md">
        <Text fz={64} fw={800} c="primary.7" lh={1} aria-hidden>
          404
        </Text>
        <Title order={1}>Page not found</Title>
        <Text c="dimmed" ta="center">
          We could not find that page. It may have moved, or the link may be mistyped.
        </Text>
        <Group>
          <Button component={Link} to={paths.products()} size="md">
            Browse products
          </Button>
          <Button component={Link} to={paths.home()} variant="default" size="md">
            Home page
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}
