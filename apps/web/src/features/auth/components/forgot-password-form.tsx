import { Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { ForgotPasswordInput } from '@parade/core/auth-schemas';
import { FormAlert } from '@parade/ui/form-alert';
import { schemaRules, useApiForm } from '@/components/form/use-api-form';
import { forgotPasswordSchema, useForgotPassword } from '../api/forgot-password';

/** Asks for a reset link; onSent gets the address, to show on the 'check your e-mail' screen. */
export function ForgotPasswordForm({ onSent }: { onSent: (email: string) => void }) {
  const forgot = useForgotPassword();
  const form = useForm<ForgotPasswordInput>({
    initialValues: { email: '' },
    validate: schemaRules(forgotPasswordSchema),
  });

  const { onSubmit, formError } = useApiForm(
    form,
    async (values) => {
      await forgot.mutateAsync(values);
      onSent(values.email.trim());
    },
    { schema: forgotPasswordSchema },
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Reset password">
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
