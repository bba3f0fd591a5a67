import type { ReactNode } from 'react';

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
