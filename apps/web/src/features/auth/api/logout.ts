import { useMutation } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';
import { lazySchema } from '@/lib/lazy-schema';
import { useSessionStore } from '@/lib/session-store';

const emptyPayloadReply = lazySchema(() => import('@parade/core/envelope').then((m) => m.emptyPayloadSchema));

export const logout = () => apiData('auth/logout', { schema: emptyPayloadReply, method: 'POST' });

/**
 * Spec section 4: call the server, then delete the token, clear the user and mark the session
 * signed out. The local sign-out happens even when the server cannot be reached.
 */
export function useLogout() {
  const signOut = useSessionStore((s) => s.signOut);
  return useMutation({
    // This device stops hearing of the customer's orders first, while the token still works.
    // (The push code loads here, on sign-out: no page needs it for its first paint.)
    mutationFn: async () => {
      const { pushDevice } = await import('@/lib/push-device');
      await pushDevice.forget();
      return logout().catch(() => ({}));
    },
    onSettled: () => signOut(),
  });
}
