import { Anchor, Button, Center, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type LoginInput, loginSchema, safeRedirectTarget } from '@parade/core/auth-schemas';
import { FormAlert } from '@parade/ui/form-alert';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useApiForm } from '@/components/use-api-form';
import { CustomerRefusedError, signIn } from '@/features/auth/api/sign-in';
import { homeFor } from '@/lib/paths';
import { useSessionStore } from '@/lib/session-store';
import { zodValidate } from '@/lib/zod-validate';

/** Sign-in for shopkeepers and the platform team, with the same accounts as the storefront. */
export function Component() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [refused, setRefused] = useState<string | null>(null);
  const form = useForm<LoginInput>({
    mode: 'controlled',
    initialValues: { email: '', password: '' },
    validate: zodValidate(loginSchema),
  });
  const { onSubmit, formError, submitting } = useApiForm(form, async (values) => {
    setRefused(null);
    try {
      const { token, user } = await signIn(values);
      useSessionStore.getState().signIn(token, user);
      navigate(safeRedirectTarget(params.get('redirect'), homeFor(user.role)), { replace: true });
    } catch (error) {
      if (!(error instanceof CustomerRefusedError)) throw error;
      form.setFieldValue('password', '');
      setRefused(error.message);
    }
  });

  return (
    <Center mih="100dvh" p="md" bg="gray.0" component="main">
      <Paper withBorder shadow="sm" p="xl" radius="md" w="100%" maw={420}>
        <Stack gap="md">
          <div>
            <Title order={1} size="h2">
              Parade Merchant
            </Title>
            <Text c="dimmed">Sign in to run your shop or the marketplace.</Text>
          </div>
          <form onSubmit={onSubmit} noValidate>
            <Stack gap="sm">
              <FormAlert message={refused ?? formError} />
              <TextInput
                label="E-mail"
                type="email"
                autoComplete="username"
                required
                {...form.getInputProps('email')}
              />
              <PasswordInput
                label="Password"
                autoComplete="current-password"
                required
                {...form.getInputProps('password')}
              />
              <Button type="submit" loading={submitting} fullWidth mt="xs">
                Sign in
              </Button>
            </Stack>
          </form>
          <Text size="sm" c="dimmed">
            Shopping instead? <Anchor href="/">Go to the storefront</Anchor>.
          </Text>
        </Stack>
      </Paper>
    </Center>
  );
}
