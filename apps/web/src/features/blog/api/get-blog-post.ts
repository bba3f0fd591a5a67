import type { BlogPost } from '@parade/core/catalog-dto';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';
import { lazySchema } from '@/lib/lazy-schema';

const blogPostPageReply = lazySchema(() => import('@parade/core/content-schemas').then((m) => m.blogPostPageSchema));

export interface BlogPostPage {
  post: BlogPost;
  related: BlogPost[];
}

export const getBlogPost = (slug: string, signal?: AbortSignal) =>
  apiData(`blog/${encodeURIComponent(slug)}`, { schema: blogPostPageReply, signal });

export const getBlogPostQueryOptions = (slug: string) =>
  queryOptions({ queryKey: ['blog', 'post', slug], queryFn: ({ signal }) => getBlogPost(slug, signal) });

export const useBlogPost = (slug: string) => useQuery(getBlogPostQueryOptions(slug));
