import { CouponsPage } from '@/features/coupons/components/coupons-page';
import { useProducts } from '@/features/products/api/get-products';

/** The products a shop coupon can be restricted to (a shop's range fits in one page of 100), once the form opens. */
function useShopProducts(enabled: boolean) {
  const shopProducts = useProducts({ per_page: '100', sort: 'name' }, { enabled });
  return {
    kind: 'products' as const,
    products: {
      options: (shopProducts.data?.data ?? []).map((p) => ({ value: String(p.id), label: p.name })),
      loading: shopProducts.isPending,
    },
  };
}

/** The shop's coupons: what each gives, when it runs, how often it was used. */
export function Component() {
  return (
    <CouponsPage
      owner="vendor"
      title="Coupons"
      description="Codes shoppers enter at checkout for a discount on your shop's items."
      useTargets={useShopProducts}
    />
  );
}
