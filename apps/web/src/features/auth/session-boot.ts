import { ApiError, onUnauthorized } from '@parade/ui/api-errors';
import { AUTH_TOKEN_KEY, getAuthToken } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { useSessionStore } from '@/lib/session-store';
import { getMe, getMeQueryOptions } from './api/get-me';

let booting: Promise<void> | null = null;

/**
 * Spec section 4, boot: check the stored token with the server (GET auth/me) once, before the
 * first navigation. Route guards await this, and start.tsx shows a splash (or the server's frame
 * of the page) until it settles.
 * From then on a 401 from any call signs the user out cleanly, and so does a sign-out in
 * another tab.
 */
export function bootSession(): Promise<void> {
  booting ??= boot();
  return booting;
}

async function boot(): Promise<void> {
  const { signOut } = useSessionStore.getState();
  onUnauthorized(() => {
    if (getAuthToken() !== null || useSessionStore.getState().status === 'signed-in') signOut();
  });
  window.addEventListener('storage', (event) => {
    if (event.key !== AUTH_TOKEN_KEY || event.newValue === event.oldValue) return;
    if (event.newValue === null) {
      if (useSessionStore.getState().status === 'signed-in') signOut();
    } else {
      // Another tab signed in, perhaps as someone else: this tab's requests now carry that
      // token, so start again from it rather than show the new answers as the old user's.
      window.location.reload();
    }
  });

  if (getAuthToken() === null) {
    useSessionStore.setState({ status: 'guest', user: null });
    return;
  }
  try {
    const me = await getMe();
    queryClient.setQueryData(getMeQueryOptions(me.user.id).queryKey, me);
    useSessionStore.getState().restore(me.user);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) signOut();
    // Server unreachable: browse as a guest for now, but keep the token for the next visit.
    else useSessionStore.setState({ status: 'guest', user: null });
  }
}
