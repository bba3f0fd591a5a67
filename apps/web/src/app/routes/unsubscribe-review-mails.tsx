import { Alert, Button, Container, Loader, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageMeta } from '@/components/ui/page-meta';
import { apiData } from '@/lib/api-client';
import { paths } from '@/lib/paths';

/**
 * /unsubscribe/review-mails?token=...: the review request mail's unsubscribe link. One click: the
 * page asks the API as it opens (no sign-in; the token is signed). It runs in the browser only,
 * so a mail scanner that fetches the link without running it unsubscribes nobody.
 */
export function Component() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const unsubscribe = useMutation({
    mutationFn: () => apiData('review-mails/unsubscribe', { method: 'POST', body: { token } }),
  });
  const { mutate } = unsubscribe;
  useEffect(() => {
    if (token) mutate();
  }, [token, mutate]);

  return (
    <Container size="sm" py="xl">
      <PageMeta title="Review requests" noIndex />
      <Stack gap="md">
        <Title order={1} size="h2">
          Review requests by e-mail
        </Title>
        {!token ? (
          <Alert color="error">This unsubscribe link is not complete. Use the link in the e-mail as it is.</Alert>
        ) : unsubscribe.isSuccess ? (
          <Alert color="accent" role="status" data-testid="unsubscribed">
            You will get no more review requests by e-mail.
          </Alert>
        ) : unsubscribe.isError ? (
          <Alert color="error" role="alert">
            {unsubscribe.error.message}
          </Alert>
        ) : (
          <Stack align="center" gap="xs" aria-busy="true">
            <Loader aria-label="Unsubscribing" />
            <Text>Unsubscribing…</Text>
          </Stack>
        )}
        <Button component={Link} to={paths.home()} variant="light" style={{ alignSelf: 'flex-start' }}>
          Back to the shops
        </Button>
      </Stack>
    </Container>
  );
}
