import { Button, Group, MultiSelect, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type AdminSubCategory, adminSubCategoryInputSchema } from '@parade/core/admin-schemas';
import { FormAlert } from '@parade/ui/form-alert';
import { FormModal } from '@/components/form-modal';
import { notifySuccess } from '@/components/notify';
import { useApiForm } from '@/components/use-api-form';
import { zodValidate } from '@/lib/zod-validate';
import { usePickerOptions, useSaveSubCategory } from '../api/sub-categories';

interface Values {
  category_id: string;
  name: string;
  slug: string;
  brand_ids: string[];
}

const toWire = (v: Values) => ({
  category_id: v.category_id === '' ? (undefined as unknown as number) : Number(v.category_id),
  name: v.name,
  slug: v.slug.trim() === '' ? undefined : v.slug,
  brand_ids: v.brand_ids.map(Number),
});

function SubCategoryForm({ item, onDone }: { item: AdminSubCategory | null; onDone: () => void }) {
  const save = useSaveSubCategory();
  const { categories, brands } = usePickerOptions();
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: {
      category_id: item ? String(item.category_id) : '',
      name: item?.name ?? '',
      slug: item?.slug ?? '',
      brand_ids: item?.brands.map((b) => String(b.id)) ?? [],
    },
    validate: (v) => ({
      ...zodValidate(adminSubCategoryInputSchema, toWire)(v),
      ...(v.category_id === '' ? { category_id: 'Choose its category.' } : {}),
    }),
  });
  const { onSubmit, formError, submitting } = useApiForm(form, async (values) => {
    const saved = await save.mutateAsync({ id: item?.id ?? null, body: toWire(values) });
    notifySuccess(`${saved.name} is saved.`);
    onDone();
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <FormAlert message={formError} />
        <Select
          label="Category"
          required
          searchable
          data={categories.map((c) => ({ value: String(c.id), label: c.name }))}
          {...form.getInputProps('category_id')}
        />
        <TextInput label="Name" required {...form.getInputProps('name')} />
        <TextInput label="Slug" description="Left empty, it is made from the name" {...form.getInputProps('slug')} />
        <MultiSelect
          label="Brands"
          description="The brands shoppers can filter by in this sub-category"
          searchable
          data={brands.map((b) => ({ value: String(b.id), label: b.name }))}
          {...form.getInputProps('brand_ids')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={submitting}>
            Save sub-category
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function SubCategoryFormModal({
  opened,
  item,
  onClose,
}: {
  opened: boolean;
  item: AdminSubCategory | null;
  onClose: () => void;
}) {
  return (
    <FormModal opened={opened} onClose={onClose} title={item ? `Edit ${item.name}` : 'New sub-category'}>
      {opened && <SubCategoryForm key={item?.id ?? 'new'} item={item} onDone={onClose} />}
    </FormModal>
  );
}
