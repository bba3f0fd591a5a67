import type { UserDto } from '@parade/core/auth-schemas';
import { create } from 'zustand';
import { ADMIN_TOKEN_KEY } from './api-client';
import { queryClient } from './query-client';

/** Only these roles may use this site; a customer is refused at sign-in. */
export type StaffRole = 'vendor' | 'admin';
export type StaffUser = UserDto & { role: StaffRole };

export const isStaff = (user: UserDto): user is StaffUser => user.role === 'vendor' || user.role === 'admin';

interface SessionState {
  /** 'booting' until a stored token has been checked with GET auth/me. */
  status: 'booting' | 'guest' | 'signed-in';
  user: StaffUser | null;
  signIn(accessToken: string, user: StaffUser): void;
  restore(user: StaffUser): void;
  /** Forgets the token, the user and every cached answer (they were this user's). */
  signOut(): void;
}

export const useSessionStore = create<SessionState>()((set) => ({
  status: 'booting',
  user: null,
  signIn(accessToken, user) {
    queryClient.clear();
    localStorage.setItem(ADMIN_TOKEN_KEY, accessToken);
    set({ status: 'signed-in', user });
  },
  restore(user) {
    set({ status: 'signed-in', user });
  },
  signOut() {
    localStorage.removeItem(ADMIN_TOKEN_KEY);
    void queryClient.cancelQueries();
    queryClient.clear();
    set({ status: 'guest', user: null });
  },
}));

/** The signed-in user; only inside the signed-in layout, where the guard guarantees one. */
export function useStaffUser(): StaffUser {
  const user = useSessionStore((s) => s.user);
  if (!user) throw new Error('useStaffUser outside the signed-in layout');
  return user;
}
