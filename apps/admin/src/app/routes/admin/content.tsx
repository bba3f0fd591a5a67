import { List, Paper, Stack, Tabs, Text } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { SubCategoryTable } from '@/features/taxonomy/components/sub-category-table';
import { TaxonomyTable } from '@/features/taxonomy/components/taxonomy-table';

/**
 * The catalogue's taxonomy (categories, brands) and, once their admin calls exist, the
 * editorial content. The tab is in the URL (`?tab=brands`); each tab's table keeps its own page.
 */
export function Component() {
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') ?? 'categories';
  return (
    <Stack gap="md">
      <PageHeader
        title="Content"
        description="Categories, sub-categories, brands and the storefront's editorial content."
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
          <Tabs.Tab value="more">Sliders, pages, blog</Tabs.Tab>
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
        <Tabs.Panel value="more" pt="md">
          <Paper withBorder p="md" radius="md">
            <Text>Not editable here yet:</Text>
            <List mt="xs">
              <List.Item>Home sliders and banners</List.Item>
              <List.Item>Pages and their settings</List.Item>
              <List.Item>Blog posts and categories</List.Item>
              <List.Item>Platform deals (UBM)</List.Item>
            </List>
          </Paper>
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
