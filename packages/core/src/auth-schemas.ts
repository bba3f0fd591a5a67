/**
 * Account forms and wire shapes shared by the API (request validation, response DTOs) and the
 * storefront (form validation). The helper rules are spec section 5's: an e-mail must look like
 * one, names hold only letters, spaces, hyphens and dots, and a confirmation must be present and
 * equal to the value it confirms.
 */
import { z } from 'zod';
import { MAX_SAVED_ADDRESSES, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './auth-rules';
import { userRoleSchema } from './enums';
import { normalisePostcode } from './postcode';

export * from './auth-rules';

export const authMessages = {
  emailInvalid: 'Please enter a valid e-mail address.',
  emailTaken: 'The e-mail has already been taken.',
  nameInvalid: 'Please use only letters, spaces, hyphens and dots.',
  nameRequired: 'Please enter a name.',
  passwordTooShort: `The password must be at least ${PASSWORD_MIN_LENGTH} characters.`,
  passwordTooLong: `The password must be at most ${PASSWORD_MAX_LENGTH} characters.`,
  passwordRequired: 'Please enter your password.',
  passwordCommon: 'This password is too common. Please choose a less guessable one.',
  confirmationRequired: 'Please confirm the password.',
  confirmationMismatch: 'The password confirmation does not match.',
  phoneInvalid: 'Please enter a valid phone number.',
  postcodeInvalid: 'Please enter a valid UK postcode.',
  required: 'This field is required.',
  badCredentials: 'These credentials do not match our records.',
  forgotSent: 'If an account exists for that e-mail, we have sent a link to reset the password.',
  resetInvalid: 'This password reset link is invalid or has expired.',
  resetDone: 'Your password has been reset. Please log in with the new password.',
  loggedOut: 'You have been logged out.',
  avatarNotImage: 'The avatar must be a PNG, JPEG, WebP or GIF image.',
  avatarTooLarge: 'The avatar must be at most 2 MB.',
  socialDisabled: 'This sign-in provider is not available.',
  socialInvalid: 'The sign-in with this provider could not be verified.',
  addressNotFound: 'Address not found.',
  addressLimit: `You can save up to ${MAX_SAVED_ADDRESSES} addresses. Please delete one to add another.`,
} as const;

export const emailSchema = z
  .string({ error: authMessages.emailInvalid })
  .trim()
  .max(254, authMessages.emailInvalid)
  .pipe(z.email({ error: authMessages.emailInvalid }));

/** Letters of any alphabet, spaces, hyphens and dots, with at least one letter. */
export const NAME_PATTERN = /^(?=.*\p{L})[\p{L}\p{M} .-]+$/u;

export const nameSchema = z
  .string({ error: authMessages.nameRequired })
  .trim()
  .min(1, authMessages.nameRequired)
  .max(100, 'The name must be at most 100 characters.')
  .regex(NAME_PATTERN, authMessages.nameInvalid);

export const passwordSchema = z
  .string({ error: authMessages.passwordRequired })
  .min(PASSWORD_MIN_LENGTH, authMessages.passwordTooShort)
  .max(PASSWORD_MAX_LENGTH, authMessages.passwordTooLong);

const PHONE_PATTERN = /^\+?[0-9][0-9 ()-]{5,18}[0-9]$/;

/** A UK or international phone number; '' (or absent) means none. */
export const optionalPhoneSchema = z
  .string()
  .trim()
  .max(20, authMessages.phoneInvalid)
  .refine((value) => value === '' || PHONE_PATTERN.test(value), authMessages.phoneInvalid)
  .nullish();

export const phoneSchema = z
  .string({ error: authMessages.required })
  .trim()
  .min(1, authMessages.required)
  .max(20, authMessages.phoneInvalid)
  .regex(PHONE_PATTERN, authMessages.phoneInvalid);

/** A full UK postcode ("E1 0AD", "EC1A 1BB"), normalised to upper case with one space. */
export const postcodeSchema = z
  .string({ error: authMessages.postcodeInvalid })
  .trim()
  .regex(/^[A-Za-z]{1,2}\d[A-Za-z\d]?\s*\d[A-Za-z]{2}$/, authMessages.postcodeInvalid)
  .transform(normalisePostcode);

/** Spec section 5: the confirmation must be present and equal to the password. */
function withConfirmation<T extends z.ZodRawShape & { password: z.ZodType<string> }>(shape: T) {
  return z
    .object({ ...shape, password_confirmation: z.string({ error: authMessages.confirmationRequired }) })
    .superRefine((value, ctx) => {
      const { password, password_confirmation } = value as { password: string; password_confirmation: string };
      if (password_confirmation === '') {
        ctx.addIssue({ code: 'custom', path: ['password_confirmation'], message: authMessages.confirmationRequired });
      } else if (password !== password_confirmation) {
        ctx.addIssue({ code: 'custom', path: ['password_confirmation'], message: authMessages.confirmationMismatch });
      }
    });
}

export const loginSchema = z.object({
  email: emailSchema,
  password: z.string({ error: authMessages.passwordRequired }).min(1, authMessages.passwordRequired).max(1024),
});
export type LoginInput = z.input<typeof loginSchema>;

export const registerSchema = withConfirmation({
  name: nameSchema,
  email: emailSchema,
  phone: optionalPhoneSchema,
  password: passwordSchema,
});
export type RegisterInput = z.input<typeof registerSchema>;

export const forgotPasswordSchema = z.object({ email: emailSchema });
export type ForgotPasswordInput = z.input<typeof forgotPasswordSchema>;

export const resetPasswordSchema = withConfirmation({
  token: z.string({ error: authMessages.resetInvalid }).min(16, authMessages.resetInvalid).max(200),
  email: emailSchema,
  password: passwordSchema,
});
export type ResetPasswordInput = z.input<typeof resetPasswordSchema>;

export const socialLoginSchema = z.object({
  provider: z.string().min(1).max(40),
  id_token: z.string().min(1).max(16_384),
  /** The provider's user id as the client saw it; when sent it must equal the token's subject. */
  uid: z.string().max(255).optional(),
  /** The nonce the client put into the authorisation request, echoed in the ID token. */
  nonce: z.string().max(255).optional(),
});
export type SocialLoginInput = z.input<typeof socialLoginSchema>;

export const profileSchema = z.object({
  name: nameSchema,
  phone: optionalPhoneSchema,
});
export type ProfileInput = z.input<typeof profileSchema>;

export const addressSchema = z.object({
  label: z.string().trim().max(40, 'The label must be at most 40 characters.').optional(),
  name: nameSchema,
  phone: phoneSchema,
  line1: z.string({ error: authMessages.required }).trim().min(1, authMessages.required).max(120),
  line2: z.string().trim().max(120).nullish(),
  city: z.string({ error: authMessages.required }).trim().min(1, authMessages.required).max(80),
  postcode: postcodeSchema,
  is_default: z.boolean().optional(),
});
export type AddressInput = z.input<typeof addressSchema>;

export { type UserRole, userRoles } from './enums';

/** The user as every reply shows it; never the password hash. */
export const userDtoSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  role: userRoleSchema,
  /** Public URL of the avatar picture, or null for the letter avatar. */
  avatar: z.string().nullable(),
});
export type UserDto = z.infer<typeof userDtoSchema>;

