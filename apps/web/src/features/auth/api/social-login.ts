import type { SocialLoginInput } from '@parade/core/auth-schemas';
import { useMutation } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';
import { lazySchema } from '@/lib/lazy-schema';
import { useSessionStore } from '@/lib/session-store';

const loginReply = lazySchema(() => import('@parade/core/account-security-schemas').then((m) => m.loginPayloadSchema));

/** The session, or (an account with two-factor sign-in on) a challenge for the code step, as auth/login answers. */
export const socialLogin = (input: SocialLoginInput) =>
  apiData('auth/social-login', { method: 'POST', body: input, schema: loginReply });

export function useSocialLogin() {
  const signIn = useSessionStore((s) => s.signIn);
  return useMutation({
    mutationFn: socialLogin,
    onSuccess: (reply) => {
      if ('access_token' in reply) signIn(reply.access_token, reply.user);
    },
  });
}
