import type { RegisterInput } from '@parade/core/auth-schemas';
import { useMutation } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';
import { lazySchema } from '@/lib/lazy-schema';
import { useSessionStore } from '@/lib/session-store';

const authPayloadReply = lazySchema(() => import('@parade/core/auth-schemas').then((m) => m.authPayloadSchema));
/** The form's rules, the API's own (loaded with zod when the form first needs them). */
export const registerSchema = lazySchema(() => import('@parade/core/auth-schemas').then((m) => m.registerSchema));

export const register = (input: RegisterInput) =>
  apiData('auth/register', { method: 'POST', body: input, schema: authPayloadReply });

/** A new account is signed in straight away. */
export function useRegister() {
  const signIn = useSessionStore((s) => s.signIn);
  return useMutation({
    mutationFn: register,
    onSuccess: ({ access_token, user }) => signIn(access_token, user),
  });
}
