import type { FieldErrors } from '@parade/core/envelope';
import type { ErrorCode } from '@parade/core/error-codes';
import { messages } from '@parade/core/messages';

/** The code an AppError gets when its thrower names none: the generic reason of its status. */
export function defaultCodeFor(statusCode: number): ErrorCode {
  switch (statusCode) {
    case 400:
      return 'bad_request';
    case 401:
      return 'unauthenticated';
    case 403:
      return 'forbidden';
    case 404:
      return 'not_found';
    case 409:
      return 'conflict';
    case 413:
      return 'payload_too_large';
    case 415:
      return 'unsupported_media_type';
    case 422:
      return 'validation_failed';
    case 429:
      return 'rate_limited';
    case 503:
      return 'service_unavailable';
    default:
      return statusCode >= 400 && statusCode < 500 ? 'bad_request' : 'server_error';
  }
}

/**
 * An error a client may see: an HTTP status, a message a person can act on, per-field errors and
 * a stable machine-readable `code` (listed in @parade/core/error-codes) that clients branch on.
 * Anything thrown that is not an AppError becomes a 500 `server_error` with the generic message.
 */
export class AppError extends Error {
  readonly code: ErrorCode;

  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors: FieldErrors = {},
    code?: ErrorCode,
  ) {
    super(message);
    this.name = 'AppError';
    this.code = code ?? defaultCodeFor(statusCode);
  }
}

export const notFound = (what = 'Not found', code: ErrorCode = 'not_found') => new AppError(404, what, {}, code);
export const unauthenticated = () => new AppError(401, messages.unauthenticated, {}, 'unauthenticated');
export const forbidden = () => new AppError(403, messages.forbidden, {}, 'forbidden');
export const conflict = (message: string, errors: FieldErrors = {}, code: ErrorCode = 'conflict') =>
  new AppError(409, message, errors, code);
/** A 422 naming one field, for rules a schema cannot express (e.g. "email already taken"). */
export const invalidField = (field: string, message: string, code: ErrorCode = 'validation_failed') =>
  new AppError(422, message, { [field]: [message] }, code);
