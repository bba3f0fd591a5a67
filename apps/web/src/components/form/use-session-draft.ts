import type { UseFormReturnType } from '@mantine/form';
import { useEffect, useRef } from 'react';
import { draftToRestore } from '@/lib/draft-to-restore';
import { draftKey, draftStorage as storage } from '@/lib/form-drafts';
import { useSession } from '@/lib/session-store';

/**
 * Keeps what a shopper typed into a long form in this tab's session storage, so that leaving it
 * (a link in the account menu, Back, a reload) and coming back finds the text again instead of an
 * empty form: an outside audit filled in "Create your shop", opened Orders, came back and had
 * lost it. Only the named fields are kept (text and choices: a chosen file cannot be), each
 * written as the shopper types, under its author's key. `clear()` forgets the draft once the form
 * is sent; a sign-in or sign-out forgets every draft (session-store.ts). The draft is put back
 * after the first render, so a page the server drew hydrates as drawn, and only into fields still
 * empty (lib/draft-to-restore.ts: text typed before the page's code arrived is newer).
 */
export function useSessionDraft<V extends Record<string, unknown>>(
  form: UseFormReturnType<V>,
  name: string,
  fields: readonly (keyof V & string)[],
): { clear: () => void } {
  // Whose draft: a user's own, or a guest's (lib/form-drafts.ts).
  const key = draftKey(useSession().user?.id ?? null, name);
  // What the form held when the draft was last looked at: null until the saved one is put back.
  const seen = useRef<string | null>(null);
  const picked = Object.fromEntries(fields.map((field) => [field, form.values[field]]));
  const serialised = JSON.stringify(picked);

  // When the form first appears, and again when its author is known (a reload of a public page
  // draws it while the stored session is still being checked).
  // biome-ignore lint/correctness/useExhaustiveDependencies: reads the values the form was drawn with
  useEffect(() => {
    seen.current = serialised;
    const saved = storage()?.getItem(key);
    if (!saved) return;
    // Only into fields still empty: what is on screen already is newer than any draft.
    const restore = draftToRestore(saved, form.getValues(), fields);
    if (restore === null) storage()?.removeItem(key);
    else if (Object.keys(restore).length > 0) form.setValues(restore as Partial<V>);
  }, [key]);

  useEffect(() => {
    // Not before the saved draft is back, and not for the render that draws the form as it was.
    if (seen.current === null || seen.current === serialised) return;
    seen.current = serialised;
    const store = storage();
    if (!store) return;
    const typed = Object.values(JSON.parse(serialised) as Record<string, unknown>).some(
      (value) => value !== '' && value !== null && value !== undefined && !(Array.isArray(value) && value.length === 0),
    );
    try {
      if (typed) store.setItem(key, serialised);
      else store.removeItem(key);
    } catch {
      // Storage full: the form goes on without a draft.
    }
  }, [key, serialised]);

  return { clear: () => storage()?.removeItem(key) };
}
