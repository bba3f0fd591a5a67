import type { FieldErrors } from '@parade/core/envelope';
import { messages } from '@parade/core/messages';
import type { z } from 'zod';

/**
 * How a call to the API fails, the same in the storefront and the merchant site. Each app keeps
 * its own fetch (its own token key and API address) in its lib/api-client.ts.
 */

/** A failed call: the reply's message, field errors and code, or the client's own message. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly errors: FieldErrors = {},
    /** The envelope's machine-readable reason (error-codes.ts), when the server sent one. */
    readonly code?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** What a failed reply's envelope may carry. */
export interface FailedReply {
  message?: string;
  code?: string;
  errors?: FieldErrors;
}

/** The ApiError for a failed reply: the envelope's message, field errors and code, or the generic message. */
export function errorFromReply(status: number, reply: FailedReply | null): ApiError {
  return new ApiError(
    reply?.message || messages.genericError,
    status,
    reply?.errors ?? {},
    typeof reply?.code === 'string' ? reply.code : undefined,
  );
}

type UnauthorizedListener = () => void;
const unauthorizedListeners = new Set<UnauthorizedListener>();

/** Called when any request answers 401, so the app can sign out cleanly. */
export function onUnauthorized(listener: UnauthorizedListener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

/**
 * A request answered 401. Only a 401 for the token still held ends the session: a late answer to
 * a request sent with the previous user's (now revoked) token must not sign out whoever signed
 * in since.
 */
export function reportUnauthorized(sentToken: string | null, heldToken: string | null): void {
  if (sentToken !== heldToken) return;
  for (const listener of unauthorizedListeners) listener();
}

/**
 * A reply checked against its contract (@parade/core). One that does not match is the server's
 * fault, not the user's: log what differed (field paths and codes only, never the values, so
 * never a token) and show the generic message.
 */
export function parseReply<S extends z.ZodType>(schema: S, value: unknown, path: string, status: number): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  console.error(
    `The reply to ${path.split('?')[0]} does not match its schema`,
    result.error.issues.map((issue) => ({ path: issue.path.join('.'), code: issue.code })),
  );
  throw new ApiError(messages.genericError, status);
}
