import { fixedPathOfPage } from '@parade/core/storefront-routes';
import { type LoaderFunctionArgs, redirect, useParams } from 'react-router';
import { getPagesQueryOptions, usePage } from '@/features/content/api/get-pages';
import { StaticPage } from '@/features/content/components/page-sections';
import { preload } from '@/lib/preload';
import { Component as NotFound } from './not-found';

/** A page the spec gives a path of its own (privacy, terms, contact) moves there for good: one address per page. */
export const loader = ({ params, request }: LoaderFunctionArgs) => {
  const fixed = fixedPathOfPage(params.slug ?? '');
  // The query goes along (a campaign's tags, say).
  if (fixed) throw redirect(`${fixed}${new URL(request.url).search}`, 301);
  return preload(getPagesQueryOptions());
};

/** /page/{slug}: a page the admin wrote (About Parade...); an unknown slug is Not Found. */
export function Component() {
  const { slug = '' } = useParams();
  const page = usePage(slug);
  if (page.isSuccess && !page.data) return <NotFound />;
  return <StaticPage slug={slug} fallbackTitle={page.data?.title ?? 'Page'} />;
}
