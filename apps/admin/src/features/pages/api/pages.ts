import {
  type AdminPageInput,
  type AdminPageListQuery,
  adminPagePayloadSchema,
  adminPageSchema,
} from '@parade/core/admin-schemas';
import { emptyPayloadSchema, paginated } from '@parade/core/envelope';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiData, type QueryValue } from '@/lib/api-client';

export const pagesQueryRoot = ['admin', 'pages'] as const;

/** GET admin/pages?page&search&sort: the static pages with their settings rows. */
export function usePages(query: AdminPageListQuery) {
  return useQuery({
    queryKey: [...pagesQueryRoot, 'list', query],
    queryFn: ({ signal }) =>
      apiData('admin/pages', paginated(adminPageSchema), { query: query as Record<string, QueryValue>, signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET admin/pages/{id}. */
export const getPageQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...pagesQueryRoot, 'one', id],
    queryFn: ({ signal }) => apiData(`admin/pages/${id}`, adminPagePayloadSchema, { signal }).then((p) => p.page),
  });
export const usePage = (id: number) => useQuery(getPageQueryOptions(id));

/** POST admin/pages (id null) or PUT admin/pages/{id}: `settings` replaces the page's rows in the order sent. */
export function useSavePage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: Partial<AdminPageInput> }) =>
      apiData(id === null ? 'admin/pages' : `admin/pages/${id}`, adminPagePayloadSchema, {
        method: id === null ? 'POST' : 'PUT',
        body,
      }).then((p) => p.page),
    onSuccess: (page) => {
      queryClient.setQueryData(getPageQueryOptions(page.id).queryKey, page);
      void queryClient.invalidateQueries({ queryKey: [...pagesQueryRoot, 'list'] });
    },
  });
}

/** DELETE admin/pages/{id}: the page and its settings rows. */
export function useDeletePage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiData(`admin/pages/${id}`, emptyPayloadSchema, { method: 'DELETE' }),
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: getPageQueryOptions(id).queryKey });
      void queryClient.invalidateQueries({ queryKey: [...pagesQueryRoot, 'list'] });
    },
  });
}
