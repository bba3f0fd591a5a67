import { Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { PASSWORD_MIN_LENGTH } from '@parade/core/auth-rules';
import type { RegisterInput } from '@parade/core/auth-schemas';
import { FormAlert } from '@parade/ui/form-alert';
import { PasswordField } from '@parade/ui/password-field';
import { schemaRules, useApiForm } from '@/components/form/use-api-form';
import { registerSchema, useRegister } from '../api/register';

/** Name, e-mail, optional phone, password and its confirmation; signs the new customer in. */
export function RegisterForm({ onRegistered }: { onRegistered: () => void }) {
  const register = useRegister();
  const form = useForm<RegisterInput & { phone: string }>({
    initialValues: { name: '', email: '', phone: '', password: '', password_confirmation: '' },
    validate: schemaRules(registerSchema),
  });

  const { onSubmit, formError } = useApiForm(
    form,
    async (values) => {
      await register.mutateAsync(values);
      onRegistered();
    },
    { schema: registerSchema },
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Create account">
      <Stack gap="md">
        <FormAlert message={formError} />
        <TextInput label="Full name" autoComplete="name" required size="md" {...form.getInputProps('name')} />
        <TextInput
          label="E-mail"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          size="md"
          {...form.getInputProps('email')}
        />
        <TextInput
          label="Phone (optional)"
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          size="md"
          {...form.getInputProps('phone')}
        />
        <PasswordField
          label="Password"
          description={`At least ${PASSWORD_MIN_LENGTH} characters. A few unrelated words make a strong one.`}
          autoComplete="new-password"
          required
          size="md"
          {...form.getInputProps('password')}
        />
        <PasswordField
          label="Confirm password"
          autoComplete="new-password"
          required
          size="md"
          {...form.getInputProps('password_confirmation')}
        />
        <Button type="submit" size="md" fullWidth loading={register.isPending}>
          Create account
        </Button>
      </Stack>
    </form>
  );
}
