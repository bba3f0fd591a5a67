import {
  type AdminSubCategoryInput,
  type AdminSubCategoryListQuery,
  adminBrandSchema,
  adminCategorySchema,
  adminSubCategoryPayloadSchema,
  adminSubCategorySchema,
} from '@parade/core/admin-schemas';
import { emptyPayloadSchema, paginated } from '@parade/core/envelope';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiData, type QueryValue } from '@/lib/api-client';

const root = ['admin', 'sub-categories'] as const;

/** GET admin/sub-categories?category_id&page&search&sort: sub-categories with their brands. */
export function useSubCategories(query: AdminSubCategoryListQuery) {
  return useQuery({
    queryKey: [...root, query],
    queryFn: ({ signal }) =>
      apiData('admin/sub-categories', paginated(adminSubCategorySchema), {
        query: query as Record<string, QueryValue>,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** Every category and brand, for the sub-category form's pickers (the API's largest page). */
export function usePickerOptions() {
  const categories = useQuery({
    queryKey: ['admin', 'categories', 'picker'],
    queryFn: ({ signal }) =>
      apiData('admin/categories', paginated(adminCategorySchema), { query: { per_page: 100, sort: 'name' }, signal }),
  });
  const brands = useQuery({
    queryKey: ['admin', 'brands', 'picker'],
    queryFn: ({ signal }) =>
      apiData('admin/brands', paginated(adminBrandSchema), { query: { per_page: 100, sort: 'name' }, signal }),
  });
  return { categories: categories.data?.data ?? [], brands: brands.data?.data ?? [] };
}

function useInvalidate() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: root });
    void queryClient.invalidateQueries({ queryKey: ['admin', 'categories'] });
    void queryClient.invalidateQueries({ queryKey: ['catalog', 'categories'] });
  };
}

/** POST admin/sub-categories, or PUT admin/sub-categories/{id} (`brand_ids` replaces its brands). */
export function useSaveSubCategory() {
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: AdminSubCategoryInput }) =>
      apiData(id === null ? 'admin/sub-categories' : `admin/sub-categories/${id}`, adminSubCategoryPayloadSchema, {
        method: id === null ? 'POST' : 'PUT',
        body,
      }).then((p) => p.sub_category),
    onSuccess: useInvalidate(),
  });
}

/** DELETE admin/sub-categories/{id}: its products stay in their category. */
export function useDeleteSubCategory() {
  return useMutation({
    mutationFn: (id: number) => apiData(`admin/sub-categories/${id}`, emptyPayloadSchema, { method: 'DELETE' }),
    onSuccess: useInvalidate(),
  });
}
