import { Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { PASSWORD_MIN_LENGTH } from '@parade/core/auth-rules';
import type { ResetPasswordInput } from '@parade/core/auth-schemas';
import { FormAlert } from '@parade/ui/form-alert';
import { PasswordField } from '@parade/ui/password-field';
import { schemaRules, useApiForm } from '@/components/form/use-api-form';
import { resetPasswordSchema, useResetPassword } from '../api/reset-password';

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
  const form = useForm<ResetPasswordInput>({
    initialValues: { token, email: initialEmail, password: '', password_confirmation: '' },
    validate: schemaRules(resetPasswordSchema),
  });

  const { onSubmit, formError } = useApiForm(
    form,
    async (values) => {
      await reset.mutateAsync(values);
      onReset(values.email.trim());
    },
    // A dead link is not something the inputs can fix: say so plainly, as the form's message.
    { schema: resetPasswordSchema, messageFields: ['token'] },
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Choose a new password">
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
        <PasswordField
          label="New password"
          description={`At least ${PASSWORD_MIN_LENGTH} characters.`}
          autoComplete="new-password"
          required
          size="md"
          {...form.getInputProps('password')}
        />
        <PasswordField
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
