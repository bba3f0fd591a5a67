import { z } from 'zod';

type Issue = Parameters<NonNullable<z.core.$ZodConfig['customError']>>[0];

const typeNames: Record<string, string> = {
  number: 'Must be a number.',
  int: 'Must be a whole number.',
  string: 'Must be text.',
  boolean: 'Must be true or false.',
  array: 'Must be a list.',
  object: 'Must be an object.',
  record: 'Must be an object.',
  date: 'Must be a date.',
};

const formatNames: Record<string, string> = {
  email: 'Enter a valid e-mail address.',
  url: 'Enter a full web address, starting with https://.',
  datetime: 'Enter a date and time such as 2026-11-27T10:00:00Z.',
  date: 'Enter a date such as 2026-11-27.',
  regex: 'This is not in the expected format.',
};

/**
 * The message of a rule that a schema states without one of its own, in the words the rest of
 * the API uses ("This field is required.", "Must be at most 100."), instead of the library's
 * ("Invalid input: expected string, received undefined"). A schema's own message always wins;
 * anything not named here keeps the library's (undefined).
 */
export function plainMessage(issue: Issue): string | undefined {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return 'This field is required.';
      return typeNames[issue.expected];
    case 'too_small':
      if (issue.origin === 'string') {
        return Number(issue.minimum) <= 1 ? 'This field is required.' : `Must be at least ${issue.minimum} characters.`;
      }
      if (issue.origin === 'array' || issue.origin === 'set') {
        return `Choose at least ${issue.minimum}.`;
      }
      if (issue.origin === 'number' || issue.origin === 'int') {
        return issue.inclusive === false ? `Must be more than ${issue.minimum}.` : `Must be at least ${issue.minimum}.`;
      }
      return undefined;
    case 'too_big':
      if (issue.origin === 'string') return `Must be at most ${issue.maximum} characters.`;
      if (issue.origin === 'array' || issue.origin === 'set') return `At most ${issue.maximum}.`;
      if (issue.origin === 'number' || issue.origin === 'int') {
        return issue.inclusive === false ? `Must be less than ${issue.maximum}.` : `Must be at most ${issue.maximum}.`;
      }
      return undefined;
    case 'invalid_value':
      if (issue.input === undefined) return 'This field is required.';
      return `Must be one of: ${issue.values.map(String).join(', ')}.`;
    case 'invalid_format':
      return formatNames[issue.format];
    case 'invalid_key':
      // A record's key that fails its own rule: that rule's message (e.g. "Shop ids are positive integers.").
      return issue.issues[0]?.message ?? 'A key of this object is not valid.';
    case 'unrecognized_keys':
      return `Not a field of this call: ${issue.keys.join(', ')}.`;
    default:
      return undefined;
  }
}

/** Installs plainMessage for every schema of this zod (one module instance per process). */
export function usePlainMessages(): void {
  z.config({ customError: plainMessage });
}
