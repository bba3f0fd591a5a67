import {
  type AdminBlogCategoryInput,
  type AdminBlogCategoryListQuery,
  adminBlogCategoryPayloadSchema,
  adminBlogCategorySchema,
} from '@parade/core/admin-schemas';
import { emptyPayloadSchema, paginated } from '@parade/core/envelope';
import { MANAGE_MAX_PER_PAGE } from '@parade/core/vendor-schemas';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiData, type QueryValue } from '@/lib/api-client';

export const blogCategoriesQueryRoot = ['admin', 'blog-categories'] as const;

const getBlogCategories = (query: AdminBlogCategoryListQuery, signal?: AbortSignal) =>
  apiData('admin/blog-categories', paginated(adminBlogCategorySchema), {
    query: query as Record<string, QueryValue>,
    signal,
  });

/** GET admin/blog-categories?page&search&sort, with each category's number of posts. */
export function useBlogCategories(query: AdminBlogCategoryListQuery) {
  return useQuery({
    queryKey: [...blogCategoriesQueryRoot, query],
    queryFn: ({ signal }) => getBlogCategories(query, signal),
    placeholderData: keepPreviousData,
  });
}

/** Every category by name, for the post form's picker (a blog has a handful). */
export function useBlogCategoryOptions() {
  const query: AdminBlogCategoryListQuery = { per_page: String(MANAGE_MAX_PER_PAGE), sort: 'name' };
  return useQuery({
    queryKey: [...blogCategoriesQueryRoot, 'options'],
    queryFn: ({ signal }) => getBlogCategories(query, signal),
    select: (page) => page.data.map((c) => ({ value: String(c.id), label: c.name })),
  });
}

/** POST admin/blog-categories (id null) or PUT admin/blog-categories/{id}. */
export function useSaveBlogCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: AdminBlogCategoryInput }) =>
      apiData(id === null ? 'admin/blog-categories' : `admin/blog-categories/${id}`, adminBlogCategoryPayloadSchema, {
        method: id === null ? 'POST' : 'PUT',
        body,
      }).then((p) => p.blog_category),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: blogCategoriesQueryRoot }),
  });
}

/** DELETE admin/blog-categories/{id}: refused (409) while posts belong to it. */
export function useDeleteBlogCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiData(`admin/blog-categories/${id}`, emptyPayloadSchema, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: blogCategoriesQueryRoot }),
  });
}
