/**
 * Wire shapes of a customer's own shop-create request (`GET/POST user/shop-create-request`,
 * `POST user/shop-create-request/cancel`). The platform decides on it through
 * `admin/shop-requests` (admin-schemas.ts). The shop's e-mail is the account's.
 */
import { z } from 'zod';
import { phoneSchema, postcodeSchema } from './auth-schemas';
import { shopRequestStatusSchema } from './enums';

const required = 'This field is required.';

/** POST user/shop-create-request: one pending request per account at a time. */
export const shopCreateRequestInputSchema = z.object({
  shop_name: z.string({ error: required }).trim().min(2, 'Give the shop a name.').max(120),
  description: z.string().trim().max(2000).nullish(),
  address: z.string({ error: required }).trim().min(1, required).max(200),
  postcode: postcodeSchema,
  phone: phoneSchema,
});
export type ShopCreateRequestInput = z.input<typeof shopCreateRequestInputSchema>;

/** The caller's request as they see it; `admin_note` is the reason of a rejection. */
export const shopCreateRequestSchema = z.object({
  id: z.number().int(),
  shop_name: z.string(),
  description: z.string().nullable(),
  phone: z.string(),
  email: z.string(),
  address: z.string(),
  postcode: z.string(),
  status: shopRequestStatusSchema,
  admin_note: z.string().nullable(),
  shop_id: z.number().int().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ShopCreateRequest = z.infer<typeof shopCreateRequestSchema>;
