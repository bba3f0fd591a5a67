import type { ResetPasswordInput } from '@parade/core/auth-schemas';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { lazySchema } from '@/lib/lazy-schema';

/** The form's rules, the API's own (loaded with zod when the form first needs them). */
export const resetPasswordSchema = lazySchema(() =>
  import('@parade/core/auth-schemas').then((m) => m.resetPasswordSchema),
);
const emptyEnvelopeReply = lazySchema(() =>
  import('@parade/core/envelope').then((m) => m.successEnvelope(m.emptyPayloadSchema)),
);

export const resetPassword = (input: ResetPasswordInput) =>
  apiRequest('auth/reset', { method: 'POST', body: input, schema: emptyEnvelopeReply });

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
