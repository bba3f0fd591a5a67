import { PasswordInput, type PasswordInputProps } from '@mantine/core';

/**
 * Mantine's PasswordInput with `aria-invalid` on its input while it shows an error. Its own input
 * carries `data-invalid` and the error's id in `aria-describedby`, but not `aria-invalid` (its
 * wrapper is drawn with `withAria: false`), so a screen reader announced an empty or wrong
 * password as valid while every other field of the form said "invalid".
 */
export function PasswordField(props: PasswordInputProps) {
  return <PasswordInput aria-invalid={Boolean(props.error) || undefined} {...props} />;
}
