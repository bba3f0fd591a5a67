import { NativeSelect, Stack } from '@mantine/core';
import type { Ref } from '@parade/core/catalog-dto';
import { type LoaderFunctionArgs, useParams } from 'react-router';
import { type ActiveFilter, ProductListView } from '@/components/product/product-list-view';
import { PageMeta } from '@/components/ui/page-meta';
import { useShop } from '@/features/shops/api/get-shop';
import { useShopData } from '@/features/shops/api/get-shop-data';
import { getShopProductsQueryOptions, useShopProducts } from '@/features/shops/api/get-shop-products';
import { useProductListParams } from '@/hooks/use-product-list-params';
import { preload } from '@/lib/preload';
import { pastLastPage, readProductListParams } from '@/lib/product-list-params';

export const loader = ({ params, request }: LoaderFunctionArgs) =>
  preload(getShopProductsQueryOptions(params.slug ?? '', readProductListParams(new URL(request.url).searchParams)));

const nameOf = (list: Ref[] | undefined, slug: string | undefined) =>
  list?.find((item) => item.slug === slug)?.name ?? slug;

/** /vendor/{slug}/products: the shop's products with one category, one brand, price, sort and pages. */
export function Component() {
  const slug = useParams().slug ?? '';
  const shop = useShop(slug);
  const data = useShopData(slug);
  const [params, update] = useProductListParams();
  const list = useShopProducts(slug, params);
  const categoryName = nameOf(data.data?.categories, params.category);
  const brandName = nameOf(data.data?.brands, params.brand);

  const activeFilters: ActiveFilter[] = [
    params.search && { key: 'search', label: `Search: ${params.search}`, remove: () => update({ search: undefined }) },
    params.category && {
      key: 'category',
      label: `Category: ${categoryName}`,
      remove: () => update({ category: undefined }),
    },
    params.brand && { key: 'brand', label: `Brand: ${brandName}`, remove: () => update({ brand: undefined }) },
    (params.minPrice !== undefined || params.maxPrice !== undefined) && {
      key: 'price',
      label: 'Price range',
      remove: () => update({ minPrice: undefined, maxPrice: undefined }),
    },
  ].filter((filter): filter is ActiveFilter => Boolean(filter));

  const select = (label: string, key: 'category' | 'brand', options: Ref[] | undefined, all: string) => (
    <NativeSelect
      label={label}
      size="md"
      value={params[key] ?? ''}
      disabled={!options}
      onChange={(event) => update({ [key]: event.currentTarget.value || undefined })}
      data={[
        { value: '', label: all },
        ...(options ?? []).map((option) => ({ value: option.slug, label: option.name })),
      ]}
    />
  );

  return (
    <>
      <PageMeta
        title={`${shop.data?.name ?? 'Shop'} products`}
        notFound={pastLastPage(params.page, list.data?.products)}
        description={shop.data?.tagline ?? undefined}
        image={shop.data?.banner?.url ?? shop.data?.logo?.url}
      />
      <ProductListView
        title={categoryName ?? brandName ?? 'All products'}
        headingLevel={2}
        list={list}
        params={params}
        onChange={update}
        activeFilters={activeFilters}
        onClearFilters={() =>
          update({ search: undefined, category: undefined, brand: undefined, minPrice: undefined, maxPrice: undefined })
        }
        filterFields={
          <Stack gap="md">
            {select('Category', 'category', data.data?.categories, 'All categories')}
            {select('Brand', 'brand', data.data?.brands, 'All brands')}
          </Stack>
        }
      />
    </>
  );
}
