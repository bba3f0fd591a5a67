import { Button, Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { vendorProductCreateSchema } from '@parade/core/vendor-schemas';
import { FormAlert } from '@parade/ui/form-alert';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { notifySuccess } from '@/components/notify';
import { useApiForm } from '@/components/use-api-form';
import { useLeaveGuard } from '@/hooks/use-leave-guard';
import { paths } from '@/lib/paths';
import { zodValidate } from '@/lib/zod-validate';
import { useCategoryVatRate } from '../api/get-categories';
import { useCreateProduct } from '../api/save-product';
import { ProductFields, type ProductValues, productFieldsToWire } from './product-fields';
import { VariationFields } from './variation-fields';
import { emptyVariation, type VariationValues, variationFieldMessages, variationToWire } from './variation-values';

type NewProductValues = ProductValues & { variations: VariationValues[] };

const toWire = (values: NewProductValues) => ({
  ...productFieldsToWire(values),
  is_active: values.is_active,
  variations: values.variations.map(variationToWire),
});

const checkWithCore = zodValidate<NewProductValues>(vendorProductCreateSchema, toWire);

/** A new product with its first variations; pictures are added on the next screen. */
export function NewProductForm() {
  const navigate = useNavigate();
  const create = useCreateProduct();
  const form = useForm<NewProductValues>({
    mode: 'controlled',
    initialValues: {
      name: '',
      type: 'Physical',
      description: '',
      is_active: true,
      category_id: '',
      sub_category_id: '',
      brand_id: '',
      variations: [emptyVariation()],
    },
    validate: (values) => ({
      ...checkWithCore(values),
      ...Object.assign({}, ...values.variations.map((v, i) => variationFieldMessages(v, `variations.${i}.`))),
    }),
  });
  // Variations whose VAT rate is left as it is follow the category chosen.
  const categoryVatRate = useCategoryVatRate(form.values.category_id);
  const guard = useLeaveGuard(form.isDirty());
  const { onSubmit, formError, submitting } = useApiForm(form, async (values) => {
    const product = await create.mutateAsync(toWire(values));
    notifySuccess(`${product.name} is saved. Add its pictures below.`);
    guard.release();
    navigate(paths.vendor.product(product.id), { replace: true });
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <FormAlert message={formError} />
        <Paper withBorder p="md" radius="md">
          <ProductFields form={form} showPublish />
        </Paper>
        <Paper withBorder p="md" radius="md">
          <Stack gap="md">
            <div>
              <Title order={2} size="h4">
                Variations
              </Title>
              <Text size="sm" c="dimmed">
                Each size or weight you sell, with its own price and stock.
              </Text>
            </div>
            {form.values.variations.map((variation, index) => (
              <Stack key={form.key(`variations.${index}`)} gap="xs">
                {index > 0 && <Divider />}
                <Group justify="space-between">
                  <Text fw={600}>Variation {index + 1}</Text>
                  {form.values.variations.length > 1 && (
                    <Button
                      variant="subtle"
                      color="error"
                      size="compact-sm"
                      leftSection={<IconTrash size={16} aria-hidden />}
                      onClick={() => form.removeListItem('variations', index)}
                    >
                      Remove variation {index + 1}
                    </Button>
                  )}
                </Group>
                <VariationFields form={form} path={`variations.${index}.`} categoryVatRate={categoryVatRate} />
                {variation.unlimited && (
                  <Text size="xs" c="dimmed">
                    Unlimited stock: never sells out.
                  </Text>
                )}
              </Stack>
            ))}
            <Button
              variant="light"
              w="fit-content"
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() => form.insertListItem('variations', emptyVariation(form.values.type === 'Digital'))}
            >
              Add another variation
            </Button>
          </Stack>
        </Paper>
        <Group justify="flex-end">
          <Button type="submit" loading={submitting}>
            Save product
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
