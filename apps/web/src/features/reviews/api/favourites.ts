import type { Favourites } from '@parade/core/favourite-schemas';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { apiData } from '@/lib/api-client';
import { lazySchema } from '@/lib/lazy-schema';
import { useCurrentUserId } from '@/lib/session-store';
import { userQueryKey } from '@/lib/user-query-keys';

export type { Favourites };

const favouritesReply = lazySchema(() => import('@parade/core/favourite-schemas').then((m) => m.favouritesSchema));

export type FavouriteKind = 'product' | 'shop';

const favouritesKey = (userId: number | null) => userQueryKey(userId, 'favourites');

/** GET user/favourites: one request per signed-in visit, shared by every heart on the page. */
export const useFavourites = () => {
  const userId = useCurrentUserId();
  return useQuery({
    queryKey: favouritesKey(userId),
    queryFn: ({ signal }) => apiData('user/favourites', { signal, schema: favouritesReply }),
    enabled: userId !== null,
    staleTime: 60_000,
  });
};

/**
 * Keeps or lets go of a favourite; the reply is the whole list, so it replaces the cached one.
 * A plain call rather than useMutation: the heart is on every card of every page, and this keeps
 * the mutation machinery out of the storefront's first load (decision 039).
 */
export function useSetFavourite() {
  const queryClient = useQueryClient();
  const userId = useCurrentUserId();
  const [pending, setPending] = useState(false);
  const set = useCallback(
    async (input: { kind: FavouriteKind; id: number; keep: boolean }) => {
      setPending(true);
      try {
        const favourites = await apiData('user/favourites', {
          method: input.keep ? 'POST' : 'DELETE',
          body: input.kind === 'product' ? { product_id: input.id } : { shop_id: input.id },
          schema: favouritesReply,
        });
        queryClient.setQueryData(favouritesKey(userId), favourites);
      } finally {
        setPending(false);
      }
    },
    [queryClient, userId],
  );
  return { set, pending };
}

const PENDING_KEY = 'parade-pending-favourite';

/**
 * A heart pressed by a guest: remembered for this tab while they sign in, and kept by the heart
 * itself once they are back (favourite-button.tsx).
 */
export const pendingFavourite = {
  set(kind: FavouriteKind, id: number) {
    sessionStorage.setItem(PENDING_KEY, JSON.stringify({ kind, id }));
  },
  /** Takes the pending favourite if it is this one (so it is kept once). */
  take(kind: FavouriteKind, id: number): boolean {
    try {
      const stored = JSON.parse(sessionStorage.getItem(PENDING_KEY) ?? 'null') as { kind: string; id: number } | null;
      if (stored?.kind !== kind || stored.id !== id) return false;
      sessionStorage.removeItem(PENDING_KEY);
      return true;
    } catch {
      return false;
    }
  },
};
