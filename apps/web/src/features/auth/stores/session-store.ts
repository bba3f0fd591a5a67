import type { UserDto } from '@parade/core/auth-schemas';
import { create } from 'zustand';
import { AUTH_TOKEN_KEY } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';

export type SessionStatus = 'booting' | 'guest' | 'signed-in';

interface SessionState {
  /** 'booting' until the stored token has been checked with the server (GET auth/me). */
  status: SessionStatus;
  user: UserDto | null;
  /** After login or register: keep the token (local storage, sent as Bearer) and the user. */
  signIn(accessToken: string, user: UserDto): void;
  /** The server's newer copy of the signed-in user (e.g. after a profile update). */
  setUser(user: UserDto): void;
  /** Forget the token and the user, and every cached answer that belonged to them. */
  signOut(): void;
}

/** Queries that hold the signed-in user's own data; dropped on sign-out. */
export const PRIVATE_QUERY_KEYS = [['auth', 'me'], ['account']] as const;

export const useSessionStore = create<SessionState>()((set) => ({
  status: 'booting',
  user: null,
  signIn(accessToken, user) {
    localStorage.setItem(AUTH_TOKEN_KEY, accessToken);
    set({ status: 'signed-in', user });
  },
  setUser(user) {
    set({ user });
  },
  signOut() {
    localStorage.removeItem(AUTH_TOKEN_KEY);
    for (const queryKey of PRIVATE_QUERY_KEYS) queryClient.removeQueries({ queryKey });
    set({ status: 'guest', user: null });
  },
}));

/** Spec section 3's isLoggedIn, for components: `const { user, isLoggedIn } = useSession()`. */
export function useSession(): { user: UserDto | null; isLoggedIn: boolean; status: SessionStatus } {
  const user = useSessionStore((s) => s.user);
  const status = useSessionStore((s) => s.status);
  return { user, status, isLoggedIn: status === 'signed-in' && user !== null };
}

export const isSignedIn = () => useSessionStore.getState().status === 'signed-in';
