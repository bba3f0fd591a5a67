import { Button, Group, Paper, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type VendorProduct, vendorProductUpdateSchema } from '@parade/core/vendor-schemas';
import { FormAlert } from '@parade/ui/form-alert';
import { notifySuccess } from '@/components/notify';
import { useApiForm } from '@/components/use-api-form';
import { useLeaveGuard } from '@/hooks/use-leave-guard';
import { zodValidate } from '@/lib/zod-validate';
import { useUpdateProduct } from '../api/save-product';
import { ProductFields, type ProductValues, productFieldsToWire } from './product-fields';

/** The product's name, type and description (PUT sends only these; publishing has its own button). */
export function ProductDetailsForm({ product }: { product: VendorProduct }) {
  const update = useUpdateProduct(product.id);
  const form = useForm<ProductValues>({
    mode: 'controlled',
    initialValues: {
      name: product.name,
      type: product.type,
      description: product.description ?? '',
      is_active: product.is_active,
      category_id: product.category ? String(product.category.id) : '',
      sub_category_id: product.sub_category ? String(product.sub_category.id) : '',
      brand_id: product.brand ? String(product.brand.id) : '',
    },
    validate: zodValidate(vendorProductUpdateSchema, productFieldsToWire),
  });
  useLeaveGuard(form.isDirty());
  const { onSubmit, formError, submitting } = useApiForm(form, async (values) => {
    const saved = await update.mutateAsync(productFieldsToWire(values));
    form.resetDirty();
    notifySuccess(`${saved.name} is saved.`);
  });
  return (
    <Paper withBorder p="md" radius="md" component="form" onSubmit={onSubmit} noValidate aria-label="Product details">
      <Stack gap="sm">
        <FormAlert message={formError} />
        <ProductFields form={form} showPublish={false} />
        <Group justify="flex-end">
          <Button type="submit" loading={submitting}>
            Save details
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
