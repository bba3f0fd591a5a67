import { Button, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import type { ForgotPasswordInput } from '@parade/core/auth-schemas';
import { useState } from 'react';
import { forgotPasswordSchema, useForgotPassword } from '../api/forgot-password';
import { FormAlert } from './form-alert';
import { focusFirstError, showServerErrors } from './form-support';

/** Asks for a reset link; onSent gets the address, to show on the 'check your e-mail' screen. */
export function ForgotPasswordForm({ onSent }: { onSent: (email: string) => void }) {
  const forgot = useForgotPassword();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<ForgotPasswordInput>({
    initialValues: { email: '' },
    validate: schemaResolver(forgotPasswordSchema, { sync: true }),
  });

  const submit = form.onSubmit(
    async (values) => {
      setFormError(null);
      try {
        await forgot.mutateAsync(values);
        onSent(values.email.trim());
      } catch (error) {
        setFormError(showServerErrors(form, error));
      }
    },
    (errors) => focusFirstError(form, errors),
  );

  return (
    <form onSubmit={submit} noValidate aria-label="Reset password">
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
        <Button type="submit" size="md" fullWidth loading={forgot.isPending}>
          Send reset link
        </Button>
      </Stack>
    </form>
  );
}
