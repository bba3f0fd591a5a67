import { Anchor, Button, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconMailOpened } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { PageMeta } from '@/components/ui/page-meta';
import { AuthCard } from '@/features/auth/components/auth-card';
import { paths } from '@/lib/paths';

/** /mail: shown after 'forgot password'. The same words whether or not the account exists. */
export function Component() {
  const email = (useLocation().state as { email?: string } | null)?.email;
  return (
    <AuthCard title="Check your e-mail">
      <PageMeta title="Check your e-mail" />
      <Stack gap="md" align="flex-start">
        <ThemeIcon size={56} radius="xl" variant="light" color="accent" aria-hidden>
          <IconMailOpened size={30} />
        </ThemeIcon>
        <Text role="status">
          If an account exists for {email ? <strong>{email}</strong> : 'that e-mail'}, we have sent a link to reset the
          password. The link works for a short time and only once.
        </Text>
        <Text size="sm" c="dimmed">
          Nothing arrived? Check your spam folder, or{' '}
          <Anchor component={Link} to={paths.forgotPassword()} size="sm">
            ask for another link
          </Anchor>
          .
        </Text>
        <Button component={Link} to={paths.login()} variant="light">
          Back to login
        </Button>
      </Stack>
    </AuthCard>
  );
}
