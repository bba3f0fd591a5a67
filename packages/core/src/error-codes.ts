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
  'empty_cart',
  'shop_unavailable',
  'collection_point_invalid',
  'delivery_address_required',
  'delivery_out_of_range',
  'points_insufficient',
  'idempotency_key_reused',
  'order_not_found',
  'invoice_not_found',
  'order_status_invalid',
  // Payments.
  'payment_unavailable',
  'invoice_not_payable',
  'webhook_signature_invalid',
  // Offers.
  'offer_not_claimable',
  'offer_not_found',
  'offer_inactive',
  'offer_not_started',
  'offer_ended',
  'offer_full',
  'offer_already_claimed',
  'offer_qr_required',
  'offer_qr_invalid',
  'offer_has_used_claims',
  'claim_not_found',
  'claim_expired',
  'claim_status_invalid',
  'claim_order_invalid',
  // Merchant and admin site.
  'account_disabled',
  'vendor_shop_missing',
  'shop_on_holiday',
  'slug_taken',
  'coupon_code_taken',
  'variation_not_found',
  'image_invalid',
  'shop_request_not_found',
  'shop_request_not_pending',
  'user_not_found',
  'ticket_not_found',
  'mail_not_found',
  'mail_not_retryable',
  'shop_request_pending',
  'already_a_vendor',
  'blog_category_not_empty',
  // Support tickets and order issues.
  'order_item_invalid',
  // Returns.
  'order_item_not_found',
  'return_not_found',
  'return_not_delivered',
  'return_window_closed',
  'return_quantity_exceeded',
  'return_already_decided',
  'return_not_accepted',
  'return_already_received',
  // Digital downloads.
  'download_link_expired',
  'download_link_invalid',
  'download_not_found',
  // QR codes (vendor offers).
  'qr_code_invalid',
  'qr_code_not_found',
] as const;
export const errorCodeSchema = z.enum(errorCodes);
export type ErrorCode = (typeof errorCodes)[number];
