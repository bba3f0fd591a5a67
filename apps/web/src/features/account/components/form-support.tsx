import { Alert } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { messages } from '@parade/core/messages';
import { IconAlertCircle } from '@tabler/icons-react';
import { ApiError } from '@/lib/api-client';

/** After a failed validation, move the focus to the first input in error (its label and error are read out). */
export function focusFirstError<T>(form: UseFormReturnType<T>, errors: Record<string, unknown>): void {
  const first = Object.keys(errors)[0];
  if (first) (form.getInputNode(first as never) as HTMLElement | null)?.focus();
}

/** Puts the server's per-field errors under their inputs and returns the reply's message. */
export function showServerErrors<T extends Record<string, unknown>>(
  form: UseFormReturnType<T>,
  error: unknown,
): string {
  if (!(error instanceof ApiError)) return messages.genericError;
  const fieldErrors: Record<string, string> = {};
  for (const [field, list] of Object.entries(error.errors)) {
    if (field in form.getValues() && list[0]) fieldErrors[field] = list[0];
  }
  form.setErrors(fieldErrors);
  focusFirstError(form, fieldErrors);
  return error.message;
}

/** The form's own message, announced when it appears. */
export function FormAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert role="alert" color="error" variant="light" icon={<IconAlertCircle aria-hidden />}>
      {message}
    </Alert>
  );
}
