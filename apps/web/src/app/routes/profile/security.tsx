import { Paper, Stack, Title } from '@mantine/core';
import { PageMeta } from '@/components/ui/page-meta';
import {
  ChangePasswordForm,
  SecurityEventsList,
  SessionsList,
} from '@/features/account-security/components/security-panels';
import { TwoFactorPanel } from '@/features/account-security/components/two-factor-panel';

/** /profile/security: the password, two-factor sign-in, the sessions and the security events (docs/decisions/045). */
export function Component() {
  return (
    <Stack gap="md">
      <PageMeta title="Security" />
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby="password-title">
        <Stack gap="md">
          <Title order={2} fz="h3" id="password-title">
            Change password
          </Title>
          <ChangePasswordForm />
        </Stack>
      </Paper>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby="two-factor-title">
        <Stack gap="md">
          <Title order={2} fz="h3" id="two-factor-title">
            Two-factor sign-in
          </Title>
          <TwoFactorPanel />
        </Stack>
      </Paper>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby="sessions-title">
        <Stack gap="md">
          <Title order={2} fz="h3" id="sessions-title">
            Where you are signed in
          </Title>
          <SessionsList />
        </Stack>
      </Paper>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby="events-title">
        <Stack gap="md">
          <Title order={2} fz="h3" id="events-title">
            Security events
          </Title>
          <SecurityEventsList />
        </Stack>
      </Paper>
    </Stack>
  );
}
