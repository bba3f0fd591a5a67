import type { ContactMessageInput } from '@parade/core/content-schemas';
import { useMutation } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';
import { lazySchema } from '@/lib/lazy-schema';

const emptyPayloadReply = lazySchema(() => import('@parade/core/envelope').then((m) => m.emptyPayloadSchema));

/** The contact form's rules are the API's own (one schema in core), so both say the same. */
export const contactEmailInputSchema = lazySchema(() =>
  import('@parade/core/content-schemas').then((m) => m.contactMessageSchema),
);
export type ContactEmailInput = ContactMessageInput;

export const sendContactEmail = (input: ContactEmailInput) =>
  apiData('contact-email', {
    method: 'POST',
    body: { ...input, phone: input.phone || undefined },
    schema: emptyPayloadReply,
  });

export const useSendContactEmail = () => useMutation({ mutationFn: sendContactEmail });
