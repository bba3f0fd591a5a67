import { Checkbox, Group, NumberInput, SimpleGrid, Switch, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { MoneyInput } from '@/components/money-input';
import { VatRateSelect } from '@/components/vat-rate-select';

/**
 * The inputs of one variation, bound to `form` under `path` ('' for a variation's own form,
 * 'variations.0.' inside a new product's form). Price is typed in pounds; the form sends pence.
 * `categoryVatRate` is the rate a new variation gets when its VAT rate is left as it is (its
 * product's category's; undefined while not known).
 */
export function VariationFields<T>({
  form,
  path = '',
  categoryVatRate,
}: {
  form: UseFormReturnType<T>;
  path?: string;
  categoryVatRate?: number;
}) {
  const field = (name: string) => form.getInputProps(`${path}${name}` as never);
  const unlimited = Boolean(form.getInputProps(`${path}unlimited` as never, { type: 'checkbox' }).checked);
  const vatRate = field('vat_rate');
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="sm">
      <TextInput label="Variation name" description="e.g. 1kg, Large, Paperback" required {...field('name')} />
      <TextInput label="SKU" description="Your own stock code (optional)" {...field('sku')} />
      <MoneyInput
        label="Price"
        description="In pounds"
        // Never clamp or round: "-1" and "1.234" stay as typed and the check below the field says
        // why they cannot be saved, instead of turning silently into £0.00 or £1.23 (contract: "Prices").
        clampBehavior="none"
        step={0.1}
        required
        {...field('price')}
      />
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <NumberInput
          label="Stock"
          description="Units on hand"
          min={0}
          step={1}
          disabled={unlimited}
          {...field('stock')}
        />
        <Checkbox label="Unlimited" mb={8} {...form.getInputProps(`${path}unlimited` as never, { type: 'checkbox' })} />
      </Group>
      <VatRateSelect
        description="Included in the price; new ones take the category’s"
        placeholder="As its category"
        {...vatRate}
        // '' = not picked yet: the category's rate applies, and is shown.
        value={vatRate.value || (categoryVatRate === undefined ? null : String(categoryVatRate))}
      />
      <Switch label="On sale (active)" {...form.getInputProps(`${path}is_active` as never, { type: 'checkbox' })} />
    </SimpleGrid>
  );
}
