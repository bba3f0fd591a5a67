import { Anchor, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

export function Component() {
  return (
    <Container size="sm" py="xl" component="main">
      <Stack gap="sm">
        <Title order={1} size="h2">
          Page not found
        </Title>
        <Text>There is no page at this address.</Text>
        <Anchor component={Link} to="/">
          Go to your dashboard
        </Anchor>
      </Stack>
    </Container>
  );
}
