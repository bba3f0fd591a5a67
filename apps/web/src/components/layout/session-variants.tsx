import { type ReactNode, useSyncExternalStore } from 'react';
import { useSessionStore } from '@/lib/session-store';

/**
 * A part of the page drawn one way for a guest and another for a signed-in shopper, while who is
 * here is not yet known: the server draws every page as a guest's, and the browser checks the
 * stored token only once the page's code has loaded (seconds later on a phone). Both ways are
 * drawn meanwhile, and the stylesheet shows the one that fits: index.html's first script marks
 * `<html data-stored-session>` before the first paint when a token is stored, and the session
 * store clears the mark when the check finds no one signed in (session-store.ts). So a signed-in
 * shopper's header says Logout, Profile and Track Your Order from the first paint, not "Sign
 * In/Register" until the check ends. `display: contents` keeps the wrapped parts where they are
 * in the layout (flex items of the header's groups).
 */
export function ForGuests({ children }: { children: ReactNode }) {
  return (
    <span data-guest-only style={{ display: 'contents' }}>
      {children}
    </span>
  );
}

/** The other side of ForGuests: shown only while a stored session is being checked. */
export function ForStoredSession({ children }: { children: ReactNode }) {
  return (
    <span data-signed-in-only style={{ display: 'contents' }}>
      {children}
    </span>
  );
}

const subscribeToNothing = () => () => {};

/**
 * Whether the session is known and the page is past hydration: then only the part that fits is
 * drawn. Both parts stay drawn while React hydrates the server's HTML (which has both), or the
 * tree would not match it; after that the hidden part goes, because a part hidden by the
 * stylesheet still counts as focusable to a dialog's focus trap (Mantine's checks inline styles
 * only): a guest's Tab left the phone's menu drawer for the page behind it (an outside audit).
 */
export function useSessionSettled(): boolean {
  const hydrated = useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
  const status = useSessionStore((state) => state.status);
  return hydrated && status !== 'booting';
}
