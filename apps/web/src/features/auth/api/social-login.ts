import type { SocialLoginInput } from '@parade/core/auth-schemas';
import { useMutation } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';
import { lazySchema } from '@/lib/lazy-schema';
import { useSessionStore } from '@/lib/session-store';

const authPayloadReply = lazySchema(() => import('@parade/core/auth-schemas').then((m) => m.authPayloadSchema));

export const socialLogin = (input: SocialLoginInput) =>
  apiData('auth/social-login', { method: 'POST', body: input, schema: authPayloadReply });

export function useSocialLogin() {
  const signIn = useSessionStore((s) => s.signIn);
  return useMutation({
    mutationFn: socialLogin,
    onSuccess: ({ access_token, user }) => signIn(access_token, user),
  });
}
