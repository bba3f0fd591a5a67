import { Anchor, Button, Center, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type LoginInput, loginSchema, safeRedirectTarget } from '@parade/core/auth-schemas';
import { ApiError } from '@parade/ui/api-errors';
import { FormAlert } from '@parade/ui/form-alert';
import { PasswordField } from '@parade/ui/password-field';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useApiForm } from '@/components/use-api-form';
import { CustomerRefusedError, signIn, signInWithCode } from '@/features/auth/api/sign-in';
import { homeFor } from '@/lib/paths';
import { type StaffUser, useSessionStore } from '@/lib/session-store';
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
  const [challenge, setChallenge] = useState<string | null>(null);
  const codeForm = useForm({ mode: 'controlled', initialValues: { code: '' } });
  // The code step replaces the form: its field takes the focus (data-autofocus acts only in a modal).
  const codeInput = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (challenge) codeInput.current?.focus();
  }, [challenge]);
  const finish = (session: { token: string; user: StaffUser }) => {
    useSessionStore.getState().signIn(session.token, session.user);
    navigate(safeRedirectTarget(params.get('redirect'), homeFor(session.user.role)), { replace: true });
  };
  const refuse = (error: unknown) => {
    if (!(error instanceof CustomerRefusedError)) throw error;
    form.setFieldValue('password', '');
    setChallenge(null);
    setRefused(error.message);
  };
  const { onSubmit, formError, submitting } = useApiForm(
    form,
    async (values) => {
      setRefused(null);
      try {
        const result = await signIn(values);
        if ('challenge' in result) setChallenge(result.challenge);
        else finish(result);
      } catch (error) {
        refuse(error);
      }
    },
    { alertOnly: ['email'] },
  );
  const codeStep = useApiForm(codeForm, async ({ code }) => {
    if (!challenge) return;
    try {
      finish(await signInWithCode(challenge, code));
    } catch (error) {
      if (error instanceof ApiError && error.code === 'two_factor_challenge_invalid') {
        // Five wrong codes or too long: back to the password.
        setChallenge(null);
        codeForm.reset();
        form.setFieldValue('password', '');
        setRefused(error.message);
        return;
      }
      refuse(error);
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
          {challenge ? (
            <form onSubmit={codeStep.onSubmit} noValidate aria-label="Two-factor sign-in">
              <Stack gap="sm">
                <FormAlert message={codeStep.formError} />
                <Text>
                  Open your authenticator app and type the 6-digit code for Parade, or one of your recovery codes.
                </Text>
                <TextInput
                  label="Code"
                  autoComplete="one-time-code"
                  inputMode="numeric"
                  required
                  ref={codeInput}
                  {...codeForm.getInputProps('code')}
                />
                <Button type="submit" loading={codeStep.submitting} fullWidth mt="xs">
                  Verify
                </Button>
                <Anchor component="button" type="button" size="sm" onClick={() => setChallenge(null)}>
                  Use another account
                </Anchor>
              </Stack>
            </form>
          ) : (
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
                <PasswordField
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
          )}
          <Text size="sm" c="dimmed">
            Shopping instead? <Anchor href="/">Go to the storefront</Anchor>.
          </Text>
        </Stack>
      </Paper>
    </Center>
  );
}
