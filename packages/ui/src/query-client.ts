import { type InvalidateOptions, type InvalidateQueryFilters, QueryClient, type QueryKey } from '@tanstack/react-query';

/**
 * A QueryClient whose invalidation after a write also reaches a query's first fetch.
 *
 * TanStack Query restarts an in-flight fetch on invalidation only when the query already has
 * data; a query still on its first fetch is joined instead, and whatever that fetch answers is
 * then kept as fresh. That first fetch may have been read before the write: a list searched just
 * before a row's action was confirmed (its new key shows the previous rows meanwhile, through
 * `keepPreviousData`) came back with the row's old state and kept it until the next refetch
 * (stop 41's and ci69's merchant-site failures). So the queries that were on a first fetch are
 * invalidated once more when it has settled: fetched again if on screen, stale otherwise.
 * Nothing in flight is cancelled, so a route loader awaiting that first fetch still gets it.
 */
export class WriteAwareQueryClient extends QueryClient {
  override async invalidateQueries<TTaggedQueryKey extends QueryKey = QueryKey>(
    filters?: InvalidateQueryFilters<TTaggedQueryKey>,
    options?: InvalidateOptions,
  ): Promise<void> {
    const firstFetches = this.getQueryCache()
      .findAll(filters as InvalidateQueryFilters)
      .filter((query) => query.state.data === undefined && query.state.fetchStatus === 'fetching');
    // Answers once the refetches it starts and the first fetches it joined have settled.
    await super.invalidateQueries(filters, options);
    if (firstFetches.length === 0) return;
    await super.invalidateQueries(
      { predicate: (query) => firstFetches.includes(query), refetchType: filters?.refetchType },
      options,
    );
  }
}
