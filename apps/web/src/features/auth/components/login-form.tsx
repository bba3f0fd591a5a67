import { Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { LoginInput } from '@parade/core/auth-schemas';
import { ApiError } from '@parade/ui/api-errors';
import { FormAlert } from '@parade/ui/form-alert';
import { PasswordField } from '@parade/ui/password-field';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { schemaRules, useApiForm } from '@/components/form/use-api-form';
import { paths } from '@/lib/paths';
import { loginSchema, useLogin, useLoginWithCode } from '../api/login';

/**
 * E-mail and password; calls onSignedIn once the token and user are stored. `onCodeStep` is told
 * when the two-factor step starts (true) and ends (false), so the page can put away what belongs
 * to the first step only (the sign-up link, the providers' buttons).
 */
export function LoginForm({
  onSignedIn,
  onCodeStep,
  initialEmail = '',
}: {
  onSignedIn: () => void;
  onCodeStep?: (active: boolean) => void;
  initialEmail?: string;
}) {
  const login = useLogin();
  const form = useForm<LoginInput>({
    initialValues: { email: initialEmail, password: '' },
    validate: schemaRules(loginSchema),
  });

  const [challenge, setChallenge] = useState<string | null>(null);
  // Why the code step ended (five wrong codes, or too late): shown above the password form again.
  const [restartReason, setRestartReason] = useState<string | null>(null);
  const { onSubmit, formError } = useApiForm(
    form,
    async (values) => {
      setRestartReason(null);
      const reply = await login.mutateAsync(values);
      if ('challenge' in reply) {
        setChallenge(reply.challenge);
        onCodeStep?.(true);
      } else onSignedIn();
    },
    { schema: loginSchema, alertOnly: ['email'] },
  );

  if (challenge) {
    return (
      <CodeStep
        challenge={challenge}
        onSignedIn={onSignedIn}
        onRestart={(reason) => {
          setChallenge(null);
          onCodeStep?.(false);
          setRestartReason(reason);
          form.setFieldValue('password', '');
        }}
      />
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Log in">
      <Stack gap="md">
        <FormAlert message={restartReason ?? formError} />
        <TextInput
          label="E-mail"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          size="md"
          {...form.getInputProps('email')}
        />
        <PasswordField
          label="Password"
          autoComplete="current-password"
          required
          size="md"
          {...form.getInputProps('password')}
        />
        <Group justify="flex-end">
          <Anchor component={Link} to={paths.forgotPassword()} size="sm">
            Forgot your password?
          </Anchor>
        </Group>
        <Button type="submit" size="md" fullWidth loading={login.isPending}>
          Log in
        </Button>
      </Stack>
    </form>
  );
}

/** The second step with two-factor sign-in on: a code from the app, or a recovery code. */
export function CodeStep({
  challenge,
  onSignedIn,
  onRestart,
}: {
  challenge: string;
  onSignedIn: () => void;
  onRestart: (reason: string | null) => void;
}) {
  const verify = useLoginWithCode();
  const form = useForm<{ code: string }>({ initialValues: { code: '' } });
  // The step replaces the password form: its field takes the focus (data-autofocus acts only in a modal).
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);
  const { onSubmit, formError } = useApiForm(form, async ({ code }) => {
    try {
      await verify.mutateAsync({ challenge, code });
    } catch (error) {
      // Five wrong codes, or too long: this challenge is over, back to the password.
      if (error instanceof ApiError && error.code === 'two_factor_challenge_invalid') {
        onRestart(error.message);
        return;
      }
      throw error;
    }
    onSignedIn();
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Two-factor sign-in">
      <Stack gap="md">
        <FormAlert message={formError} />
        <Text>Open your authenticator app and type the 6-digit code for Parade, or one of your recovery codes.</Text>
        <TextInput
          label="Code"
          autoComplete="one-time-code"
          inputMode="numeric"
          required
          size="md"
          ref={input}
          {...form.getInputProps('code')}
        />
        <Button type="submit" size="md" fullWidth loading={verify.isPending}>
          Verify
        </Button>
        <Anchor component="button" type="button" size="sm" onClick={() => onRestart(null)}>
          Start again
        </Anchor>
      </Stack>
    </form>
  );
}
