import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { adminBrandInputSchema, adminCategoryInputSchema } from '@parade/core/admin-schemas';
import type { VatRate } from '@parade/core/money-rules';
import { STANDARD_VAT_RATE } from '@parade/core/vat';
import { FormAlert } from '@parade/ui/form-alert';
import { FormModal } from '@/components/form-modal';
import { notifySuccess } from '@/components/notify';
import { useApiForm } from '@/components/use-api-form';
import { VatRateSelect } from '@/components/vat-rate-select';
import { zodValidate } from '@/lib/zod-validate';
import { type TaxonomyKind, useSaveTaxonomy } from '../api/taxonomy';

const schemas = { categories: adminCategoryInputSchema, brands: adminBrandInputSchema };
const nouns = { categories: 'category', brands: 'brand' } as const;

interface Values {
  name: string;
  slug: string;
  /** A category's VAT rate as the select holds it ('0', '5', '20'); unused for a brand. */
  vat_rate: string;
}
interface Item {
  id: number;
  name: string;
  slug: string;
  vat_rate?: number;
}
const toWire = (kind: TaxonomyKind) => (values: Values) => ({
  name: values.name,
  slug: values.slug.trim() === '' ? undefined : values.slug,
  ...(kind === 'categories' ? { vat_rate: Number(values.vat_rate) as VatRate } : {}),
});

function TaxonomyForm({ kind, item, onDone }: { kind: TaxonomyKind; item: Item | null; onDone: () => void }) {
  const save = useSaveTaxonomy(kind);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: {
      name: item?.name ?? '',
      slug: item?.slug ?? '',
      vat_rate: String(item?.vat_rate ?? STANDARD_VAT_RATE),
    },
    validate: zodValidate(schemas[kind], toWire(kind)),
  });
  const { onSubmit, formError, submitting } = useApiForm(form, async (values) => {
    const saved = await save.mutateAsync({ id: item?.id ?? null, body: toWire(kind)(values) });
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
          description="The web address part; left empty, it is made from the name"
          {...form.getInputProps('slug')}
        />
        {kind === 'categories' && (
          <VatRateSelect
            description="What a new product’s variations in it take unless their shop picks another. Changing it does not change variations already made."
            {...form.getInputProps('vat_rate')}
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={submitting}>
            Save {nouns[kind]}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Create (item null) or rename a category or brand. */
export function TaxonomyFormModal({
  kind,
  opened,
  item,
  onClose,
}: {
  kind: TaxonomyKind;
  opened: boolean;
  item: Item | null;
  onClose: () => void;
}) {
  return (
    <FormModal opened={opened} onClose={onClose} title={item ? `Edit ${item.name}` : `New ${nouns[kind]}`}>
      {opened && <TaxonomyForm key={item?.id ?? 'new'} kind={kind} item={item} onDone={onClose} />}
    </FormModal>
  );
}
