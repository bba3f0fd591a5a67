import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { PASSWORD_MIN_LENGTH, type ResetPasswordInput } from '@parade/core/auth-schemas';
import { useState } from 'react';
import { ApiError } from '@/lib/api-client';
import { resetPasswordSchema, useResetPassword } from '../api/reset-password';
import { FormAlert } from './form-alert';
import { focusFirstError, showServerErrors } from './form-support';

/** A new password for the account the mailed link (token) was issued to. */
export function ResetPasswordForm({
  token,
  initialEmail,
  onReset,
}: {
  token: string;
  initialEmail: string;
  onReset: (email: string) => void;
}) {
  const reset = useResetPassword();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<ResetPasswordInput>({
    initialValues: { token, email: initialEmail, password: '', password_confirmation: '' },
    validate: schemaResolver(resetPasswordSchema, { sync: true }),
  });

  const submit = form.onSubmit(
    async (values) => {
      setFormError(null);
      try {
        await reset.mutateAsync(values);
        onReset(values.email.trim());
      } catch (error) {
        const message = showServerErrors(form, error);
        // A dead link is not something the inputs can fix: say so plainly.
        setFormError((error instanceof ApiError && error.errors.token?.[0]) || message);
      }
    },
    (errors) => {
      if (errors.token) setFormError(String(errors.token));
      focusFirstError(form, errors);
    },
  );

  return (
    <form onSubmit={submit} noValidate aria-label="Choose a new password">
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
          label="New password"
          description={`At least ${PASSWORD_MIN_LENGTH} characters.`}
          autoComplete="new-password"
          required
          size="md"
          {...form.getInputProps('password')}
        />
        <PasswordInput
          label="Confirm new password"
          autoComplete="new-password"
          required
          size="md"
          {...form.getInputProps('password_confirmation')}
        />
        <Button type="submit" size="md" fullWidth loading={reset.isPending}>
          Reset password
        </Button>
      </Stack>
    </form>
  );
}
