/**
 * What of a saved form draft (lib/form-drafts.ts) goes back into the form. A module of its own:
 * form-drafts.ts is in every page's first load (the session store forgets drafts), this is only
 * for the pages with a draft.
 */
const isEmpty = (value: unknown) =>
  value === '' || value === null || value === undefined || (Array.isArray(value) && value.length === 0);

/**
 * What of a saved draft goes back into a form: its named fields the form holds nothing in yet.
 * Text already there (typed into the server's form before the page's code arrived, or filled in
 * from the shopper's profile) is never replaced by an older draft. Null when the draft is unreadable.
 */
export function draftToRestore(
  saved: string,
  current: Record<string, unknown>,
  fields: readonly string[],
): Record<string, unknown> | null {
  let values: unknown;
  try {
    values = JSON.parse(saved);
  } catch {
    return null;
  }
  if (!values || typeof values !== 'object' || Array.isArray(values)) return null;
  return Object.fromEntries(
    Object.entries(values).filter(
      ([field, value]) => fields.includes(field) && isEmpty(current[field]) && !isEmpty(value),
    ),
  );
}
