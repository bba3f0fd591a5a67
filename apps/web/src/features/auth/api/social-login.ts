import type { SocialLoginInput } from '@parade/core/auth-schemas';
import { useMutation } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';
import { useSessionStore } from '../stores/session-store';
import type { AuthReply } from './login';

export const socialLogin = (input: SocialLoginInput) =>
  apiData<AuthReply>('auth/social-login', { method: 'POST', body: input });

export function useSocialLogin() {
  const signIn = useSessionStore((s) => s.signIn);
  return useMutation({
    mutationFn: socialLogin,
    onSuccess: ({ access_token, user }) => signIn(access_token, user),
  });
}
