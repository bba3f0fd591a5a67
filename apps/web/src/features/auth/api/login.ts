import { type LoginInput, loginSchema, type UserDto } from '@parade/core/auth-schemas';
import { useMutation } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';
import { useSessionStore } from '../stores/session-store';

export { loginSchema };

export interface AuthReply {
  access_token: string;
  user: UserDto;
}

export const login = (input: LoginInput) => apiData<AuthReply>('auth/login', { method: 'POST', body: input });

/** Spec section 4: store the access token, then the user. */
export function useLogin() {
  const signIn = useSessionStore((s) => s.signIn);
  return useMutation({
    mutationFn: login,
    onSuccess: ({ access_token, user }) => signIn(access_token, user),
  });
}
