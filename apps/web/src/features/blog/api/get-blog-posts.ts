import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { lazySchema } from '@/lib/lazy-schema';

const blogListReply = lazySchema(() => import('@parade/core/content-schemas').then((m) => m.blogListSchema));

export interface BlogListParams {
  category?: string;
  page: number;
}

/** GET /blog puts its payload at the top level: {status, posts, latestPost}. */
export const getBlogPosts = ({ category, page }: BlogListParams, signal?: AbortSignal) =>
  apiRequest('blog', { schema: blogListReply, query: { category, page: page > 1 ? page : undefined }, signal });

export const getBlogPostsQueryOptions = (params: BlogListParams) =>
  queryOptions({
    queryKey: ['blog', 'posts', params],
    queryFn: ({ signal }) => getBlogPosts(params, signal),
    placeholderData: keepPreviousData,
  });

export const useBlogPosts = (params: BlogListParams) => useQuery(getBlogPostsQueryOptions(params));
