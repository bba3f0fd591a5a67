import { emptyPayloadSchema } from '@parade/core/envelope';
import { apiData } from '@/lib/api-client';
import { pushDevice } from '@/lib/push-device';
import { useSessionStore } from '@/lib/session-store';

/**
 * Ends this device's new-order notifications (while the token still works), revokes the token
 * on the server, then forgets it here whatever the server said.
 */
export async function signOut(): Promise<void> {
  await pushDevice.forget();
  await apiData('auth/logout', emptyPayloadSchema, { method: 'POST' }).catch(() => undefined);
  useSessionStore.getState().signOut();
}
