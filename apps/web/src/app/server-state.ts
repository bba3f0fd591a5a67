import { ApiError } from '@parade/ui/api-errors';
import type { DehydratedState } from '@tanstack/react-query';
import type { HydrationState } from 'react-router';

/**
 * What a server-rendered page carries for the browser to take it over (entry-server.tsx ->
 * main.tsx): the render's queries (TanStack Query's dehydrated cache) and the router's state.
 * It travels as a JSON data block (<script type="application/json">), which the page's
 * Content-Security-Policy allows where an inline script would not run.
 */
export interface ServerState {
  queries: DehydratedState;
  router: HydrationState;
}

export const SERVER_STATE_ID = 'parade-state';

/** An ApiError as JSON: JSON.stringify of an Error keeps none of its fields. */
interface SerialisedApiError {
  apiError: true;
  message: string;
  status: number;
  errors: ApiError['errors'];
  code?: string;
}

const isSerialisedApiError = (value: unknown): value is SerialisedApiError =>
  typeof value === 'object' && value !== null && (value as { apiError?: unknown }).apiError === true;

/** On the server: a query that failed with a 4xx (a product that does not exist) keeps its error for the page. */
export function serialiseQueryErrors(state: DehydratedState): DehydratedState {
  return {
    ...state,
    queries: state.queries.map((query) => {
      const error = query.state.error;
      if (!(error instanceof ApiError)) return query;
      const plain: SerialisedApiError = {
        apiError: true,
        message: error.message,
        status: error.status,
        errors: error.errors,
        code: error.code,
      };
      return { ...query, state: { ...query.state, error: plain as unknown as Error, fetchFailureReason: null } };
    }),
  };
}

/** In the browser: the same errors as ApiErrors again, so the page sees what the server's did. */
export function reviveQueryErrors(state: DehydratedState): DehydratedState {
  return {
    ...state,
    queries: state.queries.map((query) => {
      const error: unknown = query.state.error;
      if (!isSerialisedApiError(error)) return query;
      const revived = new ApiError(error.message, error.status, error.errors, error.code);
      return { ...query, state: { ...query.state, error: revived } };
    }),
  };
}

export function readServerState(): ServerState | null {
  const text = document.getElementById(SERVER_STATE_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as ServerState;
  } catch {
    return null;
  }
}
