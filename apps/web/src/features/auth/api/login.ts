import type { LoginInput } from '@parade/core/auth-schemas';
import { useMutation } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';
import { lazySchema } from '@/lib/lazy-schema';
import { useSessionStore } from '@/lib/session-store';

const authPayloadReply = lazySchema(() => import('@parade/core/auth-schemas').then((m) => m.authPayloadSchema));
/** The form's rules, the API's own (loaded with zod when the form first needs them). */
export const loginSchema = lazySchema(() => import('@parade/core/auth-schemas').then((m) => m.loginSchema));

export const login = (input: LoginInput) =>
  apiData('auth/login', { method: 'POST', body: input, schema: authPayloadReply });

/** Spec section 4: store the access token, then the user. */
export function useLogin() {
  const signIn = useSessionStore((s) => s.signIn);
  return useMutation({
    mutationFn: login,
    onSuccess: ({ access_token, user }) => signIn(access_token, user),
  });
}
