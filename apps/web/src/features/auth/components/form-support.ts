import type { UseFormReturnType } from '@mantine/form';
import { messages } from '@parade/core/messages';
import { ApiError } from '@/lib/api-client';

/**
 * Shows a failed submit: the server's per-field errors go under their inputs (the first
 * invalid input takes the focus, so a screen reader reads its label and error), and the
 * reply's message goes to the form's alert. Returns that message.
 */
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

/** After a failed validation, move the focus to the first input in error. */
export function focusFirstError<T>(form: UseFormReturnType<T>, errors: Record<string, unknown>): void {
  const first = Object.keys(errors)[0];
  if (first) (form.getInputNode(first as never) as HTMLElement | null)?.focus();
}
