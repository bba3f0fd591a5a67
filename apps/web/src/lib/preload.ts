import type { QueryKey } from '@tanstack/react-query';
import { queryClient as browserQueryClient } from './query-client';
import { requestScope } from './request-scope';

type EnsureOptions = Parameters<typeof browserQueryClient.ensureQueryData>[0];

/**
 * For route loaders: starts (or reuses) a screen's queries and waits for them, so the
 * progress bar runs while the next screen's data loads. A failure is left to the screen,
 * which shows its own error state (after its own retries) rather than the route error page,
 * so the loader tries only once.
 */
export async function preload(...options: { queryKey: QueryKey }[]): Promise<null> {
  // On the server, the render's own cache (request-scope.ts), dehydrated into the page.
  const queryClient = requestScope()?.queryClient ?? browserQueryClient;
  await Promise.all(
    options.map((option) =>
      queryClient.ensureQueryData({ ...option, retry: false } as EnsureOptions).catch(() => undefined),
    ),
  );
  return null;
}
