import { Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import type { LoginInput } from '@parade/core/auth-schemas';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import { loginSchema, useLogin } from '../api/login';
import { FormAlert } from './form-alert';
import { focusFirstError, showServerErrors } from './form-support';

/** E-mail and password; calls onSignedIn once the token and user are stored. */
export function LoginForm({ onSignedIn, initialEmail = '' }: { onSignedIn: () => void; initialEmail?: string }) {
  const login = useLogin();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<LoginInput>({
    initialValues: { email: initialEmail, password: '' },
    validate: schemaResolver(loginSchema, { sync: true }),
  });

  const submit = form.onSubmit(
    async (values) => {
      setFormError(null);
      try {
        await login.mutateAsync(values);
        onSignedIn();
      } catch (error) {
        setFormError(showServerErrors(form, error));
      }
    },
    (errors) => focusFirstError(form, errors),
  );

  return (
    <form onSubmit={submit} noValidate aria-label="Log in">
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
