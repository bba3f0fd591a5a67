import type { FieldErrors } from '@parade/core/envelope';
import { messages } from '@parade/core/messages';
import type { z } from 'zod';

/**
 * Local-storage key of the merchant/admin bearer token. Its own key, not the storefront's
 * `authToken`: when both apps share an origin (/ and /admin/), signing out of one must not sign
 * the same browser out of the other, and a customer's storefront token is never tried here.
 */
export const ADMIN_TOKEN_KEY = 'parade.admin.token';

/**
 * Where the API lives. Served by the API at /admin/, it is the same origin; built for its own
 * origin (ADMIN_URL elsewhere), VITE_API_URL names the API's origin (which must list this
 * origin in CORS_ORIGINS).
 */
const API_ORIGIN = (import.meta.env.VITE_API_URL ?? '').replace(/\/$/, '');
const API_BASE = `${API_ORIGIN}/api/`;

/** A picture the API names by path (`/uploads/...`), as this site must load it (the API's origin when apart). */
export const assetUrl = (url: string | null | undefined): string | null =>
  url ? (url.startsWith('/') ? `${API_ORIGIN}${url}` : url) : null;

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

type UnauthorizedListener = () => void;
const unauthorizedListeners = new Set<UnauthorizedListener>();
/** Called when any request answers 401, so the app signs out cleanly. */
export function onUnauthorized(listener: UnauthorizedListener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

export const getAuthToken = (): string | null => localStorage.getItem(ADMIN_TOKEN_KEY);

export type QueryValue = string | number | boolean | undefined | null;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
  /** Sign-in checks a fresh token before it is stored. */
  token?: string;
}

function toQueryString(query: RequestOptions['query']): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.append(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * A reply that does not match its contract is the server's fault: log which fields differed
 * (paths and codes, never values) and show the generic message.
 */
function parseReply<S extends z.ZodType>(schema: S, value: unknown, path: string, status: number): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  console.error(
    `The reply to ${path.split('?')[0]} does not match its schema`,
    result.error.issues.map((issue) => ({ path: issue.path.join('.'), code: issue.code })),
  );
  throw new ApiError(messages.genericError, status);
}

/**
 * Calls the API and returns the envelope's `data`, parsed with `schema` (the core contract).
 * Every request carries the stored bearer token.
 */
export async function apiData<S extends z.ZodType>(
  path: string,
  schema: S,
  options: RequestOptions = {},
): Promise<z.output<S>> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = options.token ?? getAuthToken();
  if (token) headers.authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }

  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path.replace(/^\//, '')}${toQueryString(options.query)}`, {
      method: options.method ?? 'GET',
      headers,
      body,
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(messages.genericError, 0);
  }

  const reply = (await response.json().catch(() => null)) as EnvelopeReply | null;
  return settle(schema, { status: response.status, ok: response.ok, reply, token, path });
}

interface EnvelopeReply {
  status?: boolean;
  message?: string;
  code?: string;
  errors?: FieldErrors;
  data?: unknown;
}

/** A reply's `data` parsed with its schema, or the envelope's failure as an ApiError. */
function settle<S extends z.ZodType>(
  schema: S,
  answer: { status: number; ok: boolean; reply: EnvelopeReply | null; token: string | null; path: string },
): z.output<S> {
  const { status, ok, reply, token, path } = answer;
  if (!ok || reply?.status === false || reply === null) {
    // Only a 401 for the token still held ends the session: a late answer to a request sent
    // with a previous (revoked) token must not sign out whoever signed in since.
    if (status === 401 && token === getAuthToken()) for (const listener of unauthorizedListeners) listener();
    throw new ApiError(
      reply?.message || messages.genericError,
      status,
      reply?.errors ?? {},
      typeof reply?.code === 'string' ? reply.code : undefined,
    );
  }
  return parseReply(schema, reply.data, path, status);
}

/**
 * Sends a multipart form and reports how much of it has gone (0 to 1), for uploads large
 * enough to need a progress bar: fetch cannot report an upload's progress, XMLHttpRequest can.
 * Answers as apiData does.
 */
export function apiUpload<S extends z.ZodType>(
  path: string,
  schema: S,
  body: FormData,
  options: { onProgress?: (fraction: number) => void; signal?: AbortSignal } = {},
): Promise<z.output<S>> {
  return new Promise((resolve, reject) => {
    const token = getAuthToken();
    const request = new XMLHttpRequest();
    request.open('POST', `${API_BASE}${path.replace(/^\//, '')}`);
    request.setRequestHeader('accept', 'application/json');
    if (token) request.setRequestHeader('authorization', `Bearer ${token}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress?.(event.loaded / event.total);
    };
    request.onload = () => {
      let reply: EnvelopeReply | null = null;
      try {
        reply = JSON.parse(request.responseText) as EnvelopeReply;
      } catch {
        reply = null;
      }
      const ok = request.status >= 200 && request.status < 300;
      try {
        resolve(settle(schema, { status: request.status, ok, reply, token, path }));
      } catch (error) {
        reject(error);
      }
    };
    request.onerror = () => reject(new ApiError(messages.genericError, 0));
    request.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    options.signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(body);
  });
}
