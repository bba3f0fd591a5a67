import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

/** The form's own message (role="alert", so it is announced when it appears). */
export function FormAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert role="alert" color="error" variant="light" icon={<IconAlertCircle aria-hidden />}>
      {message}
    </Alert>
  );
}
