import { authPayloadSchema, type RegisterInput, registerSchema } from '@parade/core/auth-schemas';
import { useMutation } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';
import { useSessionStore } from '@/lib/session-store';

export { registerSchema };

export const register = (input: RegisterInput) =>
  apiData('auth/register', { method: 'POST', body: input, schema: authPayloadSchema });

/** A new account is signed in straight away. */
export function useRegister() {
  const signIn = useSessionStore((s) => s.signIn);
  return useMutation({
    mutationFn: register,
    onSuccess: ({ access_token, user }) => signIn(access_token, user),
  });
}
