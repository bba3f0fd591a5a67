import { Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { LoginInput } from '@parade/core/auth-schemas';
import { FormAlert } from '@parade/ui/form-alert';
import { Link } from 'react-router';
import { schemaRules, useApiForm } from '@/components/form/use-api-form';
import { paths } from '@/lib/paths';
import { loginSchema, useLogin } from '../api/login';

/** E-mail and password; calls onSignedIn once the token and user are stored. */
export function LoginForm({ onSignedIn, initialEmail = '' }: { onSignedIn: () => void; initialEmail?: string }) {
  const login = useLogin();
  const form = useForm<LoginInput>({
    initialValues: { email: initialEmail, password: '' },
    validate: schemaRules(loginSchema),
  });

  const { onSubmit, formError } = useApiForm(
    form,
    async (values) => {
      await login.mutateAsync(values);
      onSignedIn();
    },
    { schema: loginSchema },
  );

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
