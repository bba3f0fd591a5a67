import {
  Alert,
  Badge,
  Button,
  Card,
  Code,
  CopyButton,
  Group,
  Image,
  Pagination,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  type ChangePasswordInput,
  changePasswordSchema,
  deviceName,
  securityEventKinds,
  securityEventLabels,
  securityMessages,
  type TwoFactorSetup,
} from '@parade/core/account-security-schemas';
import { FormAlert } from '@parade/ui/form-alert';
import { PasswordField } from '@parade/ui/password-field';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { notifySuccess } from '@/components/notify';
import { PageHeader } from '@/components/page-header';
import { ErrorState, LoadingState } from '@/components/states';
import { ToneBadge } from '@/components/status-badge';
import { useApiForm } from '@/components/use-api-form';
import {
  useAllSecurityEvents,
  useChangePassword,
  useDisableTwoFactor,
  useEnableTwoFactor,
  useEndOtherSessions,
  useEndSession,
  useSecurityEvents,
  useSessions,
  useStartTwoFactor,
  useTwoFactorStatus,
} from '@/features/account-security/api/account-security';
import { formatDateTime } from '@/lib/format';
import { useStaffUser } from '@/lib/session-store';
import { isTwoFactorRequiredState } from '@/lib/two-factor-required';
import { zodValidate } from '@/lib/zod-validate';

/**
 * The signed-in account's security (docs/decisions/045): two-factor sign-in (required for admins
 * on a server and for shopkeepers before payouts), the password, the sessions and the security
 * events; the admin also searches every account's events.
 */
export function Component() {
  const user = useStaffUser();
  const status = useTwoFactorStatus();
  // Until an admin who must have two-factor sign-in has it, every admin call answers 403: the search of
  // every account's events waits for it too.
  const adminCallsAllowed = status.isSuccess && (status.data.enabled || !status.data.required);
  return (
    <Stack gap="lg">
      <PageHeader title="Account" description={`Signed in as ${user.email}. Keep your sign-in safe.`} />
      <TwoFactorCard />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <PasswordCard />
        <SessionsCard />
      </SimpleGrid>
      <EventsCard />
      {user.role === 'admin' && adminCallsAllowed && <AllEventsCard />}
    </Stack>
  );
}

/**
 * Sent here by a 403 `two_factor_required` (an admin page, payout onboarding): the server's reason,
 * focused so it is read out, in place of the card's general note, until two-factor sign-in is on.
 */
function SentHere({ message }: { message: string }) {
  const alert = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (message) alert.current?.focus();
  }, [message]);
  return (
    <Alert
      ref={alert}
      tabIndex={-1}
      color="primary"
      variant="light"
      role="alert"
      title="Set up two-factor sign-in first"
      data-testid="two-factor-required"
    >
      {message}
    </Alert>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-label={title}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}

