import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { messages } from '@parade/core/messages';
import { useEffect } from 'react';
import { Link, useRouteError } from 'react-router';

/** Shown when a screen fails to load or render; a failed dynamic import is reported as a preload error. */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => {
    if (error instanceof TypeError && /dynamically imported module|import/i.test(error.message)) {
      window.dispatchEvent(new CustomEvent('vite:preloadError', { detail: error }));
    }
  }, [error]);
  return (
    <Container size="sm" py="xl">
      <Stack align="center" gap="md">
        <Title order={1}>Sorry, that did not work</Title>
        <Text c="dimmed">{messages.genericError}</Text>
        <Button component={Link} to="/">
          Back to the home page
        </Button>
      </Stack>
    </Container>
  );
}
