import { Button, Checkbox, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { AddressDto } from '@parade/core/auth-schemas';
import { FormAlert } from '@parade/ui/form-alert';
import { schemaRules, useApiForm } from '@/components/form/use-api-form';
import { addressSchema, useCreateAddress } from '../api/create-address';
import { useUpdateAddress } from '../api/update-address';

type AddressValues = {
  label: string;
  name: string;
  phone: string;
  line1: string;
  line2: string;
  city: string;
  postcode: string;
  is_default: boolean;
};

/** Adds a new address, or edits `address` when given. */
export function AddressForm({
  address,
  defaults,
  onSaved,
  onCancel,
}: {
  address?: AddressDto;
  /** Pre-filled name and phone for a new address (the account's own). */
  defaults?: { name: string; phone: string; postcode?: string };
  onSaved: (address: AddressDto) => void;
  onCancel: () => void;
}) {
  const create = useCreateAddress();
  const update = useUpdateAddress();
  const form = useForm<AddressValues>({
    initialValues: {
      label: address?.label ?? 'Home',
      name: address?.name ?? defaults?.name ?? '',
      phone: address?.phone ?? defaults?.phone ?? '',
      line1: address?.line1 ?? '',
      line2: address?.line2 ?? '',
      city: address?.city ?? 'London',
      postcode: address?.postcode ?? defaults?.postcode ?? '',
      is_default: address?.is_default ?? false,
    },
    validate: schemaRules(addressSchema),
  });

  const { onSubmit, formError } = useApiForm(
    form,
    async (values) => {
      const saved = address
        ? await update.mutateAsync({ id: address.id, ...values })
        : await create.mutateAsync(values);
      onSaved(saved);
    },
    { schema: addressSchema },
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-label={address ? 'Edit address' : 'New address'}>
      <Stack gap="sm">
        <FormAlert message={formError} />
        <TextInput label="Label" description="For example Home or Work" size="md" {...form.getInputProps('label')} />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput label="Full name" autoComplete="name" required size="md" {...form.getInputProps('name')} />
          <TextInput
            label="Phone"
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            required
            size="md"
            {...form.getInputProps('phone')}
          />
        </SimpleGrid>
        <TextInput
          label="Address line 1"
          autoComplete="address-line1"
          required
          size="md"
          {...form.getInputProps('line1')}
        />
        <TextInput
          label="Address line 2 (optional)"
          autoComplete="address-line2"
          size="md"
          {...form.getInputProps('line2')}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput
            label="Town or city"
            autoComplete="address-level2"
            required
            size="md"
            {...form.getInputProps('city')}
          />
          <TextInput
            label="Postcode"
            autoComplete="postal-code"
            autoCapitalize="characters"
            placeholder="e.g. E1 0AD"
            required
            size="md"
            {...form.getInputProps('postcode')}
          />
        </SimpleGrid>
        {!address?.is_default && (
          <Checkbox
            label="Use as my default address"
            size="md"
            {...form.getInputProps('is_default', { type: 'checkbox' })}
          />
        )}
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" size="md" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" size="md" loading={create.isPending || update.isPending}>
            {address ? 'Save address' : 'Add address'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
