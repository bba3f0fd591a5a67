import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type AdminBlogCategory, adminBlogCategoryInputSchema } from '@parade/core/admin-schemas';
import { FormAlert } from '@parade/ui/form-alert';
import { FormModal } from '@/components/form-modal';
import { notifySuccess } from '@/components/notify';
import { useApiForm } from '@/components/use-api-form';
import { zodValidate } from '@/lib/zod-validate';
import { useSaveBlogCategory } from '../api/blog-categories';

interface Values {
  name: string;
  slug: string;
}
const toWire = (values: Values) => ({ name: values.name, slug: values.slug.trim() === '' ? undefined : values.slug });

function BlogCategoryForm({ category, onDone }: { category: AdminBlogCategory | null; onDone: () => void }) {
  const save = useSaveBlogCategory();
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { name: category?.name ?? '', slug: category?.slug ?? '' },
    validate: zodValidate(adminBlogCategoryInputSchema, toWire),
  });
  const { onSubmit, formError, submitting } = useApiForm(form, async (values) => {
    const saved = await save.mutateAsync({ id: category?.id ?? null, body: toWire(values) });
    notifySuccess(`${saved.name} is saved.`);
    onDone();
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <FormAlert message={formError} />
        <TextInput label="Name" required data-autofocus {...form.getInputProps('name')} />
        <TextInput
          label="Slug"
          description="The web address part (/blog?category=...); left empty, it is made from the name"
          {...form.getInputProps('slug')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={submitting}>
            Save category
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Create (category null) or rename a blog category. */
export function BlogCategoryFormModal({
  opened,
  category,
  onClose,
}: {
  opened: boolean;
  category: AdminBlogCategory | null;
  onClose: () => void;
}) {
  return (
    <FormModal opened={opened} onClose={onClose} title={category ? `Edit ${category.name}` : 'New blog category'}>
      {opened && <BlogCategoryForm key={category?.id ?? 'new'} category={category} onDone={onClose} />}
    </FormModal>
  );
}
