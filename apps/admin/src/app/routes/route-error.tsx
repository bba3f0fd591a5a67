import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { isRouteErrorResponse, useRouteError } from 'react-router';

/** A screen that failed to load or render: say so, and offer a reload (a new deploy changes chunk names). */
export function RouteError() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!notFound) console.error(error);
  return (
    <Container size="sm" py="xl">
      <Stack gap="sm" role="alert">
        <Title order={1} size="h2">
          {notFound ? 'Page not found' : 'Something went wrong'}
        </Title>
        <Text>
          {notFound ? 'There is no page at this address.' : 'This page could not be shown. Please try again.'}
        </Text>
        <Button onClick={() => window.location.reload()} w="fit-content">
          Reload
        </Button>
      </Stack>
    </Container>
  );
}
