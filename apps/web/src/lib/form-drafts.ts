/**
 * Where half-filled forms keep their text (components/form/use-session-draft.ts): this tab's
 * session storage, under a key that names whose draft it is, so nobody signing in next in the
 * same tab is shown another person's words; and every draft is forgotten on a sign-in or
 * sign-out (session-store.ts), so none outlives its author in the tab either.
 */
const PREFIX = 'parade:draft:';

export function draftStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null; // Storage switched off: the form works, without a draft.
  }
}

/** The key of one form's draft for one author: a user's id, or `guest`. */
export const draftKey = (userId: number | null, form: string) => `${PREFIX}${userId ?? 'guest'}:${form}`;

export function forgetAllDrafts(): void {
  const store = draftStorage();
  if (!store) return;
  for (const key of Object.keys(store)) if (key.startsWith(PREFIX)) store.removeItem(key);
}
