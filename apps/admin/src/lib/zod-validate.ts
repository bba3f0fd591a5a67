import type { z } from 'zod';

/**
 * A Mantine form validator from a core zod schema: the same rules as the API, with each issue's
 * message under its field (nested paths joined with dots, as Mantine and the envelope name them).
 * `toWire` turns the form's values into what the API takes (pounds -> pence) before the check.
 */
export function zodValidate<V>(schema: z.ZodType, toWire: (values: V) => unknown = (values) => values) {
  return (values: V): Record<string, string> => {
    const result = schema.safeParse(toWire(values));
    if (result.success) return {};
    const errors: Record<string, string> = {};
    for (const issue of result.error.issues) {
      const key = issue.path.join('.');
      errors[key] ??= issue.message;
    }
    return errors;
  };
}
