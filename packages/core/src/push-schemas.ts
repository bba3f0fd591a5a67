/**
 * Web push (docs/decisions/027): the wire shapes of the opt-in routes, and the message a push
 * carries to a service worker. Shared by the API (validation, OpenAPI), the storefront and the
 * merchant site (their service workers read `pushMessageSchema`).
 */
import { z } from 'zod';

/** A device's subscription keys, as PushSubscription.toJSON() gives them (RFC 8291). */
export const PUSH_KEY_BYTES = {
  /** The browser's P-256 public key, uncompressed: 0x04, then x and y. */
  p256dh: 65,
  /** The authentication secret. */
  auth: 16,
} as const;

/** Devices one user may have subscribed at once: more than anyone carries; past it the oldest goes. */
export const MAX_PUSH_SUBSCRIPTIONS_PER_USER = 10;

/** Push services' endpoints are a few hundred characters; this leaves room and stops abuse. */
export const PUSH_ENDPOINT_MAX_LENGTH = 1024;

export const pushMessages = {
  endpointInvalid: 'The endpoint must be an https URL of a push service.',
  keyInvalid: (name: string, bytes: number) => `The ${name} key must be ${bytes} bytes in base64url.`,
} as const;

const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;

/** The bytes of base64url text (padding tolerated), as a binary string; null when it is not base64url. */
function decodeBase64url(text: string): string | null {
  if (!BASE64URL.test(text)) return null;
  const base64 = text.replace(/=+$/, '').replace(/-/g, '+').replace(/_/g, '/');
  try {
    return atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
  } catch {
    return null;
  }
}

/** base64url decoding to exactly `bytes` bytes, the first of them `firstByte` when given; kept unpadded. */
function base64urlBytes(name: string, bytes: number, firstByte?: number) {
  const message = pushMessages.keyInvalid(name, bytes);
  return z
    .string()
    .trim()
    .max(200, message)
    .refine((text) => {
      const decoded = decodeBase64url(text);
      return decoded?.length === bytes && (firstByte === undefined || decoded.charCodeAt(0) === firstByte);
    }, message)
    .transform((text) => text.replace(/=+$/, ''));
}

/**
 * A push service's endpoint: an https URL (the web-push library speaks only https), without
 * user name or password. The browser hands it over; the server only ever POSTs to it.
 */
export const pushEndpointSchema = z
  .string()
  .trim()
  .max(PUSH_ENDPOINT_MAX_LENGTH, pushMessages.endpointInvalid)
  .refine((text) => {
    try {
      const url = new URL(text);
      return url.protocol === 'https:' && url.hostname !== '' && url.username === '' && url.password === '';
    } catch {
      return false;
    }
  }, pushMessages.endpointInvalid);

/**
 * POST /user/push-subscriptions: what the browser's PushSubscription.toJSON() gives
 * (`expirationTime` and anything else is ignored).
 */
export const pushSubscriptionBodySchema = z.object({
  endpoint: pushEndpointSchema,
  keys: z.object({
    p256dh: base64urlBytes('p256dh', PUSH_KEY_BYTES.p256dh, 0x04),
    auth: base64urlBytes('auth', PUSH_KEY_BYTES.auth),
  }),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBodySchema>;

/** DELETE /user/push-subscriptions: the endpoint to forget (only the caller's own). */
export const pushUnsubscribeBodySchema = z.object({ endpoint: pushEndpointSchema });
export type PushUnsubscribeBody = z.infer<typeof pushUnsubscribeBodySchema>;

/** GET /push/public-key: the server's VAPID public key, the `applicationServerKey` of subscribe(). */
export const pushPublicKeyPayloadSchema = z.object({
  /** P-256 public key, uncompressed, base64url without padding (87 characters). */
  public_key: z.string(),
});
export type PushPublicKeyPayload = z.infer<typeof pushPublicKeyPayloadSchema>;

/** The reply of both subscription routes: whether this device is now subscribed. */
export const pushSubscriptionPayloadSchema = z.object({ subscribed: z.boolean() });
export type PushSubscriptionPayload = z.infer<typeof pushSubscriptionPayloadSchema>;

/**
 * What one push carries (encrypted; JSON): the notification's title and body, the page a click
 * opens (absolute, on this site), and a tag so a newer push about the same order replaces the
 * older one on the device.
 */
export const pushMessageSchema = z.object({
  title: z.string(),
  body: z.string(),
  url: z.string(),
  tag: z.string(),
});
export type PushMessage = z.infer<typeof pushMessageSchema>;
