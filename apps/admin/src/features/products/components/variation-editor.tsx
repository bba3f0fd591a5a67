import { Button, Divider, Group, Paper, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { formatMoney } from '@parade/core/money';
import { isSteepPriceCut } from '@parade/core/price-change';
import { type VendorVariation, vendorVariationUpdateSchema } from '@parade/core/vendor-schemas';
import { ApiError } from '@parade/ui/api-errors';
import { FormAlert } from '@parade/ui/form-alert';
import { confirmAction } from '@/components/confirm';
import { notifyError, notifySuccess } from '@/components/notify';
import { ToneBadge } from '@/components/status-badge';
import { useApiForm } from '@/components/use-api-form';
import { zodValidate } from '@/lib/zod-validate';
import { useDeleteVariation, useUpdateVariation } from '../api/save-variation';
import { VariationFields } from './variation-fields';
import { type VariationValues, variationFieldMessages, variationToWire, variationValues } from './variation-values';

const checkWithCore = zodValidate<VariationValues>(vendorVariationUpdateSchema, variationToWire);

/** One existing variation: its fields (saved with PUT), its pictures, and delete with confirmation. */
export function VariationEditor({
  productId,
  variation,
  canDelete,
  children,
}: {
  productId: number;
  variation: VendorVariation;
  canDelete: boolean;
  children?: React.ReactNode;
}) {
  const update = useUpdateVariation(productId);
  const remove = useDeleteVariation(productId);
  const form = useForm<VariationValues>({
    mode: 'controlled',
    initialValues: variationValues(variation),
    validate: (values) => ({ ...checkWithCore(values), ...variationFieldMessages(values) }),
  });
  const { onSubmit, formError, submitting } = useApiForm(form, async (values) => {
    const body = variationToWire(values);
    // A price cut to a tenth or less is usually a typing slip: asked about before shoppers see it.
    if (body.price !== undefined && isSteepPriceCut(variation.price, body.price)) {
      const yes = await confirmAction({
        title: 'Cut the price this much?',
        message: `${variation.full_name} would go from ${formatMoney(variation.price)} to ${formatMoney(body.price)}. Shoppers can buy it at the new price at once.`,
        confirmLabel: `Sell at ${formatMoney(body.price)}`,
        destructive: false,
      });
      if (!yes) return;
    }
    const saved = await update.mutateAsync({ id: variation.id, body });
    form.setInitialValues(variationValues(saved));
    form.resetDirty();
    notifySuccess(`${saved.full_name} is saved.`);
  });

  const askDelete = async () => {
    const yes = await confirmAction({
      title: 'Delete this variation?',
      message: `${variation.full_name} will no longer be sold. Past orders keep their lines.`,
      confirmLabel: 'Delete variation',
    });
    if (!yes) return;
    remove.mutate(variation.id, {
      onSuccess: () => notifySuccess(`${variation.full_name} is deleted.`),
      onError: (e) => notifyError(e instanceof ApiError ? e.message : 'Could not delete it.'),
    });
  };

  return (
    <Paper withBorder p="md" radius="md" data-testid="variation">
      <Stack gap="sm">
        <Group justify="space-between">
          <Group gap="xs">
            <Text fw={700}>{variation.full_name}</Text>
            {!variation.is_active && <ToneBadge tone="neutral">Not on sale</ToneBadge>}
          </Group>
          <Text size="sm" c="dimmed">
            {variation.units_sold} sold
          </Text>
        </Group>
        <form onSubmit={onSubmit} noValidate aria-label={`Variation ${variation.full_name}`}>
          <Stack gap="sm">
            <FormAlert message={formError} />
            <VariationFields form={form} />
            <Group justify="flex-end" gap="sm">
              {canDelete && (
                <Button variant="subtle" color="error" onClick={askDelete} loading={remove.isPending}>
                  Delete variation
                </Button>
              )}
              <Button type="submit" variant="light" loading={submitting}>
                Save variation
              </Button>
            </Group>
          </Stack>
        </form>
        {children && (
          <>
            <Divider />
            {children}
          </>
        )}
      </Stack>
    </Paper>
  );
}
