import type { FailureEnvelope, FieldErrors } from '@parade/core/envelope';
import type { ErrorCode } from '@parade/core/error-codes';
import { messages } from '@parade/core/messages';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, defaultCodeFor } from '../lib/errors';
import { StorageUnavailableError } from '../lib/storage/object-store';

/** Fastify's router's longest path parameter (its default `maxParamLength`, which app.ts keeps). */
const MAX_PARAM_LENGTH = 100;

function failure(code: ErrorCode, message: string, errors: FieldErrors = {}): FailureEnvelope {
  return { status: false, message, code, errors };
}

/** "/items/0/quantity" -> "items.0.quantity"; a body-level error is keyed by "body". */
function fieldName(instancePath: string, fallback: string): string {
  const name = instancePath.replace(/^\//, '').replaceAll('/', '.');
  return name === '' ? fallback : name;
}

/** PostgreSQL's "data exception" codes that bad input can cause: out of range, bad text, bad bytes. */
const badInputCodes = new Set(['22003', '22P02', '22021', '22001', '22007', '22008']);
function isBadInputFromDatabase(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && badInputCodes.has(code)) return true;
  }
  return false;
}

/**
 * The database gave up rather than failed: a statement ran past DB_STATEMENT_TIMEOUT_MS
 * (57014 query_canceled, also what a cancelled query reports), or no pooled connection came
 * free in time. The request may well succeed later: 503, not 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '57014') return true;
    if (e instanceof Error && e.message === 'timeout exceeded when trying to connect') return true;
  }
  return false;
}

/** Deeper than any input of ours: such a body is refused rather than walked. */
const MAX_INPUT_DEPTH = 32;

/**
 * The path of a NUL character anywhere in the query, parameters or body (PostgreSQL text cannot
 * hold it), or null. Walks with its own stack, so a deeply nested body cannot overflow ours.
 */
function findNul(root: unknown, rootPath: string): string | null {
  const pending: { value: unknown; path: string; depth: number }[] = [{ value: root, path: rootPath, depth: 0 }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value, path, depth } = next;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return path;
    } else if (value && typeof value === 'object') {
      if (depth >= MAX_INPUT_DEPTH) throw new AppError(400, 'The request is nested too deeply.', {}, 'input_too_deep');
      for (const [key, inner] of Object.entries(value)) {
        pending.push({ value: inner, path: path ? `${path}.${key}` : key, depth: depth + 1 });
      }
    }
  }
  return null;
}

/**
 * Every failure leaves in the contract's envelope. Only errors below 500 show their own
 * message; a 5xx is logged in full and answered with the generic message. Registered before any
 * plugin that declares a route: a Fastify route keeps the error handler of when it was declared,
 * and CORS's catch-all OPTIONS route (security), the OpenAPI document and the static apps' routes
 * answered a bad body in Fastify's own shape while this came later (an outside audit, 2026-11-28).
 */
export const errorHandlerPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof AppError) {
        // A 429 of our own counters (auth's TooManyRequests) says when to come back.
        const retryAfter = (error as { retryAfterSeconds?: unknown }).retryAfterSeconds;
        if (typeof retryAfter === 'number') reply.header('retry-after', String(retryAfter));
        return reply.status(error.statusCode).send(failure(error.code, error.message, error.errors));
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const errors: FieldErrors = {};
        for (const issue of error.validation) {
          const key = fieldName(issue.instancePath, error.validationContext ?? 'body');
          const list = errors[key] ?? [];
          // One field can fail the same way twice (`name: []` is not text, for the type and for
          // the emptiness check): each message is said once.
          const message = issue.message ?? 'Invalid value';
          if (!list.includes(message)) list.push(message);
          errors[key] = list;
        }
        return reply.status(422).send(failure('validation_failed', messages.validationFailed, errors));
      }
      if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
        return reply.status(400).send(failure('invalid_json', messages.invalidJson));
      }

      // Input the database cannot store (a number out of range, bytes it refuses) is the
      // client's mistake, not ours; every route validates first, so this is a safety net.
      if (isBadInputFromDatabase(error)) {
        return reply.status(422).send(failure('validation_failed', messages.validationFailed));
      }
      if (error instanceof StorageUnavailableError) {
        request.log.warn({ err: error }, 'object storage unreachable or refusing');
        return reply
          .status(503)
          .header('retry-after', String(app.config.shedding.retryAfterSeconds))
          .send(failure('service_unavailable', messages.genericError));
      }
      if (isDatabaseUnavailable(error)) {
        request.log.warn({ err: error }, 'database statement timed out or no connection was free');
        return reply
          .status(503)
          .header('retry-after', String(app.config.shedding.retryAfterSeconds))
          .send(failure('service_unavailable', messages.genericError));
      }
      const status = error.statusCode ?? 500;
      if (status === 429) {
        return reply.status(429).send(failure('rate_limited', messages.tooManyRequests));
      }
      if (status >= 400 && status < 500) {
        // Fastify's own client errors (empty body with a JSON content type, body too large,
        // unsupported media type...) carry safe messages.
        return reply.status(status).send(failure(defaultCodeFor(status), error.message));
      }
      request.log.error({ err: error }, 'unhandled error');
      return reply.status(500).send(failure('server_error', messages.genericError));
    });
  },
  { name: 'error-handler' },
);

/**
 * The NUL check of every input and the not-found answer (after the static apps and the rate
 * limiter, which it uses); the error handler itself is `errorHandlerPlugin`, registered first.
 */
export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('preValidation', async (request) => {
      const field = findNul(request.query, '') ?? findNul(request.params, '') ?? findNul(request.body, '');
      if (field !== null) {
        const message = 'Text must not contain NUL characters.';
        throw new AppError(422, message, { [field || 'body']: [message] }, 'validation_failed');
      }
    });

    app.setNotFoundHandler(
      {
        // Rate limited too: unknown URLs are what scanners probe.
        preHandler: app.rateLimit ? app.rateLimit({ max: 120, timeWindow: '1 minute' }) : undefined,
      },
      async (request, reply) => {
        const spa = app.hasDecorator('spaFor') ? app.spaFor(request) : null;
        if (spa) {
          // The storefront answers 404 for a URL that names no page or nothing that exists; its
          // Not Found page shows either way (the merchant site is private: always 200).
          const status =
            spa.name === 'web' && app.hasDecorator('storefrontPageStatus')
              ? await app.storefrontPageStatus(request.url.split('?')[0] ?? '/')
              : 200;
          return reply.status(status).header('cache-control', 'no-cache').sendFile('index.html', spa.root);
        }
        const path = request.url.split('?')[0] ?? '/';
        // A part longer than any parameter the router takes: the same 414 the router gives when no
        // catch-all route (the served apps') takes the URL first (framework-errors.ts).
        if (path.split('/').some((part) => part.length > MAX_PARAM_LENGTH)) {
          return reply.status(414).send(failure('url_too_long', 'A part of the URL is longer than any valid value.'));
        }
        // The path is echoed for the client's developer, cut short: a scanner's 3,000 characters are no help.
        const shown = path.length > 120 ? `${path.slice(0, 120)}…` : path;
        return reply.status(404).send(failure('route_not_found', `Route ${request.method} ${shown} not found`));
      },
    );
  },
  { name: 'errors', dependencies: ['security', 'error-handler'] },
);
