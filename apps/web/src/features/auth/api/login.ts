import { authPayloadSchema, type LoginInput, loginSchema } from '@parade/core/auth-schemas';
import { useMutation } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';
import { useSessionStore } from '@/lib/session-store';

export { loginSchema };

export const login = (input: LoginInput) =>
  apiData('auth/login', { method: 'POST', body: input, schema: authPayloadSchema });

/** Spec section 4: store the access token, then the user. */
export function useLogin() {
  const signIn = useSessionStore((s) => s.signIn);
  return useMutation({
    mutationFn: login,
    onSuccess: ({ access_token, user }) => signIn(access_token, user),
  });
}
