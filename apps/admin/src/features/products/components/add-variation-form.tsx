import { Button, Group, Paper, Stack, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { vendorVariationCreateSchema } from '@parade/core/vendor-schemas';
import { FormAlert } from '@parade/ui/form-alert';
import { notifySuccess } from '@/components/notify';
import { useApiForm } from '@/components/use-api-form';
import { zodValidate } from '@/lib/zod-validate';
import { useCategoryVatRate } from '../api/get-categories';
import { useCreateVariation } from '../api/save-variation';
import { VariationFields } from './variation-fields';
import { emptyVariation, type VariationValues, variationFieldMessages, variationToWire } from './variation-values';

const checkWithCore = zodValidate<VariationValues>(vendorVariationCreateSchema, variationToWire);

/** A new size or weight for an existing product; its VAT rate starts as its category's. */
export function AddVariationForm({
  productId,
  digital,
  categoryId,
}: {
  productId: number;
  digital: boolean;
  categoryId: number | null;
}) {
  const create = useCreateVariation(productId);
  const categoryVatRate = useCategoryVatRate(categoryId);
  const form = useForm<VariationValues>({
    mode: 'controlled',
    initialValues: emptyVariation(digital),
    validate: (values) => ({ ...checkWithCore(values), ...variationFieldMessages(values) }),
  });
  const { onSubmit, formError, submitting } = useApiForm(form, async (values) => {
    const saved = await create.mutateAsync(variationToWire(values));
    form.reset();
    notifySuccess(`${saved.full_name} is added.`);
  });
  return (
    <Paper withBorder p="md" radius="md" component="form" onSubmit={onSubmit} noValidate aria-label="Add a variation">
      <Stack gap="sm">
        <Title order={3} size="h5">
          Add a variation
        </Title>
        <FormAlert message={formError} />
        <VariationFields form={form} categoryVatRate={categoryVatRate} />
        <Group justify="flex-end">
          <Button type="submit" variant="light" loading={submitting}>
            Add variation
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
