import type { UserDto } from '@parade/core/auth-schemas';
import { create } from 'zustand';
import { AUTH_TOKEN_KEY } from './api-client';
import { forgetAllDrafts } from './form-drafts';
import { queryClient } from './query-client';
import { clearUserQueries } from './user-query-keys';

export type SessionStatus = 'booting' | 'guest' | 'signed-in';

/**
 * Who is signed in. It lives in lib, not in the auth feature, because every feature that shows
 * a user's own data keys its queries by this user's id (see user-query-keys.ts).
 */
interface SessionState {
  /** 'booting' until the stored token has been checked with the server (GET auth/me). */
  status: SessionStatus;
  user: UserDto | null;
  /** After login or register: forget whoever was here, keep the token (local storage, sent as Bearer) and the user. */
  signIn(accessToken: string, user: UserDto): void;
  /** At boot, when the stored token turned out valid: the same person carries on. */
  restore(user: UserDto): void;
  /** The server's newer copy of the signed-in user (e.g. after a profile update); ignored for anyone else. */
  setUser(user: UserDto): void;
  /** Forget the token and the user, and every cached answer that belonged to them. */
  signOut(): void;
}

type SessionChangeListener = () => void;
const sessionChangeListeners = new Set<SessionChangeListener>();

/**
 * Called on every sign-in and sign-out (not when boot restores a stored session), so state kept
 * outside the query cache that belongs to the previous user (points chosen in the cart) goes too.
 */
export function onSessionChange(listener: SessionChangeListener): () => void {
  sessionChangeListeners.add(listener);
  return () => sessionChangeListeners.delete(listener);
}

function forgetPreviousUser(): void {
  clearUserQueries(queryClient);
  forgetAllDrafts();
  for (const listener of sessionChangeListeners) listener();
}

export const useSessionStore = create<SessionState>()((set, get) => ({
  status: 'booting',
  user: null,
  signIn(accessToken, user) {
    forgetPreviousUser();
    localStorage.setItem(AUTH_TOKEN_KEY, accessToken);
    set({ status: 'signed-in', user });
  },
  restore(user) {
    set({ status: 'signed-in', user });
  },
  setUser(user) {
    // A reply that arrives after someone else signed in must not make them the previous user.
    if (get().user?.id === user.id) set({ user });
  },
  signOut() {
    localStorage.removeItem(AUTH_TOKEN_KEY);
    forgetPreviousUser();
    set({ status: 'guest', user: null });
  },
}));

/**
 * index.html's first script marks `<html data-stored-session>` when a token is stored, so that the
 * parts drawn both ways (session-variants.tsx) show the signed-in one until the token is checked.
 * The mark follows the session from then on: gone for a guest (a token refused, or kept while the
 * server could not be reached), there for a signed-in user.
 */
export const STORED_SESSION_ATTRIBUTE = 'data-stored-session';
useSessionStore.subscribe((state) => {
  if (state.status === 'booting' || typeof document === 'undefined') return;
  document.documentElement.toggleAttribute(STORED_SESSION_ATTRIBUTE, state.status === 'signed-in');
});

/** Spec section 3's isLoggedIn, for components: `const { user, isLoggedIn } = useSession()`. */
export function useSession(): { user: UserDto | null; isLoggedIn: boolean; status: SessionStatus } {
  const user = useSessionStore((s) => s.user);
  const status = useSessionStore((s) => s.status);
  return { user, status, isLoggedIn: status === 'signed-in' && user !== null };
}

export const isSignedIn = () => useSessionStore.getState().status === 'signed-in';

const signedIn = (state: Pick<SessionState, 'status' | 'user'>) => state.status === 'signed-in' && state.user !== null;

/**
 * Whether someone is signed in, for components that need nothing else. It changes only on sign-in
 * and sign-out: while the stored token is checked (booting) and for a guest it is false alike, so
 * a page hydrated as a guest sees it drawn and is not redrawn (synchronously, as a store's change
 * is) when the check finds no token.
 */
export const useIsLoggedIn = (): boolean => useSessionStore(signedIn);

const signedInId = (state: Pick<SessionState, 'status' | 'user'>) =>
  state.status === 'signed-in' ? (state.user?.id ?? null) : null;

/** The signed-in user's id, or null: the second part of every user query key. */
export const useCurrentUserId = (): number | null => useSessionStore(signedInId);

/** The same, outside React (e.g. when a mutation's reply arrives). */
export const currentUserId = (): number | null => signedInId(useSessionStore.getState());
