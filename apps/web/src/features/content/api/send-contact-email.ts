import { isEmailAddress, isPersonName } from '@parade/core/text';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiData } from '@/lib/api-client';

/** The contact form (spec section 5 helper rules: names are letters, spaces, hyphens and dots). */
export const contactEmailInputSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Please enter your name')
    .max(100, 'Please use at most 100 characters')
    .refine(isPersonName, 'Names may only contain letters, spaces, hyphens and dots'),
  email: z
    .string()
    .trim()
    .min(1, 'Please enter your e-mail address')
    .refine(isEmailAddress, 'Please enter a valid e-mail address'),
  phone: z
    .string()
    .trim()
    .max(30, 'Please use at most 30 characters')
    .regex(/^[+\d\s()-]*$/, 'Please enter a valid phone number')
    .optional(),
  subject: z.string().trim().min(1, 'Please enter a subject').max(150, 'Please use at most 150 characters'),
  message: z
    .string()
    .trim()
    .min(1, 'Please enter a message')
    .min(10, 'Please write at least 10 characters')
    .max(5000, 'Please use at most 5000 characters'),
});

export type ContactEmailInput = z.infer<typeof contactEmailInputSchema>;

export const sendContactEmail = (input: ContactEmailInput) =>
  apiData<Record<string, never>>('contact-email', {
    method: 'POST',
    body: { ...input, phone: input.phone || undefined },
  });

export const useSendContactEmail = () => useMutation({ mutationFn: sendContactEmail });
