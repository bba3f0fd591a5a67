import {
  type AdminBlogPostInput,
  type AdminBlogPostListQuery,
  adminBlogPostPayloadSchema,
  adminBlogPostSchema,
} from '@parade/core/admin-schemas';
import { emptyPayloadSchema, paginated } from '@parade/core/envelope';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiData, type QueryValue } from '@/lib/api-client';

export const blogPostsQueryRoot = ['admin', 'blog-posts'] as const;

/** GET admin/blog-posts?status&category_id&page&search&sort: drafts and scheduled posts too. */
export function useBlogPosts(query: AdminBlogPostListQuery) {
  return useQuery({
    queryKey: [...blogPostsQueryRoot, 'list', query],
    queryFn: ({ signal }) =>
      apiData('admin/blog-posts', paginated(adminBlogPostSchema), {
        query: query as Record<string, QueryValue>,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** GET admin/blog-posts/{id}: the post with its stored (sanitised) body. */
export const getBlogPostQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...blogPostsQueryRoot, 'one', id],
    queryFn: ({ signal }) =>
      apiData(`admin/blog-posts/${id}`, adminBlogPostPayloadSchema, { signal }).then((p) => p.blog_post),
  });

export const useBlogPost = (id: number) => useQuery(getBlogPostQueryOptions(id));

/** POST admin/blog-posts (id null) or PUT admin/blog-posts/{id}: the server sanitises the body. */
export function useSaveBlogPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: Partial<AdminBlogPostInput> }) =>
      apiData(id === null ? 'admin/blog-posts' : `admin/blog-posts/${id}`, adminBlogPostPayloadSchema, {
        method: id === null ? 'POST' : 'PUT',
        body,
      }).then((p) => p.blog_post),
    onSuccess: (post) => {
      queryClient.setQueryData(getBlogPostQueryOptions(post.id).queryKey, post);
      void queryClient.invalidateQueries({ queryKey: [...blogPostsQueryRoot, 'list'] });
      // A category's post count changes with its posts.
      void queryClient.invalidateQueries({ queryKey: ['admin', 'blog-categories'] });
    },
  });
}

/** DELETE admin/blog-posts/{id}. */
export function useDeleteBlogPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiData(`admin/blog-posts/${id}`, emptyPayloadSchema, { method: 'DELETE' }),
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: getBlogPostQueryOptions(id).queryKey });
      void queryClient.invalidateQueries({ queryKey: [...blogPostsQueryRoot, 'list'] });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'blog-categories'] });
    },
  });
}
