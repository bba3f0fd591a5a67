import { CouponsPage } from '@/features/coupons/components/coupons-page';
import { useCategories } from '@/features/products/api/get-categories';

/** Every category and sub-category of the catalogue, for a platform coupon's pickers. */
function useCategoryOptions() {
  const tree = useCategories();
  const categories = tree.data ?? [];
  return {
    kind: 'categories' as const,
    categories: {
      options: categories.map((c) => ({ value: String(c.id), label: c.name })),
      loading: tree.isPending,
    },
    subCategories: {
      options: categories.flatMap((c) =>
        c.sub_categories.map((s) => ({ value: String(s.id), label: `${s.name} (${c.name})` })),
      ),
      loading: tree.isPending,
    },
  };
}

/** The platform's coupons (decision 026): good at any shop on the lines they name, paid for by Parade. */
export function Component() {
  return (
    <CouponsPage
      owner="admin"
      title="Platform coupons"
      description="Codes shoppers can use at any shop; Parade pays the discount. Show one on a deal to advertise it."
      useTargets={useCategoryOptions}
    />
  );
}
