import type { SuccessEnvelope } from '@parade/core/envelope';
import { failureEnvelopeSchema } from '@parade/core/envelope';

/** Wrap a payload in the contract's success envelope. */
export function ok<T>(data: T, message?: string): SuccessEnvelope<T> {
  return message === undefined ? { status: true, data } : { status: true, message, data };
}

/**
 * The failure replies every route declares beside its success reply: any 4xx or 5xx leaves in
 * `{status: false, message, code, errors}`, `code` one of @parade/core's errorCodes.
 */
export const failureResponses = {
  '4xx': failureEnvelopeSchema.describe('A client error: `code` says why, `errors` names the fields'),
  '5xx': failureEnvelopeSchema.describe('A server error: `code` is server_error or service_unavailable'),
} as const;
