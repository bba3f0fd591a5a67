import type { LoginInput } from '@parade/core/auth-schemas';
import { useMutation } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';
import { lazySchema } from '@/lib/lazy-schema';
import { useSessionStore } from '@/lib/session-store';

const authPayloadReply = lazySchema(() => import('@parade/core/auth-schemas').then((m) => m.authPayloadSchema));
const loginReply = lazySchema(() => import('@parade/core/account-security-schemas').then((m) => m.loginPayloadSchema));
/** The form's rules, the API's own (loaded with zod when the form first needs them). */
export const loginSchema = lazySchema(() => import('@parade/core/auth-schemas').then((m) => m.loginSchema));

/** The session, or (with two-factor sign-in on) a challenge for the code step (decision 045). */
export const login = (input: LoginInput) => apiData('auth/login', { method: 'POST', body: input, schema: loginReply });

export const loginWithCode = (input: { challenge: string; code: string }) =>
  apiData('auth/login/2fa', { method: 'POST', body: input, schema: authPayloadReply });

/** Spec section 4: store the access token, then the user. Answers the challenge when a code is asked for. */
export function useLogin() {
  const signIn = useSessionStore((s) => s.signIn);
  return useMutation({
    mutationFn: login,
    onSuccess: (reply) => {
      if ('access_token' in reply) signIn(reply.access_token, reply.user);
    },
  });
}

export function useLoginWithCode() {
  const signIn = useSessionStore((s) => s.signIn);
  return useMutation({
    mutationFn: loginWithCode,
    onSuccess: ({ access_token, user }) => signIn(access_token, user),
  });
}
