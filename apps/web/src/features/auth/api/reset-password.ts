import { type ResetPasswordInput, resetPasswordSchema } from '@parade/core/auth-schemas';
import { emptyPayloadSchema, successEnvelope } from '@parade/core/envelope';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export { resetPasswordSchema };

export const resetPassword = (input: ResetPasswordInput) =>
  apiRequest('auth/reset', { method: 'POST', body: input, schema: successEnvelope(emptyPayloadSchema) });

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
