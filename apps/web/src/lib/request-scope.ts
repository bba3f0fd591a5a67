import type { QueryClient } from '@tanstack/react-query';

/**
 * What one server render owns (apps/web/src/app/entry-server.tsx): its own query cache and the
 * way it reaches the API (in process, through the API's own request pipeline). Several renders
 * run at once in one server process, so these cannot be module singletons there; in the
 * browser there is no scope and the app's singletons are used.
 */
export interface RequestScope {
  queryClient: QueryClient;
  fetch: (url: string, init: RequestInit) => Promise<Response>;
}

let currentScope: () => RequestScope | undefined = () => undefined;

/** Called once by the server entry with its AsyncLocalStorage's getStore. */
export function setRequestScopeSource(source: () => RequestScope | undefined): void {
  currentScope = source;
}

/** The server render running now, or undefined in the browser. */
export const requestScope = (): RequestScope | undefined => currentScope();
