import type { FieldErrors } from '@parade/core/envelope';
import { messages } from '@parade/core/messages';

/**
 * An error a client may see: an HTTP status, a message a person can act on, and per-field
 * errors. Anything thrown that is not an AppError becomes a 500 with the generic message.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors: FieldErrors = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (what = 'Not found') => new AppError(404, what);
export const unauthenticated = () => new AppError(401, messages.unauthenticated);
export const forbidden = () => new AppError(403, messages.forbidden);
export const conflict = (message: string, errors: FieldErrors = {}) => new AppError(409, message, errors);
/** A 422 naming one field, for rules a schema cannot express (e.g. "email already taken"). */
export const invalidField = (field: string, message: string) => new AppError(422, message, { [field]: [message] });
