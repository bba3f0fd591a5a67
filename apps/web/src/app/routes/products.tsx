import { Alert, Container, Stack } from '@mantine/core';
import { messages } from '@parade/core/messages';
import { IconInfoCircle } from '@tabler/icons-react';
import { type ActiveFilter, ProductListView } from '@/components/product/product-list-view';
import { PageMeta } from '@/components/ui/page-meta';
import { useProducts } from '@/features/catalog/api/get-products';
import { CatalogFilterFields, useCatalogFilterNames } from '@/features/catalog/components/catalog-filter-fields';
import { useVendors } from '@/features/shops/api/get-vendors';
import { ShopSelect } from '@/features/shops/components/shop-select';
import { useProductListParams } from '@/hooks/use-product-list-params';
import { type ProductListParams, pastLastPage, searchAsAsked, searchTooShort } from '@/lib/product-list-params';

/** /products: every filter, the sort and the page live in the URL (spec sections 2, 4 and 5). */
export function Component() {
  const [params, updateParams] = useProductListParams();
  // A search too short to run (an old link, a hand-edited URL) is not sent (GET /products would
  // refuse it): the page lists every product and says why. Like a reversed price range, it is
  // read as no filter, and the shopper's next change takes it out of the URL. One longer than the
  // API takes is searched, and named, by its first SEARCH_MAX_LENGTH characters.
  const shortSearch = searchTooShort(params);
  const search = searchAsAsked(params);
  const update = (changes: Partial<ProductListParams>) =>
    updateParams(shortSearch ? { search: undefined, ...changes } : changes);
  const list = useProducts(params);
  const names = useCatalogFilterNames(params);
  const vendors = useVendors();
  const shopName = vendors.data?.find((v) => v.slug === params.shop)?.name ?? params.shop;

  const title = search
    ? `Results for “${search}”`
    : (names.sub ?? names.brand ?? names.category ?? shopName ?? 'All products');

  const activeFilters: ActiveFilter[] = [
    search && { key: 'search', label: `Search: ${search}`, remove: () => update({ search: undefined }) },
    params.category && {
      key: 'category',
      label: `Category: ${names.category}`,
      remove: () => update({ category: undefined, sub: undefined }),
    },
    params.sub && { key: 'sub', label: `Sub-category: ${names.sub}`, remove: () => update({ sub: undefined }) },
    params.brand && { key: 'brand', label: `Brand: ${names.brand}`, remove: () => update({ brand: undefined }) },
    params.shop && { key: 'shop', label: `Shop: ${shopName}`, remove: () => update({ shop: undefined }) },
    (params.minPrice !== undefined || params.maxPrice !== undefined) && {
      key: 'price',
      label: 'Price range',
      remove: () => update({ minPrice: undefined, maxPrice: undefined }),
    },
  ].filter((filter): filter is ActiveFilter => Boolean(filter));

  return (
    <Container size="xl" py="lg">
      <PageMeta
        title={title}
        notFound={pastLastPage(params.page, list.data?.products)}
        description={`Browse ${title === 'All products' ? 'every product' : title} from the independent shops of Jubilee Parade.`}
      />
      <ProductListView
        title={title}
        list={list}
        params={params}
        onChange={update}
        activeFilters={activeFilters}
        notice={
          shortSearch && (
            <Alert
              role="status"
              color="secondary"
              variant="light"
              icon={<IconInfoCircle aria-hidden />}
              data-testid="search-too-short"
            >
              {messages.productSearchTooShort}
            </Alert>
          )
        }
        onClearFilters={() =>
          update({
            search: undefined,
            category: undefined,
            sub: undefined,
            brand: undefined,
            shop: undefined,
            minPrice: undefined,
            maxPrice: undefined,
          })
        }
        filterFields={
          <Stack gap="md">
            <CatalogFilterFields
              value={params}
              onChange={({ category, sub, brand }) => update({ category, sub, brand })}
            />
            <ShopSelect value={params.shop} onChange={(shop) => update({ shop })} />
          </Stack>
        }
      />
    </Container>
  );
}
