import type { QueryClient } from '@tanstack/react-query';

/**
 * Every query that answers with one user's own data (profile, orders, addresses, reward
 * points, anything sent with the bearer token that differs per user) lives under
 * `['user', userId, ...]`, built by `userQueryKey`. The id keeps two people's answers apart even
 * when a reply arrives late; the token itself never goes into a key (it stays in the header).
 * Nothing else uses the 'user' root, so one call forgets all of it.
 */
export const USER_QUERY_ROOT = ['user'] as const;

/** `null` while nobody is signed in: such a query must be disabled (`enabled: userId !== null`). */
export const userQueryKey = <const Parts extends readonly unknown[]>(userId: number | null, ...parts: Parts) =>
  [...USER_QUERY_ROOT, userId, ...parts] as const;

/**
 * Forgets every user's data: fetches still in flight are cancelled (a late reply is dropped)
 * and every cached answer is removed. Runs on sign-out, on sign-in before the new user's data
 * loads, and when a call answers 401.
 */
export function clearUserQueries(queryClient: QueryClient): void {
  void queryClient.cancelQueries({ queryKey: USER_QUERY_ROOT });
  queryClient.removeQueries({ queryKey: USER_QUERY_ROOT });
}
