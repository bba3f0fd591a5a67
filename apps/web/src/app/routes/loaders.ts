import type { LoaderFunctionArgs } from 'react-router';
import { getCategoriesQueryOptions } from '@/features/catalog/api/get-categories';
import { getProductQueryOptions, type ProductAddress } from '@/features/catalog/api/get-product';
import { getProductsQueryOptions } from '@/features/catalog/api/get-products';
import { getHomeQueryOptions } from '@/features/content/api/get-home';
import { preload } from '@/lib/preload';
import { readProductListParams } from '@/lib/product-list-params';

/**
 * The loaders of the screens a visitor usually lands on, kept out of the screens' lazy chunks:
 * the router then fetches a screen's data and its code at the same time, rather than the data
 * only once the code has arrived.
 */
export const homeLoader = () => preload(getHomeQueryOptions());

export const productsLoader = ({ request }: LoaderFunctionArgs) =>
  preload(
    getProductsQueryOptions(readProductListParams(new URL(request.url).searchParams)),
    getCategoriesQueryOptions(),
  );

export const addressOf = (params: Partial<Record<string, string>>): ProductAddress => ({
  vendor: params.vendor ?? '',
  product: params.product ?? '',
  variation: params.variation ?? '',
});

export const productLoader = ({ params }: LoaderFunctionArgs) => preload(getProductQueryOptions(addressOf(params)));
