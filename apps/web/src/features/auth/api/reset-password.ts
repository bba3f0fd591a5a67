import { type ResetPasswordInput, resetPasswordSchema } from '@parade/core/auth-schemas';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export { resetPasswordSchema };

export const resetPassword = (input: ResetPasswordInput) =>
  apiRequest<{ message?: string }>('auth/reset', { method: 'POST', body: input });

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
