import type { BlogPost } from '@parade/core/catalog-dto';
import { blogPostPageSchema } from '@parade/core/content-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';

export interface BlogPostPage {
  post: BlogPost;
  related: BlogPost[];
}

export const getBlogPost = (slug: string, signal?: AbortSignal) =>
  apiData(`blog/${encodeURIComponent(slug)}`, { schema: blogPostPageSchema, signal });

export const getBlogPostQueryOptions = (slug: string) =>
  queryOptions({ queryKey: ['blog', 'post', slug], queryFn: ({ signal }) => getBlogPost(slug, signal) });

export const useBlogPost = (slug: string) => useQuery(getBlogPostQueryOptions(slug));
