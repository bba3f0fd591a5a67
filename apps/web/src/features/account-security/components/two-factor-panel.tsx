import {
  Alert,
  Badge,
  Box,
  Button,
  Code,
  CopyButton,
  Group,
  Image,
  List,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import type { TwoFactorSetup } from '@parade/core/account-security-schemas';
import { ApiError } from '@parade/ui/api-errors';
import { FormAlert } from '@parade/ui/form-alert';
import { useEffect, useRef, useState } from 'react';
import { schemaRules, useApiForm } from '@/components/form/use-api-form';
import {
  twoFactorCodeBody,
  useDisableTwoFactor,
  useEnableTwoFactor,
  useStartTwoFactor,
  useTwoFactorStatus,
} from '../api/account-security';
import { LoadFailed } from './security-panels';

/**
 * Two-factor sign-in for a customer (optional; docs/decisions/045): the set-up with the API's QR
 * code of the otpauth:// URL and the key to type by hand, the first code, the 10 recovery codes
 * shown once (copy or download), and turning it off with a code.
 */
export function TwoFactorPanel() {
  const status = useTwoFactorStatus();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [done, setDone] = useState<string | null>(null);

  if (status.isPending) return <Skeleton height={96} radius="md" aria-label="Loading your two-factor sign-in" />;
  if (status.isError) return <LoadFailed error={status.error} onRetry={() => status.refetch()} />;
  const { enabled, recovery_codes_left: codesLeft } = status.data;

  return (
    <Stack gap="md">
      <Group gap="xs">
        <Text>Two-factor sign-in is</Text>
        <Badge
          color={enabled ? 'accent' : 'gray'}
          variant={enabled ? 'filled' : 'outline'}
          data-testid="two-factor-status"
        >
          {enabled ? 'On' : 'Off'}
        </Badge>
      </Group>
      {done && (
        <Alert color="accent" variant="light" role="status">
          {done}
        </Alert>
      )}
      {codes && <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />}
      {!enabled && !setup && (
        <StartSetup
          onStarted={(started) => {
            setDone(null);
            setSetup(started);
          }}
        />
      )}
      {!enabled && setup && (
        <EnableForm
          setup={setup}
          onCancel={() => setSetup(null)}
          onEnabled={(recoveryCodes) => {
            setSetup(null);
            setCodes(recoveryCodes);
            setDone('Two-factor sign-in is on. From now on we ask for a code from the app when you sign in.');
          }}
        />
      )}
      {enabled && !codes && (
        <DisableForm
          codesLeft={codesLeft}
          onDisabled={() => {
            setDone('Two-factor sign-in is off. Signing in needs your password only.');
          }}
        />
      )}
    </Stack>
  );
}

function StartSetup({ onStarted }: { onStarted: (setup: TwoFactorSetup) => void }) {
  const start = useStartTwoFactor();
  return (
    <Stack gap="sm" align="flex-start">
      <Text>
        Add a second step to signing in: a 6-digit code from an authenticator app on your phone, so a stolen password
        alone cannot open your account.
      </Text>
      {start.isError && (
        <Alert color="error" variant="light" role="alert" w="100%">
          {start.error instanceof ApiError ? start.error.message : 'Could not start the set-up. Please try again.'}
        </Alert>
      )}
      <Button size="md" loading={start.isPending} onClick={() => start.mutate(undefined, { onSuccess: onStarted })}>
        Set up two-factor sign-in
      </Button>
    </Stack>
  );
}

function EnableForm({
  setup,
  onCancel,
  onEnabled,
}: {
  setup: TwoFactorSetup;
  onCancel: () => void;
  onEnabled: (codes: string[]) => void;
}) {
  const enable = useEnableTwoFactor();
  const form = useForm<{ code: string }>({ initialValues: { code: '' }, validate: schemaRules(twoFactorCodeBody) });
  const { onSubmit, formError } = useApiForm(
    form,
    async ({ code }) => {
      const { recovery_codes } = await enable.mutateAsync(code);
      onEnabled(recovery_codes);
    },
    { schema: twoFactorCodeBody },
  );
  // Shown in place of the button just pressed: the focus moves to the first step, so it is read out.
  const firstStep = useRef<HTMLParagraphElement>(null);
  useEffect(() => firstStep.current?.focus(), []);
  return (
    <Stack gap="md">
      <List type="ordered" spacing="md">
        <List.Item>
          <Stack gap="xs">
            <Text ref={firstStep} tabIndex={-1}>
              Scan this QR code with an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password…).
            </Text>
            <Image
              src={setup.qr_code}
              alt="QR code for your authenticator app"
              w={200}
              h={200}
              fit="contain"
              radius="sm"
              data-testid="two-factor-qr"
            />
            <Text size="sm">Cannot scan it? Enter this key in the app instead:</Text>
            <Group gap="xs" wrap="nowrap" align="center">
              <Code data-testid="two-factor-secret" style={{ wordBreak: 'break-all' }}>
                {setup.secret}
              </Code>
              <CopyButton value={setup.secret}>
                {({ copied, copy }) => (
                  <Button size="compact-sm" variant="default" onClick={copy} style={{ flexShrink: 0 }}>
                    {copied ? 'Copied' : 'Copy key'}
                  </Button>
                )}
              </CopyButton>
            </Group>
          </Stack>
        </List.Item>
        <List.Item>
          <Text>Type the 6-digit code the app shows.</Text>
        </List.Item>
      </List>
      <form onSubmit={onSubmit} noValidate aria-label="Turn on two-factor sign-in">
        <Stack gap="sm" maw={360}>
          <FormAlert message={formError} />
          <TextInput
            label="Code from the app"
            autoComplete="one-time-code"
            inputMode="numeric"
            required
            size="md"
            {...form.getInputProps('code')}
          />
          <Group>
            <Button type="submit" size="md" loading={enable.isPending}>
              Turn on
            </Button>
            <Button type="button" size="md" variant="default" onClick={onCancel}>
              Cancel
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}

/** The 10 recovery codes, shown this once: copy them, download them, then say they are saved. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const text = `Parade recovery codes. Each one signs you in once if you lose your phone.\n\n${codes.join('\n')}\n`;
  const heading = useRef<HTMLHeadingElement>(null);
  // Shown in place of the form just sent: the focus moves to them, so they are read out.
  useEffect(() => heading.current?.focus(), []);
  return (
    <Box component="section" aria-labelledby="recovery-codes-title">
      <Alert color="accent" variant="light">
        <Stack gap="sm">
          <Text component="h3" fw={700} id="recovery-codes-title" ref={heading} tabIndex={-1} m={0}>
            Your recovery codes
          </Text>
          <Text size="sm">
            Keep these somewhere safe, such as a password manager. Each one signs you in once if you lose your phone.
            They are not shown again.
          </Text>
          <SimpleGrid
            cols={2}
            spacing={6}
            component="ul"
            aria-label="Recovery codes"
            style={{ listStyle: 'none', padding: 0, margin: 0 }}
          >
            {codes.map((code) => (
              <Box component="li" key={code}>
                <Code fz="sm">{code}</Code>
              </Box>
            ))}
          </SimpleGrid>
          <Group gap="sm">
            <CopyButton value={codes.join('\n')}>
              {({ copied, copy }) => (
                <Button variant="default" onClick={copy}>
                  {copied ? 'Copied' : 'Copy codes'}
                </Button>
              )}
            </CopyButton>
            <Button
              component="a"
              variant="default"
              href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`}
              download="parade-recovery-codes.txt"
            >
              Download
            </Button>
            <Button onClick={onDone}>I have saved them</Button>
          </Group>
        </Stack>
      </Alert>
    </Box>
  );
}

function DisableForm({ codesLeft, onDisabled }: { codesLeft: number; onDisabled: () => void }) {
  const disable = useDisableTwoFactor();
  const form = useForm<{ code: string }>({ initialValues: { code: '' }, validate: schemaRules(twoFactorCodeBody) });
  const { onSubmit, formError } = useApiForm(
    form,
    async ({ code }) => {
      await disable.mutateAsync(code);
      form.reset();
      onDisabled();
    },
    { schema: twoFactorCodeBody },
  );
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        Recovery codes left: {codesLeft}.{' '}
        {codesLeft <= 3 && 'Running low: turn two-factor sign-in off and on again for a new set.'}
      </Text>
      <form onSubmit={onSubmit} noValidate aria-label="Turn off two-factor sign-in">
        <Stack gap="sm" maw={360}>
          <FormAlert message={formError} />
          <TextInput
            label="Code to turn it off"
            description="A code from the app, or one of your recovery codes."
            autoComplete="one-time-code"
            required
            size="md"
            {...form.getInputProps('code')}
          />
          <Group>
            <Button type="submit" size="md" variant="outline" color="error" loading={disable.isPending}>
              Turn off
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
