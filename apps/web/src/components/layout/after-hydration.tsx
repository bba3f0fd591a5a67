import { type ReactNode, Suspense, startTransition, useEffect, useState } from 'react';

/**
 * Whether the browser draws what renders now: never on the server; in the browser, unless a
 * hydration is under way (markHydrating), until that hydration's effects have run.
 */
let browserHasThePage = typeof window !== 'undefined';

/** Called by start.tsx before it hydrates the page the server drew: React must first draw it as the server did. */
export function markHydrating() {
  browserHasThePage = false;
}

/**
 * False while the server renders a page and while the browser hydrates it, true otherwise (a
 * screen the browser draws after that). What depends on it is drawn the same on both sides of
 * hydration.
 *
 * Not useSyncExternalStore with a server value: React then redraws everything that reads it
 * synchronously once hydration commits, in one task (260-400 ms under Lighthouse's mobile CPU on the
 * home page, the header's pop-up parts included). A state set in a transition after hydration
 * lets React do that work in slices instead.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(browserHasThePage);
  useEffect(() => {
    if (hydrated) return;
    if (!browserHasThePage) {
      browserHasThePage = true;
      // For whoever must wait until the page responds: browser tests, which may not press a button
      // of the server's HTML before it does anything, and anyone looking at a slow phone's page.
      // (An element or effect added for it alone would change React's ids between the two trees.)
      document.documentElement.dataset.hydrated = 'true';
    }
    startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}

/**
 * Draws `placeholder` on the server and while the page hydrates, then `children`, whose code
 * loads lazily (decision 039): the parts of a page its first paint does not need (a carousel's
 * controls, a slider, the toasts) are then not part of its first load. The placeholder has the
 * size of what replaces it, so nothing moves; without one, nothing is drawn until then.
 */
export function AfterHydration({ children, placeholder = null }: { children: ReactNode; placeholder?: ReactNode }) {
  return useHydrated() ? <Suspense fallback={placeholder}>{children}</Suspense> : placeholder;
}
