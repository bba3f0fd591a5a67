import type { LoaderFunctionArgs } from 'react-router';
import { getBrandsQueryOptions } from '@/features/catalog/api/get-brands';
import { getCategoriesQueryOptions } from '@/features/catalog/api/get-categories';
import { getProductQueryOptions, type ProductAddress } from '@/features/catalog/api/get-product';
import { getProductsQueryOptions } from '@/features/catalog/api/get-products';
import { getHomeQueryOptions } from '@/features/content/api/get-home';
import { getPagesQueryOptions } from '@/features/content/api/get-pages';
import { getSettingsQueryOptions } from '@/features/content/api/get-settings';
import { getVendorsQueryOptions } from '@/features/shops/api/get-vendors';
import { preload } from '@/lib/preload';
import { readProductListParams } from '@/lib/product-list-params';
import { queryClient } from '@/lib/query-client';
import { requestScope } from '@/lib/request-scope';

/**
 * The loaders of the screens a visitor usually lands on, kept out of the screens' lazy chunks:
 * the router then fetches a screen's data and its code at the same time, rather than the data
 * only once the code has arrived.
 */
/**
 * The main layout's own data (the header's settings and category menu, the footer's pages): started
 * with the screen's, so a server render draws the page in one pass rather than finding them
 * missing after the first (entry-server.tsx), and the browser's first screen does not wait twice.
 */
export const layoutLoader = () =>
  preload(getSettingsQueryOptions(), getPagesQueryOptions(), getCategoriesQueryOptions());

export const homeLoader = () => preload(getHomeQueryOptions());

export const productsLoader = ({ request }: LoaderFunctionArgs) =>
  preload(
    getProductsQueryOptions(readProductListParams(new URL(request.url).searchParams)),
    getCategoriesQueryOptions(),
    // The filter panel's brands and shops.
    getBrandsQueryOptions(),
    getVendorsQueryOptions(),
  );

export const addressOf = (params: Partial<Record<string, string>>): ProductAddress => ({
  vendor: params.vendor ?? '',
  product: params.product ?? '',
  variation: params.variation ?? '',
});

/**
 * The product, then (when it has reviews) the first page of its reviews: awaited on the server, so
 * the render holds them and their JSON-LD; started without waiting in the browser.
 */
export const productLoader = async ({ params }: LoaderFunctionArgs) => {
  const options = getProductQueryOptions(addressOf(params));
  await preload(options);
  const page = (requestScope()?.queryClient ?? queryClient).getQueryData(options.queryKey);
  // Its code comes with the first product page that has reviews, not with the first load.
  if (page?.rating.count)
    await (await import('@/features/reviews/api/product-reviews')).preloadReviews(page.product.id);
  return null;
};