function TwoFactorCard() {
  const status = useTwoFactorStatus();
  const { state } = useLocation();
  const sentHere = isTwoFactorRequiredState(state)
    ? state.twoFactorRequired || securityMessages.adminTwoFactorRequired
    : null;
  const start = useStartTwoFactor();
  const enable = useEnableTwoFactor();
  const disable = useDisableTwoFactor();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const enableForm = useForm({ initialValues: { code: '' } });
  const disableForm = useForm({ initialValues: { code: '' } });
  const enableSubmit = useApiForm(enableForm, async ({ code }) => {
    const { recovery_codes } = await enable.mutateAsync(code);
    setCodes(recovery_codes);
    setSetup(null);
    enableForm.reset();
    notifySuccess('Two-factor sign-in is on.');
  });
  const disableSubmit = useApiForm(disableForm, async ({ code }) => {
    await disable.mutateAsync(code);
    disableForm.reset();
    setCodes(null);
    notifySuccess('Two-factor sign-in is off.');
  });

  return (
    <Section title="Two-factor sign-in">
      {status.isPending ? (
        <LoadingState />
      ) : status.isError ? (
        <ErrorState error={status.error} onRetry={() => status.refetch()} />
      ) : (
        <Stack gap="sm">
          <Group gap="xs">
            <Text>Status:</Text>
            <ToneBadge tone={status.data.enabled ? 'success' : 'neutral'}>
              {status.data.enabled ? 'On' : 'Off'}
            </ToneBadge>
          </Group>
          {!status.data.enabled && sentHere && <SentHere message={sentHere} />}
          {status.data.required && !status.data.enabled && !sentHere && (
            <Alert color="primary" variant="light" role="status" title="Two-factor sign-in is required">
              {user_required_text}
            </Alert>
          )}
          {codes && (
            <Alert color="accent" variant="light" title="Your recovery codes" role="status">
              <Stack gap="xs">
                <Text size="sm">
                  Keep these somewhere safe. Each one signs you in once if you lose your phone. They are not shown
                  again.
                </Text>
                <SimpleGrid cols={2} spacing={4} maw={420} aria-label="Recovery codes">
                  {codes.map((code) => (
                    <Code key={code}>{code}</Code>
                  ))}
                </SimpleGrid>
                <Group gap="xs">
                  <CopyButton value={codes.join('\n')}>
                    {({ copied, copy }) => (
                      <Button size="xs" variant="default" onClick={copy}>
                        {copied ? 'Copied' : 'Copy codes'}
                      </Button>
                    )}
                  </CopyButton>
                  <Button
                    size="xs"
                    variant="default"
                    component="a"
                    href={`data:text/plain;charset=utf-8,${encodeURIComponent(`Parade recovery codes\n\n${codes.join('\n')}\n`)}`}
                    download="parade-recovery-codes.txt"
                  >
                    Download
                  </Button>
                </Group>
              </Stack>
            </Alert>
          )}
          {!status.data.enabled && !setup && (
            <Group>
              <Button loading={start.isPending} onClick={async () => setSetup(await start.mutateAsync(undefined))}>
                Set up two-factor sign-in
              </Button>
            </Group>
          )}
          {!status.data.enabled && setup && (
            <Stack gap="sm">
              <Text size="sm" ref={focusOnMount} tabIndex={-1}>
                Scan this QR code with an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password…),
                then type the 6-digit code it shows.
              </Text>
              <Image
                src={setup.qr_code}
                alt="QR code for your authenticator app"
                w={200}
                h={200}
                fit="contain"
                data-testid="two-factor-qr"
              />
              <Text size="sm">
                Cannot scan it? Enter this key instead: <Code>{setup.secret}</Code>
              </Text>
              <form onSubmit={enableSubmit.onSubmit} noValidate aria-label="Turn on two-factor sign-in">
                <Stack gap="xs" maw={320}>
                  <FormAlert message={enableSubmit.formError} />
                  <TextInput
                    label="Code from the app"
                    autoComplete="one-time-code"
                    inputMode="numeric"
                    required
                    {...enableForm.getInputProps('code')}
                  />
                  <Button type="submit" loading={enableSubmit.submitting}>
                    Turn on
                  </Button>
                </Stack>
              </form>
            </Stack>
          )}
          {status.data.enabled && (
            <Stack gap="xs">
              <Text size="sm">Recovery codes left: {status.data.recovery_codes_left}</Text>
              <form onSubmit={disableSubmit.onSubmit} noValidate aria-label="Turn off two-factor sign-in">
                <Stack gap="xs" maw={320}>
                  <FormAlert message={disableSubmit.formError} />
                  <TextInput
                    label="Code to turn it off"
                    description="A code from the app, or a recovery code."
                    autoComplete="one-time-code"
                    required
                    {...disableForm.getInputProps('code')}
                  />
                  <Button type="submit" variant="outline" color="error" loading={disableSubmit.submitting}>
                    Turn off
                  </Button>
                </Stack>
              </form>
            </Stack>
          )}
        </Stack>
      )}
    </Section>
  );
}

/** Shown in place of the button just pressed: the focus moves to it, so it is read out. */
const focusOnMount = (element: HTMLElement | null) => element?.focus();

const user_required_text =
  'Your account must use two-factor sign-in: admins before the admin pages, shopkeepers before setting up or changing payouts.';

function PasswordCard() {
  const change = useChangePassword();
  const form = useForm<ChangePasswordInput>({
    mode: 'controlled',
    initialValues: { current_password: '', password: '', password_confirmation: '' },
    validate: zodValidate(changePasswordSchema),
  });
  const { onSubmit, formError, submitting } = useApiForm(form, async (values) => {
    await change.mutateAsync(values);
    form.reset();
    notifySuccess('Your password has been changed. Every other session has been signed out.');
  });
  return (
    <Section title="Password">
      <form onSubmit={onSubmit} noValidate aria-label="Change password">
        <Stack gap="xs">
          <FormAlert message={formError} />
          <PasswordField
            label="Current password"
            autoComplete="current-password"
            required
            {...form.getInputProps('current_password')}
          />
          <PasswordField
            label="New password"
            autoComplete="new-password"
            required
            {...form.getInputProps('password')}
          />
          <PasswordField
            label="Confirm new password"
            autoComplete="new-password"
            required
            {...form.getInputProps('password_confirmation')}
          />
          <Button type="submit" loading={submitting}>
            Change password
          </Button>
        </Stack>
      </form>
    </Section>
  );
}

