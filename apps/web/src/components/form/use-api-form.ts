import { type FormErrors, schemaResolver, type UseFormReturnType } from '@mantine/form';
import { messages } from '@parade/core/messages';
import { ApiError } from '@parade/ui/api-errors';
import { type FormEvent, useEffect, useState } from 'react';
import type { z } from 'zod';
import type { LazySchema } from '@/lib/lazy-schema';

type Values = Record<string, unknown>;

export interface ApiFormOptions<T extends Values> {
  /**
   * Fields with no input of their own (a reset link's token): their errors, from the browser's
   * check or the server's, are about the whole form and go to the message.
   */
  messageFields?: (keyof T & string)[];
  /**
   * A one-input form (the coupon) shows the message under that input instead of in an alert;
   * the input's own error from the server wins.
   */
  messageOnField?: keyof T & string;
  /**
   * Fields whose server error, when it is the alert's own message, only marks them invalid: it
   * is said once, in the alert (sign-in's e-mail: "These credentials do not match our records."
   * is about the pair). Elsewhere a field keeps its message under it (a wrong current password).
   */
  alertOnly?: (keyof T & string)[];
  /** After a failed submit, with the message shown (e.g. to raise a toast as well). */
  onFailure?: (message: string, error: unknown) => void;
  /**
   * The core schema the form's `validate` checks with (schemaRules): it loads when the form
   * mounts, and a submit waits for it, so the values are always checked before they are sent.
   */
  schema?: LazySchema<z.ZodType>;
}

export interface ApiForm {
  /** The form's onSubmit: checks the values, then runs the action. */
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  /** The message for <FormAlert>: the reply's message, or null. */
  formError: string | null;
}

/** After a failed check, move the focus to the first input in error, so its label and error are read out. */
export function focusFirstError<T>(
  form: UseFormReturnType<T>,
  errors: Record<string, unknown>,
  skip: string[] = [],
): void {
  const first = Object.keys(errors).find((field) => !skip.includes(field));
  if (first) (form.getInputNode(first as never) as HTMLElement | null)?.focus();
}

const resolvers = new WeakMap<z.ZodType, (values: unknown) => FormErrors>();

/**
 * The errors `schema` finds in `values`, as Mantine's schemaResolver reports them; none while the
 * schema is still loading (decision 039: zod is not part of a page's first load). useApiForm
 * waits for it before a submit.
 */
export function schemaErrors(schema: LazySchema<z.ZodType>, values: unknown): FormErrors {
  const loaded = schema.loaded();
  if (!loaded) return {};
  let resolve = resolvers.get(loaded);
  if (!resolve) {
    resolve = schemaResolver(loaded, { sync: true }) as (values: unknown) => FormErrors;
    resolvers.set(loaded, resolve);
  }
  return resolve(values);
}

/** A form's `validate` by a core schema that loads lazily (pass the same schema to useApiForm). */
export const schemaRules =
  <T>(schema: LazySchema<z.ZodType>) =>
  (values: T): FormErrors =>
    schemaErrors(schema, values);

const firstError = (errors: Record<string, unknown>, fields: string[]) => {
  const field = fields.find((f) => errors[f]);
  return field ? String(errors[field]) : null;
};

/**
 * Every form that submits to the API works the same way: the values are checked in the browser
 * (the form's `validate`, usually a @parade/core schema), then `action` runs; if the server
 * refuses, its per-field errors from the envelope go under their inputs (linked by Mantine with
 * aria-invalid and aria-describedby, and the first one takes the focus) and its message goes to
 * the form's alert.
 */
export function useApiForm<T extends Values>(
  form: UseFormReturnType<T>,
  action: (values: T) => Promise<unknown>,
  options: ApiFormOptions<T> = {},
): ApiForm {
  const { messageFields = [], messageOnField, onFailure, schema, alertOnly = [] } = options;
  const [formError, setFormError] = useState<string | null>(null);

  useEffect(() => {
    schema?.load().catch(() => undefined);
  }, [schema]);

  const showFailure = (error: unknown) => {
    let message: string = messages.genericError;
    const fieldErrors: Record<string, string> = {};
    if (error instanceof ApiError) {
      message = error.message;
      const values = form.getValues();
      for (const [field, list] of Object.entries(error.errors)) {
        if (field in values && list[0]) fieldErrors[field] = list[0];
      }
      message = firstError(fieldErrors, messageFields) ?? message;
      for (const field of messageFields) delete fieldErrors[field];
    }
    if (messageOnField) fieldErrors[messageOnField] ??= message;
    // A field of `alertOnly` whose error is the alert's own message is marked invalid without
    // saying it a second time.
    const shown: Record<string, string | true> = { ...fieldErrors };
    if (!messageOnField) {
      for (const field of alertOnly) if (fieldErrors[field] === message) shown[field] = true;
    }
    form.setErrors(shown);
    // The message under its field is read out when focus lands there (aria-describedby); left on
    // the submit button, which was disabled while the call ran, a keyboard user heard nothing.
    focusFirstError(form, fieldErrors);
    if (!messageOnField) setFormError(message);
    onFailure?.(message, error);
  };

  const submit = form.onSubmit(
    async (values) => {
      setFormError(null);
      try {
        await action(values);
      } catch (error) {
        showFailure(error);
      }
    },
    (errors) => {
      const message = firstError(errors, messageFields);
      if (message) setFormError(message);
      focusFirstError(form, errors, messageFields);
    },
  );

  // Before the schema is there (a submit in the first instant), wait for it; should it fail to
  // load, the server's own check still answers field by field.
  const onSubmit = (event?: FormEvent<HTMLFormElement>) => {
    if (!schema || schema.loaded()) return submit(event);
    event?.preventDefault();
    void schema
      .load()
      .catch(() => undefined)
      .then(() => submit());
  };

  return { onSubmit, formError };
}
