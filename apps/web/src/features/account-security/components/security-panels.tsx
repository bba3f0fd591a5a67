import { Alert, Badge, Button, Group, Pagination, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type ChangePasswordInput, deviceName, securityEventLabels } from '@parade/core/account-security-schemas';
import { messages } from '@parade/core/messages';
import { ApiError } from '@parade/ui/api-errors';
import { FormAlert } from '@parade/ui/form-alert';
import { PasswordField } from '@parade/ui/password-field';
import { useState } from 'react';
import { schemaRules, useApiForm } from '@/components/form/use-api-form';
import { useFormatDateTime } from '@/hooks/use-format-date-time';
import {
  changePasswordSchema,
  useChangePassword,
  useEndOtherSessions,
  useEndSession,
  useSecurityEvents,
  useSessions,
} from '../api/account-security';

/** ISO time -> "05-Jan-2026, 14:05", the site's date format with the time of day; "—" for none. */
function useWhen(): (iso: string | null) => string {
  const formatDateTime = useFormatDateTime();
  return (iso) => (iso ? formatDateTime(iso) : '—');
}

export function LoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <Alert color="error" variant="light" role="alert" title="Could not load this">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{error instanceof ApiError ? error.message : messages.genericError}</Text>
        <Button size="xs" variant="outline" color="error" onClick={onRetry}>
          Try again
        </Button>
      </Stack>
    </Alert>
  );
}

/** Current password, new password and its confirmation; every other session ends on success. */
export function ChangePasswordForm() {
  const change = useChangePassword();
  const [done, setDone] = useState<string | null>(null);
  const form = useForm<ChangePasswordInput>({
    initialValues: { current_password: '', password: '', password_confirmation: '' },
    validate: schemaRules(changePasswordSchema),
  });
  const { onSubmit, formError } = useApiForm(
    form,
    async (values) => {
      setDone(null);
      await change.mutateAsync(values);
      form.reset();
      setDone('Your password has been changed. Every other session has been signed out.');
    },
    { schema: changePasswordSchema },
  );
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Change password">
      <Stack gap="sm">
        <FormAlert message={formError} />
        {done && (
          <Alert color="accent" variant="light" role="status">
            {done}
          </Alert>
        )}
        <PasswordField
          label="Current password"
          autoComplete="current-password"
          required
          size="md"
          {...form.getInputProps('current_password')}
        />
        <PasswordField
          label="New password"
          autoComplete="new-password"
          required
          size="md"
          {...form.getInputProps('password')}
        />
        <PasswordField
          label="Confirm new password"
          autoComplete="new-password"
          required
          size="md"
          {...form.getInputProps('password_confirmation')}
        />
        <Group>
          <Button type="submit" size="md" loading={change.isPending}>
            Change password
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The customer's sessions: device, address, when; end one, or every other one. */
export function SessionsList() {
  const when = useWhen();
  const sessions = useSessions();
  const end = useEndSession();
  const endOthers = useEndOtherSessions();
  if (sessions.isPending) return <Skeleton height={96} radius="md" aria-label="Loading your sessions" />;
  if (sessions.isError) return <LoadFailed error={sessions.error} onRetry={() => sessions.refetch()} />;
  return (
    <Stack gap="sm">
      <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {sessions.data.map((session) => (
          <Group component="li" key={session.id} justify="space-between" wrap="nowrap" align="flex-start">
            <Stack gap={0}>
              <Text fw={600}>
                {deviceName(session.user_agent)}
                {session.current && (
                  <Badge ml="xs" size="sm" variant="outline" color="secondary">
                    This device
                  </Badge>
                )}
              </Text>
              <Text size="sm" c="dimmed">
                {session.ip ?? 'Unknown address'} · signed in {when(session.created_at)} · last used{' '}
                {when(session.last_used_at ?? session.created_at)}
              </Text>
            </Stack>
            {!session.current && (
              <Button
                size="sm"
                variant="outline"
                style={{ flexShrink: 0 }}
                onClick={() => end.mutate(session.id)}
                loading={end.isPending && end.variables === session.id}
                aria-label={`Sign out ${deviceName(session.user_agent)} (${session.ip ?? 'unknown address'})`}
              >
                Sign out
              </Button>
            )}
          </Group>
        ))}
      </Stack>
      {sessions.data.length > 1 ? (
        <Group>
          <Button variant="light" onClick={() => endOthers.mutate(undefined)} loading={endOthers.isPending}>
            Sign out everywhere else
          </Button>
        </Group>
      ) : (
        <Text c="dimmed">You are signed in on this device only.</Text>
      )}
    </Stack>
  );
}

/** The customer's security events, newest first, 20 a page. */
export function SecurityEventsList() {
  const when = useWhen();
  const [page, setPage] = useState(1);
  const events = useSecurityEvents(page);
  if (events.isPending) return <Skeleton height={160} radius="md" aria-label="Loading your security events" />;
  if (events.isError) return <LoadFailed error={events.error} onRetry={() => events.refetch()} />;
  if (events.data.data.length === 0) return <Text c="dimmed">No security events yet.</Text>;
  return (
    <Stack gap="sm">
      <Table.ScrollContainer
        minWidth={480}
        scrollAreaProps={{
          viewportProps: { tabIndex: 0, role: 'region', 'aria-label': 'Your security events (scrolls)' },
        }}
      >
        <Table striped aria-label="Your security events">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>When</Table.Th>
              <Table.Th>What</Table.Th>
              <Table.Th>Device</Table.Th>
              <Table.Th>Address</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {events.data.data.map((event) => (
              <Table.Tr key={event.id}>
                <Table.Td>{when(event.created_at)}</Table.Td>
                <Table.Td>
                  {securityEventLabels[event.kind]}
                  {event.detail && (
                    <Text span size="sm" c="dimmed">
                      {' '}
                      ({event.detail})
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{deviceName(event.user_agent)}</Table.Td>
                <Table.Td>{event.ip ?? '—'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {events.data.last_page > 1 && (
        <Pagination value={page} onChange={setPage} total={events.data.last_page} aria-label="Security event pages" />
      )}
    </Stack>
  );
}
