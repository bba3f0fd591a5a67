/**
 * The API contract's reply envelope, shared by the API (to build it and to declare it in the
 * OpenAPI document) and the apps (to read and parse it).
 */
import { z } from 'zod';
import { type ErrorCode, errorCodeSchema } from './error-codes';

/** Per-field messages: `{ "items.0": ["..."] }`. */
export const fieldErrorsSchema = z.record(z.string(), z.array(z.string()));
export type FieldErrors = Record<string, string[]>;

export interface SuccessEnvelope<T> {
  status: true;
  message?: string;
  data: T;
}

export interface FailureEnvelope {
  status: false;
  message: string;
  /** A stable machine-readable reason (see error-codes.ts); branch on this, not on the message. */
  code: ErrorCode;
  errors: FieldErrors;
}

export type Envelope<T> = SuccessEnvelope<T> | FailureEnvelope;

/** Laravel paginator shape used by every paged list. */
export interface Paginated<T> {
  data: T[];
  current_page: number;
  last_page: number;
  per_page: number;
  total: number;
}

/** `{status: true, message?, data: T}` around a payload schema. */
export function successEnvelope<T extends z.ZodType>(data: T) {
  return z.object({ status: z.literal(true), message: z.string().optional(), data });
}

/** An empty payload (`{}`), as replies that only confirm answer. */
export const emptyPayloadSchema = z.object({});

/** `{status: false, message, code, errors}`: every failure, whatever the status. */
export const failureEnvelopeSchema = z
  .object({
    status: z.literal(false),
    message: z.string(),
    code: errorCodeSchema,
    errors: fieldErrorsSchema,
  })
  .meta({ description: 'Every failure: a message for people, a code for programs.' });

/** Either envelope around a payload schema, for clients parsing any reply of a call. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.discriminatedUnion('status', [successEnvelope(data), failureEnvelopeSchema]);
}

/**
 * A list reply's data (`data: T[]`, e.g. GET brands). For clients that load schemas lazily
 * (the storefront, decision 039): composing here keeps zod a static import, which the bundler
 * trims to what is used, where a client's own `import('zod')` would bring all of it.
 */
export function listOf<T extends z.ZodType>(item: T) {
  return z.array(item);
}

/** The Laravel paginator `{data: T[], current_page, last_page, per_page, total}` around an item schema. */
export function paginated<T extends z.ZodType>(item: T) {
  return z.object({
    data: z.array(item),
    current_page: z.number().int(),
    last_page: z.number().int(),
    per_page: z.number().int(),
    total: z.number().int(),
  });
}

export function paginate<T>(data: T[], total: number, page: number, perPage: number): Paginated<T> {
  return {
    data,
    current_page: page,
    last_page: Math.max(1, Math.ceil(total / perPage)),
    per_page: perPage,
    total,
  };
}
