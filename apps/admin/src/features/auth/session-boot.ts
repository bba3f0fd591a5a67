import { userPayloadSchema } from '@parade/core/auth-schemas';
import { ApiError, onUnauthorized } from '@parade/ui/api-errors';
import { apiData, getAuthToken } from '@/lib/api-client';
import { isStaff, useSessionStore } from '@/lib/session-store';

/**
 * Before the first screen: a stored token is checked with GET auth/me. A token that is no longer
 * valid, or that belongs to someone who is not staff (any more), is dropped. From then on any
 * 401 signs out (a disabled account, a revoked token).
 */
export async function bootSession(): Promise<void> {
  onUnauthorized(() => useSessionStore.getState().signOut());
  const store = useSessionStore.getState();
  if (!getAuthToken()) {
    store.signOut();
    return;
  }
  try {
    const { user } = await apiData('auth/me', userPayloadSchema);
    if (isStaff(user)) store.restore(user);
    else store.signOut();
  } catch (error) {
    // A network failure keeps the token for the next try; a refusal drops it.
    if (error instanceof ApiError && error.status >= 400 && error.status < 500) store.signOut();
    else useSessionStore.setState({ status: 'guest', user: null });
  }
}
