import type { SocialLoginInput } from '@parade/core/auth-schemas';
import { authPayloadSchema } from '@parade/core/auth-schemas';
import { useMutation } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';
import { useSessionStore } from '@/lib/session-store';

export const socialLogin = (input: SocialLoginInput) =>
  apiData('auth/social-login', { method: 'POST', body: input, schema: authPayloadSchema });

export function useSocialLogin() {
  const signIn = useSessionStore((s) => s.signIn);
  return useMutation({
    mutationFn: socialLogin,
    onSuccess: ({ access_token, user }) => signIn(access_token, user),
  });
}
