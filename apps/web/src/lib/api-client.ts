import { messages } from '@parade/core/messages';
import { ApiError, errorFromReply, type FailedReply, parseReply, reportUnauthorized } from '@parade/ui/api-errors';
import type { z } from 'zod';
import type { LazySchema } from './lazy-schema';
import { requestScope } from './request-scope';

/** Local-storage key of the bearer token (spec section 9). */
export const AUTH_TOKEN_KEY = 'authToken';

/** The stored token; none on the server, which renders every page as a guest sees it. */
export function getAuthToken(): string | null {
  return typeof localStorage === 'undefined' ? null : localStorage.getItem(AUTH_TOKEN_KEY);
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | string[] | undefined | null>;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

/**
 * With a schema, the reply is checked against the shared contract (@parade/core) and typed by it.
 * The schema loads with the request (lazy-schema.ts), so zod is not part of a page's first load.
 */
export interface SchemaOptions<S extends z.ZodType> extends RequestOptions {
  schema: LazySchema<S>;
}

/** Starts loading a reply's schema beside its request; a failed load surfaces when the reply is checked. */
function loadSchema<S extends z.ZodType>(schema: LazySchema<S> | undefined): Promise<S> | undefined {
  const loading = schema?.load();
  loading?.catch(() => undefined);
  return loading;
}

/** The reply checked once its schema is there; a schema that could not load fails like the network. */
async function checkReply(loading: Promise<z.ZodType>, value: unknown, path: string, status: number) {
  let schema: z.ZodType;
  try {
    schema = await loading;
  } catch {
    throw new ApiError(messages.genericError, 0);
  }
  return parseReply(schema, value, path, status);
}

function toQueryString(query: RequestOptions['query']): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) {
      for (const [i, v] of value.entries()) params.append(`${key}[${i}]`, v);
    } else params.append(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * Calls the API and returns the JSON reply (the envelope) on success, checked against `schema`
 * when given. Every request carries the stored bearer token. A cancelled request rejects with
 * the AbortError unchanged, as the spec's shared failure handler asks.
 */
export async function apiRequest<S extends z.ZodType>(path: string, options: SchemaOptions<S>): Promise<z.output<S>>;
export async function apiRequest<T>(path: string, options?: RequestOptions): Promise<T>;
export async function apiRequest(
  path: string,
  options: RequestOptions & { schema?: LazySchema<z.ZodType> } = {},
): Promise<unknown> {
  const schema = loadSchema(options.schema);
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  const token = getAuthToken();
  if (token) headers.authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }

  let response: Response;
  try {
    // A server render reaches the API in process (request-scope.ts); the browser over the network.
    const send = requestScope()?.fetch ?? fetch;
    response = await send(`/api/${path.replace(/^\//, '')}${toQueryString(options.query)}`, {
      method: options.method ?? 'GET',
      headers,
      body,
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(messages.genericError, 0);
  }

  const reply = (await response.json().catch(() => null)) as
    | ({ status?: boolean } & FailedReply & Record<string, unknown>)
    | null;
  if (!response.ok || reply?.status === false || reply === null) {
    if (response.status === 401) reportUnauthorized(token, getAuthToken());
    throw errorFromReply(response.status, reply);
  }
  return schema ? checkReply(schema, reply, path, response.status) : reply;
}

/** The `data` of a success envelope, checked against `schema` when given. */
export async function apiData<S extends z.ZodType>(path: string, options: SchemaOptions<S>): Promise<z.output<S>>;
export async function apiData<T>(path: string, options?: RequestOptions): Promise<T>;
export async function apiData(
  path: string,
  options: RequestOptions & { schema?: LazySchema<z.ZodType> } = {},
): Promise<unknown> {
  const { schema: lazy, ...request } = options;
  const schema = loadSchema(lazy);
  const reply = await apiRequest<{ data: unknown }>(path, request);
  return schema ? checkReply(schema, reply.data, path, 200) : reply.data;
}
