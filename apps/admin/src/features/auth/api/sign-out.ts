import { emptyPayloadSchema } from '@parade/core/envelope';
import { apiData } from '@/lib/api-client';
import { useSessionStore } from '@/lib/session-store';

/** Revokes the token on the server, then forgets it here whatever the server said. */
export async function signOut(): Promise<void> {
  await apiData('auth/logout', emptyPayloadSchema, { method: 'POST' }).catch(() => undefined);
  useSessionStore.getState().signOut();
}
