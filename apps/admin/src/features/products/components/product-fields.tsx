import { Select, SimpleGrid, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { productTypes } from '@parade/core/enums';
import { useCategories } from '../api/get-categories';

export interface ProductValues {
  name: string;
  type: (typeof productTypes)[number];
  description: string;
  is_active: boolean;
  /** Ids as the selects hold them; '' = none. */
  category_id: string;
  sub_category_id: string;
  brand_id: string;
}

const idOrNull = (id: string) => (id === '' ? null : Number(id));

/** The product's own fields as the API takes them. */
export const productFieldsToWire = (values: ProductValues) => ({
  name: values.name,
  type: values.type,
  description: values.description.trim() === '' ? null : values.description,
  category_id: idOrNull(values.category_id),
  sub_category_id: idOrNull(values.sub_category_id),
  brand_id: idOrNull(values.brand_id),
});

/** Category, then one of its sub-categories, then one of that sub-category's brands. */
function CategoryFields<T extends ProductValues>({ form }: { form: UseFormReturnType<T> }) {
  const categories = useCategories();
  const values = form.getValues();
  const category = categories.data?.find((c) => String(c.id) === values.category_id);
  const sub = category?.sub_categories.find((s) => String(s.id) === values.sub_category_id);
  const options = (list: { id: number; name: string }[] | undefined) =>
    (list ?? []).map((item) => ({ value: String(item.id), label: item.name }));
  const set = (field: 'category_id' | 'sub_category_id' | 'brand_id', value: string | null) =>
    form.setFieldValue(field as never, (value ?? '') as never);
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
      <Select
        label="Category"
        placeholder={categories.isPending ? 'Loading…' : 'None'}
        data={options(categories.data)}
        value={values.category_id || null}
        onChange={(value) => {
          set('category_id', value);
          set('sub_category_id', null);
          set('brand_id', null);
        }}
        clearable
        searchable
      />
      <Select
        label="Sub-category"
        placeholder={category ? 'None' : 'Choose a category first'}
        data={options(category?.sub_categories)}
        value={values.sub_category_id || null}
        onChange={(value) => {
          set('sub_category_id', value);
          set('brand_id', null);
        }}
        disabled={!category}
        clearable
        searchable
      />
      <Select
        label="Brand"
        placeholder={sub ? 'None' : 'Choose a sub-category first'}
        data={options(sub?.brands)}
        value={values.brand_id || null}
        onChange={(value) => set('brand_id', value)}
        disabled={!sub}
        clearable
        searchable
      />
    </SimpleGrid>
  );
}

/** The product's own inputs (its variations have theirs). */
export function ProductFields<T extends ProductValues>({
  form,
  showPublish,
}: {
  form: UseFormReturnType<T>;
  /** A new product can be published straight away; an existing one has the Publish button. */
  showPublish: boolean;
}) {
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput label="Product name" required {...form.getInputProps('name')} />
        <Select
          label="Type"
          description="Digital goods have unlimited stock and no delivery"
          data={productTypes.map((type) => ({ value: type, label: type }))}
          allowDeselect={false}
          {...form.getInputProps('type')}
        />
      </SimpleGrid>
      <CategoryFields form={form} />
      <Textarea label="Description" autosize minRows={3} maxRows={10} {...form.getInputProps('description')} />
      {showPublish && (
        <Switch
          label="Publish now (shown on the storefront once saved)"
          {...form.getInputProps('is_active', { type: 'checkbox' })}
        />
      )}
    </Stack>
  );
}