export const addressDtoSchema = z.object({
  id: z.number().int(),
  label: z.string(),
  name: z.string(),
  phone: z.string(),
  line1: z.string(),
  line2: z.string().nullable(),
  city: z.string(),
  postcode: z.string(),
  is_default: z.boolean(),
});
export type AddressDto = z.infer<typeof addressDtoSchema>;

/** GET /api/auth/providers: what a client needs to start an OpenID Connect sign-in. */
export const authProviderSchema = z.object({
  id: z.string(),
  name: z.string(),
  client_id: z.string(),
  authorization_endpoint: z.string().nullable(),
});
export type AuthProvider = z.infer<typeof authProviderSchema>;

/** Login, register and social login: the bearer token and the user. */
export const authPayloadSchema = z.object({ access_token: z.string().min(1), user: userDtoSchema });
export type AuthPayload = z.infer<typeof authPayloadSchema>;

/** GET auth/me and POST user/update-profile. */
export const userPayloadSchema = z.object({ user: userDtoSchema });

/** GET auth/providers. */
export const providersPayloadSchema = z.object({ providers: z.array(authProviderSchema) });

/** The address book (GET user/address, and the calls that change it and answer the whole list). */
export const addressListPayloadSchema = z.object({ addresses: z.array(addressDtoSchema) });

/** One address (create, update). */
/** POST user/address, POST user/address/{id}, PATCH user/address/default/{id}: the address itself (the contract). */
export const addressPayloadSchema = addressDtoSchema;
