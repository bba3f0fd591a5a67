import { type LoginInput, loginSchema, userDtoSchema } from '@parade/core/auth-schemas';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiData } from '@/lib/api-client';
import { useSessionStore } from '@/lib/session-store';

export { loginSchema };

/** What login, register and social login answer: the bearer token and the user. */
export const authReplySchema = z.object({ access_token: z.string().min(1), user: userDtoSchema });

export const login = (input: LoginInput) =>
  apiData('auth/login', { method: 'POST', body: input, schema: authReplySchema });

/** Spec section 4: store the access token, then the user. */
export function useLogin() {
  const signIn = useSessionStore((s) => s.signIn);
  return useMutation({
    mutationFn: login,
    onSuccess: ({ access_token, user }) => signIn(access_token, user),
  });
}
