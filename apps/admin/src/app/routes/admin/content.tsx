import { Stack, Tabs } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { SubCategoryTable } from '@/features/taxonomy/components/sub-category-table';
import { TaxonomyTable } from '@/features/taxonomy/components/taxonomy-table';

/**
 * The catalogue's taxonomy: categories, sub-categories and brands. (The editorial content has
 * screens of its own: sliders, pages, blog, deals.) The tab is in the URL (`?tab=brands`); each
 * tab's table keeps its own page.
 */
export function Component() {
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') ?? 'categories';
  return (
    <Stack gap="md">
      <PageHeader
        title="Categories and brands"
        description="How the storefront's products are sorted: categories, sub-categories and brands."
      />
      <Tabs
        keepMounted={false}
        value={tab}
        onChange={(value) => setParams(value === 'categories' ? {} : { tab: value ?? '' })}
      >
        <Tabs.List>
          <Tabs.Tab value="categories">Categories</Tabs.Tab>
          <Tabs.Tab value="sub-categories">Sub-categories</Tabs.Tab>
          <Tabs.Tab value="brands">Brands</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="categories" pt="md">
          <TaxonomyTable key="categories" kind="categories" />
        </Tabs.Panel>
        <Tabs.Panel value="sub-categories" pt="md">
          <SubCategoryTable />
        </Tabs.Panel>
        <Tabs.Panel value="brands" pt="md">
          <TaxonomyTable key="brands" kind="brands" />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
