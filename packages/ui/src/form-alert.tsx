import { Alert, type AlertProps } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

/** A form's own message (role="alert", so it is announced when it appears); nothing when there is none. */
export function FormAlert({
  message,
  ...alertProps
}: { message: string | null } & Omit<AlertProps, 'children' | 'role' | 'color' | 'icon'>) {
  if (!message) return null;
  return (
    <Alert role="alert" color="error" variant="light" icon={<IconAlertCircle aria-hidden />} {...alertProps}>
      {message}
    </Alert>
  );
}
