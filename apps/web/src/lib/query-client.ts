import { ApiError } from '@parade/ui/api-errors';
import { WriteAwareQueryClient } from '@parade/ui/query-client';
import type { QueryClient } from '@tanstack/react-query';

/** The storefront's query defaults; the browser keeps one client, a server render makes its own. */
export function createQueryClient(): QueryClient {
  // After a write, a query still on its first fetch is fetched again (WriteAwareQueryClient says why).
  return new WriteAwareQueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        // A 4xx will not change on retry; network blips and 5xx get two more tries.
        retry: (failureCount, error) =>
          failureCount < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
        // A screen that failed shows its error with a Try again button rather than refetching on
        // every mount; in particular a server-rendered "not found" (a 404 carried into the page)
        // stays as the server drew it while the page hydrates. Route loaders still refetch.
        retryOnMount: false,
        refetchOnWindowFocus: false,
      },
    },
  });
}

export const queryClient = createQueryClient();