function SessionsCard() {
  const sessions = useSessions();
  const end = useEndSession();
  const endOthers = useEndOtherSessions();
  return (
    <Section title="Sessions">
      {sessions.isPending ? (
        <LoadingState />
      ) : sessions.isError ? (
        <ErrorState error={sessions.error} onRetry={() => sessions.refetch()} />
      ) : (
        <Stack gap="xs">
          {sessions.data.map((session) => (
            <Group key={session.id} justify="space-between" wrap="nowrap" align="flex-start">
              <Stack gap={0}>
                <Text fw={600}>
                  {deviceName(session.user_agent)}
                  {session.current && (
                    <Badge ml="xs" size="sm" variant="outline">
                      This device
                    </Badge>
                  )}
                </Text>
                <Text size="sm" c="dimmed">
                  {session.ip ?? 'Unknown address'} · signed in {formatDateTime(session.created_at)} · last used{' '}
                  {formatDateTime(session.last_used_at ?? session.created_at)}
                </Text>
              </Stack>
              {!session.current && (
                <Button
                  size="xs"
                  variant="outline"
                  style={{ flexShrink: 0 }}
                  loading={end.isPending && end.variables === session.id}
                  onClick={() => end.mutate(session.id)}
                  aria-label={`Sign out ${deviceName(session.user_agent)} (${session.ip ?? 'unknown address'})`}
                >
                  Sign out
                </Button>
              )}
            </Group>
          ))}
          {sessions.data.length > 1 && (
            <Button variant="light" loading={endOthers.isPending} onClick={() => endOthers.mutate(undefined)}>
              Sign out everywhere else
            </Button>
          )}
          {sessions.data.length === 1 && <Text c="dimmed">You are signed in on this device only.</Text>}
        </Stack>
      )}
    </Section>
  );
}

function EventsTable({
  rows,
  withEmail,
  label,
}: {
  rows: {
    id: number;
    kind: string;
    created_at: string;
    ip: string | null;
    user_agent: string | null;
    detail: string | null;
    email?: string | null;
  }[];
  withEmail?: boolean;
  label: string;
}) {
  if (rows.length === 0) return <Text c="dimmed">No security events yet.</Text>;
  return (
    <Table.ScrollContainer
      minWidth={520}
      scrollAreaProps={{ viewportProps: { tabIndex: 0, role: 'region', 'aria-label': `${label} (scrolls)` } }}
    >
      <Table striped aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>When</Table.Th>
            {withEmail && <Table.Th>Account</Table.Th>}
            <Table.Th>What</Table.Th>
            <Table.Th>Device</Table.Th>
            <Table.Th>Address</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((event) => (
            <Table.Tr key={event.id}>
              <Table.Td>{formatDateTime(event.created_at)}</Table.Td>
              {withEmail && <Table.Td>{event.email ?? '—'}</Table.Td>}
              <Table.Td>
                {securityEventLabels[event.kind as keyof typeof securityEventLabels] ?? event.kind}
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
  );
}

function EventsCard() {
  const [page, setPage] = useState(1);
  const events = useSecurityEvents(page);
  return (
    <Section title="Security events">
      {events.isPending ? (
        <LoadingState />
      ) : events.isError ? (
        <ErrorState error={events.error} onRetry={() => events.refetch()} />
      ) : (
        <Stack gap="xs">
          <EventsTable rows={events.data.data} label="Your security events" />
          {events.data.last_page > 1 && (
            <Pagination
              value={page}
              onChange={setPage}
              total={events.data.last_page}
              aria-label="Security event pages"
            />
          )}
        </Stack>
      )}
    </Section>
  );
}

function AllEventsCard() {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [kind, setKind] = useState<string | null>(null);
  const events = useAllSecurityEvents({ page, search: search.trim() || undefined, kind: kind ?? undefined });
  return (
    <Section title="Every account's security events">
      <Group align="flex-end">
        <TextInput
          label="Search by e-mail or address"
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
        />
        <Select
          label="Kind"
          clearable
          placeholder="Any"
          data={securityEventKinds.map((value) => ({ value, label: securityEventLabels[value] }))}
          value={kind}
          onChange={(value) => {
            setKind(value);
            setPage(1);
          }}
        />
      </Group>
      {events.isPending ? (
        <LoadingState />
      ) : events.isError ? (
        <ErrorState error={events.error} onRetry={() => events.refetch()} />
      ) : (
        <Stack gap="xs">
          <EventsTable rows={events.data.data} withEmail label="Every account's security events" />
          {events.data.last_page > 1 && (
            <Pagination value={page} onChange={setPage} total={events.data.last_page} aria-label="Event pages" />
          )}
        </Stack>
      )}
    </Section>
  );
}
