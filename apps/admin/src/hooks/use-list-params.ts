import { MANAGE_PER_PAGE } from '@parade/core/vendor-schemas';
import { useRef } from 'react';
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

  // What the URL will hold once the changes asked for are drawn. Each change builds on it, not on
  // the render its handler came from: a search sent by its debounce and a filter picked before
  // the page was drawn again would each start from the URL before the other, and the second
  // would undo the first (a search cleared, then an offer picked at once: the cleared search
  // came back and the list stayed empty; CI, offers.spec). Taken from the URL only when the
  // URL itself changed (Back, a link), so a redraw for other reasons does not roll it back.
  const intended = useRef(params);
  const drawn = useRef(params.toString());
  if (params.toString() !== drawn.current) {
    drawn.current = params.toString();
    intended.current = params;
  }

  const update = (changes: Record<string, string | number>, keepPage = false) => {
    const next = new URLSearchParams(intended.current);
    for (const [key, value] of Object.entries(changes)) {
      if (value === '' || value === 1) next.delete(key);
      else next.set(key, String(value));
    }
    if (!keepPage) next.delete('page');
    intended.current = next;
    setParams(next, { replace: true });
  };

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
