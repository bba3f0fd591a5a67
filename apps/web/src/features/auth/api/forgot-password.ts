import { type ForgotPasswordInput, forgotPasswordSchema } from '@parade/core/auth-schemas';
import { emptyPayloadSchema, successEnvelope } from '@parade/core/envelope';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export { forgotPasswordSchema };

/** Always answers the same, whether or not the account exists. */
export const forgotPassword = (input: ForgotPasswordInput) =>
  apiRequest('auth/forgot', { method: 'POST', body: input, schema: successEnvelope(emptyPayloadSchema) });

export const useForgotPassword = () => useMutation({ mutationFn: forgotPassword });
