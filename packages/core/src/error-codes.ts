/**
 * The stable, machine-readable reasons of the failure envelope's `code`
 * (`{status: false, message, code, errors}`). Clients branch on these, never on the message.
 * docs/api-errors.md lists each code with its HTTP status and when it happens.
 */
import { z } from 'zod';

export const errorCodes = [
  // Generic: any route.
  'bad_request',
  'invalid_json',
  'input_too_deep',
  'payload_too_large',
  'unsupported_media_type',
  'validation_failed',
  'unauthenticated',
  'forbidden',
  'not_found',
  'route_not_found',
  'conflict',
  'rate_limited',
  'server_error',
  'service_unavailable',
  // Accounts.
  'email_taken',
  'password_too_common',
  'invalid_credentials',
  'account_locked',
  'reset_token_invalid',
  'social_provider_unavailable',
  'social_token_invalid',
  'social_email_unverified',
  'avatar_too_large',
  'avatar_not_image',
  'address_not_found',
  // Catalogue and content.
  'product_not_found',
  'shop_not_found',
  'post_not_found',
  // Location.
  'postcode_invalid',
  // Cart and checkout.
  'coupon_not_found',
  'coupon_expired',
  'coupon_used_up',
  'coupon_user_limit_reached',
  'coupon_not_applicable',
  'coupon_min_spend',
  'out_of_stock',
  // Offers.
  'offer_not_claimable',
] as const;
export const errorCodeSchema = z.enum(errorCodes);
export type ErrorCode = (typeof errorCodes)[number];
