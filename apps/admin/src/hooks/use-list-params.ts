import { MANAGE_PER_PAGE } from '@parade/core/vendor-schemas';
import { useSearchParams } from 'react-router';

/**
 * A server-side list's page, search, sort and filters, kept in the URL query: a reload, a shared
 * link or the Back button shows the same rows. Changing the search, sort or a filter goes back to
 * page 1. `sort` is the API's form: a key, `-key` for descending.
 */
export function useListParams<F extends string = never>(filterKeys: readonly F[] = []) {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const search = params.get('search') ?? '';
  const sort = params.get('sort') ?? '';
  const filters = Object.fromEntries(filterKeys.map((key) => [key, params.get(key) ?? ''])) as Record<F, string>;

  const update = (changes: Record<string, string | number>, keepPage = false) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        for (const [key, value] of Object.entries(changes)) {
          if (value === '' || value === 1) next.delete(key);
          else next.set(key, String(value));
        }
        if (!keepPage) next.delete('page');
        return next;
      },
      { replace: true },
    );

  return {
    page,
    search,
    sort,
    filters,
    /** What the list call sends: empty values are left out by the API client. */
    query: { page, per_page: MANAGE_PER_PAGE, search, sort, ...filters },
    setPage: (value: number) => update({ page: value }, true),
    setSearch: (value: string) => update({ search: value }),
    setSort: (value: string) => update({ sort: value }),
    setFilter: (key: F, value: string) => update({ [key]: value }),
  };
}
