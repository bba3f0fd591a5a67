import type { SuccessEnvelope } from '@parade/core/envelope';

/** Wrap a payload in the contract's success envelope. */
export function ok<T>(data: T, message?: string): SuccessEnvelope<T> {
  return message === undefined ? { status: true, data } : { status: true, message, data };
}
