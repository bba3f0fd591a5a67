import { NativeSelect, Stack } from '@mantine/core';
import type { Ref } from '@parade/core/catalog-dto';
import { useBrands } from '../api/get-brands';
import { useCategories } from '../api/get-categories';

export interface CatalogFilter {
  category?: string;
  sub?: string;
  brand?: string;
}

const withCurrent = (options: Ref[], value: string | undefined) =>
  value && !options.some((option) => option.slug === value)
    ? [...options, { id: -1, name: value, slug: value }]
    : options;

/**
 * Category, sub-category and brand filters for /products. The brand list narrows to the
 * chosen sub-category (or category); choosing another category clears the sub-category.
 */
export function CatalogFilterFields({
  value,
  onChange,
}: {
  value: CatalogFilter;
  onChange: (filter: CatalogFilter) => void;
}) {
  const categories = useCategories();
  const brands = useBrands();
  const category = categories.data?.find((c) => c.slug === value.category);
  const sub = category?.sub_categories.find((s) => s.slug === value.sub);
  const brandOptions: Ref[] = sub
    ? sub.brands
    : category
      ? [...new Map(category.sub_categories.flatMap((s) => s.brands).map((b) => [b.id, b])).values()].sort((a, b) =>
          a.name.localeCompare(b.name),
        )
      : (brands.data ?? []);

  return (
    <Stack gap="md">
      <NativeSelect
        label="Category"
        size="md"
        value={value.category ?? ''}
        disabled={categories.isPending}
        onChange={(event) => onChange({ ...value, category: event.currentTarget.value || undefined, sub: undefined })}
        data={[
          { value: '', label: 'All categories' },
          ...withCurrent(categories.data ?? [], value.category).map((c) => ({ value: c.slug, label: c.name })),
        ]}
      />
      <NativeSelect
        label="Sub-category"
        size="md"
        value={value.sub ?? ''}
        disabled={!category}
        onChange={(event) => onChange({ ...value, sub: event.currentTarget.value || undefined })}
        data={[
          { value: '', label: category ? `All ${category.name}` : 'Choose a category first' },
          ...withCurrent(category?.sub_categories ?? [], category ? value.sub : undefined).map((s) => ({
            value: s.slug,
            label: s.name,
          })),
        ]}
      />
      <NativeSelect
        label="Brand"
        size="md"
        value={value.brand ?? ''}
        onChange={(event) => onChange({ ...value, brand: event.currentTarget.value || undefined })}
        data={[
          { value: '', label: 'All brands' },
          ...withCurrent(brandOptions, value.brand).map((b) => ({ value: b.slug, label: b.name })),
        ]}
      />
    </Stack>
  );
}

/** Human names for the chosen filters (for the page title and the filter chips). */
export function useCatalogFilterNames({ category, sub, brand }: CatalogFilter) {
  const categories = useCategories();
  const brands = useBrands();
  const categoryNode = categories.data?.find((c) => c.slug === category);
  return {
    category: categoryNode?.name ?? category,
    sub: categoryNode?.sub_categories.find((s) => s.slug === sub)?.name ?? sub,
    brand: brands.data?.find((b) => b.slug === brand)?.name ?? brand,
  };
}
