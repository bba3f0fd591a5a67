import type { ForgotPasswordInput } from '@parade/core/auth-schemas';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { lazySchema } from '@/lib/lazy-schema';

/** The form's rules, the API's own (loaded with zod when the form first needs them). */
export const forgotPasswordSchema = lazySchema(() =>
  import('@parade/core/auth-schemas').then((m) => m.forgotPasswordSchema),
);
const emptyEnvelopeReply = lazySchema(() =>
  import('@parade/core/envelope').then((m) => m.successEnvelope(m.emptyPayloadSchema)),
);

/** Always answers the same, whether or not the account exists. */
export const forgotPassword = (input: ForgotPasswordInput) =>
  apiRequest('auth/forgot', { method: 'POST', body: input, schema: emptyEnvelopeReply });

export const useForgotPassword = () => useMutation({ mutationFn: forgotPassword });
