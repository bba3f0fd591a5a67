import { messages } from '@parade/core/messages';
import { ApiError, errorFromReply, type FailedReply, parseReply, reportUnauthorized } from '@parade/ui/api-errors';
import type { z } from 'zod';
import { reportTwoFactorRequired } from './two-factor-required';

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

export const getAuthToken = (): string | null => localStorage.getItem(ADMIN_TOKEN_KEY);

/** The full address of an API path (`vendor/orders/events`), for the calls apiData does not make (streams). */
export const apiUrl = (path: string): string => `${API_BASE}${path}`;

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

interface EnvelopeReply extends FailedReply {
  status?: boolean;
  data?: unknown;
}

/** A reply's `data` parsed with its schema, or the envelope's failure as an ApiError. */
function settle<S extends z.ZodType>(
  schema: S,
  answer: { status: number; ok: boolean; reply: EnvelopeReply | null; token: string | null; path: string },
): z.output<S> {
  const { status, ok, reply, token, path } = answer;
  if (!ok || reply?.status === false || reply === null) {
    if (status === 401) reportUnauthorized(token, getAuthToken());
    // Two-factor sign-in must be on first (decision 045): the layout sends the person to Account.
    if (status === 403 && reply?.code === 'two_factor_required') reportTwoFactorRequired(reply.message ?? '');
    throw errorFromReply(status, reply);
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
