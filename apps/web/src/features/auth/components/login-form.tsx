import { Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { LoginInput } from '@parade/core/auth-schemas';
import { FormAlert } from '@parade/ui/form-alert';
import { useState } from 'react';
import { Link } from 'react-router';
import { schemaRules, useApiForm } from '@/components/form/use-api-form';
import { paths } from '@/lib/paths';
import { loginSchema, useLogin, useLoginWithCode } from '../api/login';

/** E-mail and password; calls onSignedIn once the token and user are stored. */
export function LoginForm({ onSignedIn, initialEmail = '' }: { onSignedIn: () => void; initialEmail?: string }) {
  const login = useLogin();
  const form = useForm<LoginInput>({
    initialValues: { email: initialEmail, password: '' },
    validate: schemaRules(loginSchema),
  });

  const [challenge, setChallenge] = useState<string | null>(null);
  const { onSubmit, formError } = useApiForm(
    form,
    async (values) => {
      const reply = await login.mutateAsync(values);
      if ('challenge' in reply) setChallenge(reply.challenge);
      else onSignedIn();
    },
    { schema: loginSchema },
  );

  if (challenge) {
    return (
      <CodeStep
        challenge={challenge}
        onSignedIn={onSignedIn}
        onRestart={() => {
          setChallenge(null);
          form.setFieldValue('password', '');
        }}
      />
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Log in">
      <Stack gap="md">
        <FormAlert message={formError} />
        <TextInput
          label="E-mail"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          size="md"
          {...form.getInputProps('email')}
        />
        <PasswordInput
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
function CodeStep({
  challenge,
  onSignedIn,
  onRestart,
}: {
  challenge: string;
  onSignedIn: () => void;
  onRestart: () => void;
}) {
  const verify = useLoginWithCode();
  const form = useForm<{ code: string }>({ initialValues: { code: '' } });
  const { onSubmit, formError } = useApiForm(form, async ({ code }) => {
    await verify.mutateAsync({ challenge, code });
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
          data-autofocus
          {...form.getInputProps('code')}
        />
        <Button type="submit" size="md" fullWidth loading={verify.isPending}>
          Verify
        </Button>
        <Anchor component="button" type="button" size="sm" onClick={onRestart}>
          Start again
        </Anchor>
      </Stack>
    </form>
  );
}
