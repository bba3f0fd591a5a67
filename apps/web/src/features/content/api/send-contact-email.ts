import { type ContactMessageInput, contactMessageSchema } from '@parade/core/content-schemas';
import { emptyPayloadSchema } from '@parade/core/envelope';
import { useMutation } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';

/** The contact form's rules are the API's own (one schema in core), so both say the same. */
export const contactEmailInputSchema = contactMessageSchema;
export type ContactEmailInput = ContactMessageInput;

export const sendContactEmail = (input: ContactEmailInput) =>
  apiData('contact-email', {
    method: 'POST',
    body: { ...input, phone: input.phone || undefined },
    schema: emptyPayloadSchema,
  });

export const useSendContactEmail = () => useMutation({ mutationFn: sendContactEmail });
