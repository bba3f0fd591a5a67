import {
  type AdminTaxonomyListQuery,
  adminBrandPayloadSchema,
  adminBrandSchema,
  adminCategoryPayloadSchema,
  adminCategorySchema,
} from '@parade/core/admin-schemas';
import { emptyPayloadSchema, paginated } from '@parade/core/envelope';
import type { VatRate } from '@parade/core/money-rules';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiData, type QueryValue } from '@/lib/api-client';

/** The two flat taxonomies the admin edits here, each with its list and its one-object reply. */
export const taxonomies = {
  categories: {
    path: 'admin/categories',
    item: adminCategorySchema,
    payload: adminCategoryPayloadSchema,
    pick: (p: unknown) => (p as { category: { id: number; name: string } }).category,
  },
  brands: {
    path: 'admin/brands',
    item: adminBrandSchema,
    payload: adminBrandPayloadSchema,
    pick: (p: unknown) => (p as { brand: { id: number; name: string } }).brand,
  },
} as const;
export type TaxonomyKind = keyof typeof taxonomies;

const root = (kind: TaxonomyKind) => ['admin', kind] as const;

/** GET admin/categories or admin/brands?page&search&sort. */
export function useTaxonomyList(kind: TaxonomyKind, query: AdminTaxonomyListQuery) {
  const { path, item } = taxonomies[kind];
  return useQuery({
    queryKey: [...root(kind), query],
    queryFn: ({ signal }) =>
      apiData(path, paginated(item as typeof adminBrandSchema), { query: query as Record<string, QueryValue>, signal }),
    placeholderData: keepPreviousData,
  });
}

function useInvalidate(kind: TaxonomyKind) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: root(kind) });
    // The product form's pickers read the public tree.
    void queryClient.invalidateQueries({ queryKey: ['catalog', 'categories'] });
  };
}

/** POST (id null) or PUT admin/{kind}/{id}: only the fields sent change. */
export function useSaveTaxonomy(kind: TaxonomyKind) {
  const { path, payload, pick } = taxonomies[kind];
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: { name: string; slug?: string; vat_rate?: VatRate } }) =>
      apiData(id === null ? path : `${path}/${id}`, payload, { method: id === null ? 'POST' : 'PUT', body }).then(pick),
    onSuccess: useInvalidate(kind),
  });
}

/** DELETE admin/{kind}/{id}: its products stay, without it. */
export function useDeleteTaxonomy(kind: TaxonomyKind) {
  const { path } = taxonomies[kind];
  return useMutation({
    mutationFn: (id: number) => apiData(`${path}/${id}`, emptyPayloadSchema, { method: 'DELETE' }),
    onSuccess: useInvalidate(kind),
  });
}
