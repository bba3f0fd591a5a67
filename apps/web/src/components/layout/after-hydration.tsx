import { type ReactNode, Suspense, useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * False while the server renders a page and while the browser hydrates it, true otherwise (a
 * screen the browser draws itself, or right after hydration: React then renders again with the
 * browser's value). What depends on it is drawn the same on both sides of hydration.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
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
