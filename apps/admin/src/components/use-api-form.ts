import type { UseFormReturnType } from '@mantine/form';
import { messages } from '@parade/core/messages';
import { ApiError } from '@parade/ui/api-errors';
import { type FormEvent, useState } from 'react';
import { useReportDirtyToFormModal } from './form-modal';

type Values = object;

export interface ApiForm {
  /** The form's onSubmit: checks the values, then runs the action. */
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  /** The message for <FormAlert>: the reply's message, or null. */
  formError: string | null;
  submitting: boolean;
}

/** After a failed check, the focus moves to the first input in error, so its label and error are read out. */
function focusFirstError<T>(form: UseFormReturnType<T>, errors: Record<string, unknown>): void {
  const first = Object.keys(errors)[0];
  if (first) (form.getInputNode(first as never) as HTMLElement | null)?.focus();
}

/**
 * Every form that submits to the API works the same way (as on the storefront): the values are
 * checked in the browser (the form's `validate`, a @parade/core schema), then `action` runs; if
 * the server refuses, the envelope's per-field errors go under their inputs (a nested field such
 * as `variations.0.price` too) and its message goes to the form's alert.
 */
export function useApiForm<T extends Values>(
  form: UseFormReturnType<T>,
  action: (values: T) => Promise<unknown>,
  options: {
    /**
     * Fields whose server error, when it is the alert's own message, only marks them invalid: it
     * is said once, in the alert (sign-in's e-mail: "These credentials do not match our records."
     * is about the pair). Elsewhere a field keeps its message under it (a wrong current password).
     */
    alertOnly?: (keyof T & string)[];
  } = {},
): ApiForm {
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  // Inside a FormModal, closing it by accident with changes asks first.
  useReportDirtyToFormModal(() => form.isDirty());

  const showFailure = (error: unknown) => {
    let message: string = messages.genericError;
    const fieldErrors: Record<string, string> = {};
    if (error instanceof ApiError) {
      message = error.message;
      const values = form.getValues();
      for (const [field, list] of Object.entries(error.errors)) {
        const top = field.split('.')[0] ?? field;
        if (top in values && list[0]) fieldErrors[field] = list[0];
      }
    }
    const alertOnly: string[] = options.alertOnly ?? [];
    form.setErrors(
      Object.fromEntries(
        Object.entries(fieldErrors).map(([field, text]) => [
          field,
          text === message && alertOnly.includes(field) ? true : text,
        ]),
      ),
    );
    focusFirstError(form, fieldErrors);
    setFormError(message);
  };

  const onSubmit = form.onSubmit(
    async (values) => {
      setFormError(null);
      setSubmitting(true);
      try {
        await action(values);
      } catch (error) {
        showFailure(error);
      } finally {
        setSubmitting(false);
      }
    },
    (errors) => {
      // A rule whose field the form does not show (a wire name the form calls otherwise) must not
      // fail the submit without a word: its message goes to the form's alert.
      const values = form.getValues() as Record<string, unknown>;
      const unshown = Object.entries(errors).find(([field]) => !((field.split('.')[0] ?? field) in values));
      setFormError(unshown ? String(unshown[1]) : null);
      focusFirstError(form, errors);
    },
  );

  return { onSubmit, formError, submitting };
}
