import { ApiError } from '@parade/ui/api-errors';
import { WriteAwareQueryClient } from '@parade/ui/query-client';

/** After a write, a list still on its first fetch is fetched again (WriteAwareQueryClient says why). */
export const queryClient = new WriteAwareQueryClient({
  defaultOptions: {
    queries: {
      // A merchant acts on what they see: a short freshness, and a refetch when they come back to the tab.
      staleTime: 15_000,
      // A 4xx will not change on retry; network blips and 5xx get two more tries.
      retry: (failureCount, error) =>
        failureCount < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
    },
  },
});
