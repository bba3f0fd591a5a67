import { Button, Fieldset, Group, NumberInput, SimpleGrid, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type VendorShop, type VendorShopUpdate, vendorShopUpdateSchema } from '@parade/core/vendor-schemas';
import { FormAlert } from '@parade/ui/form-alert';
import { notifySuccess } from '@/components/notify';
import { useApiForm } from '@/components/use-api-form';
import { useLeaveGuard } from '@/hooks/use-leave-guard';
import { zodValidate } from '@/lib/zod-validate';
import { useSaveShop } from '../api/save-shop';

interface ShopValues {
  tagline: string;
  description: string;
  address: string;
  city: string;
  postcode: string;
  phone: string;
  email: string;
  opening_hours: string;
  points_per_pound: number | string;
  holiday_mode: boolean;
  holiday_message: string;
  vat_number: string;
}

const values = (shop: VendorShop): ShopValues => ({
  tagline: shop.tagline ?? '',
  description: shop.description ?? '',
  address: shop.address,
  city: shop.city,
  postcode: shop.postcode,
  phone: shop.phone ?? '',
  email: shop.email ?? '',
  opening_hours: shop.opening_hours ?? '',
  points_per_pound: shop.points_per_pound,
  holiday_mode: shop.holiday_mode,
  holiday_message: shop.holiday_message ?? '',
  vat_number: shop.vat_number ?? '',
});

const orNull = (text: string) => (text.trim() === '' ? null : text);

const toWire = (v: ShopValues): VendorShopUpdate => ({
  tagline: orNull(v.tagline),
  description: orNull(v.description),
  address: v.address,
  city: v.city,
  postcode: v.postcode,
  phone: orNull(v.phone),
  email: orNull(v.email),
  opening_hours: orNull(v.opening_hours),
  points_per_pound: v.points_per_pound === '' ? (undefined as unknown as number) : Number(v.points_per_pound),
  holiday_mode: v.holiday_mode,
  holiday_message: orNull(v.holiday_message),
  vat_number: orNull(v.vat_number),
});

/** The shop's profile as shoppers see it, its reward points rate and holiday mode. */
export function ShopProfileForm({ shop }: { shop: VendorShop }) {
  const save = useSaveShop();
  const form = useForm<ShopValues>({
    mode: 'controlled',
    initialValues: values(shop),
    validate: (v) => ({
      ...zodValidate(vendorShopUpdateSchema, toWire)(v),
      ...(v.points_per_pound === '' ? { points_per_pound: 'Enter a whole number from 0 to 100.' } : {}),
    }),
  });
  useLeaveGuard(form.isDirty());
  const { onSubmit, formError, submitting } = useApiForm(form, async (v) => {
    const saved = await save.mutateAsync(toWire(v));
    // Shown as kept: the API normalises the VAT number ("gb999 9999 73" -> "GB999999973") and postcode.
    form.setValues(values(saved));
    form.setInitialValues(values(saved));
    form.resetDirty(values(saved));
    notifySuccess(
      saved.holiday_mode ? 'Saved. Your shop is on holiday: it takes no new orders.' : 'Shop profile saved.',
    );
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <FormAlert message={formError} />
        <Fieldset legend="Holiday mode">
          <Stack gap="sm">
            <Switch
              label="On holiday: take no new orders"
              description="The storefront shows your message instead of letting shoppers check out"
              {...form.getInputProps('holiday_mode', { type: 'checkbox' })}
            />
            <Textarea
              label="Message for shoppers"
              placeholder="Closed for a family wedding, back on Monday 3 March."
              autosize
              minRows={2}
              {...form.getInputProps('holiday_message')}
            />
          </Stack>
        </Fieldset>
        <Fieldset legend="About the shop">
          <Stack gap="sm">
            <TextInput label="Tagline" {...form.getInputProps('tagline')} />
            <Textarea label="Description" autosize minRows={3} maxRows={10} {...form.getInputProps('description')} />
            <Textarea
              label="Opening hours"
              placeholder={'Mon–Fri 8am–6pm\nSat 9am–5pm\nSun closed'}
              autosize
              minRows={3}
              {...form.getInputProps('opening_hours')}
            />
          </Stack>
        </Fieldset>
        <Fieldset legend="Address and contact">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput label="Address" required {...form.getInputProps('address')} />
            <TextInput label="City" required {...form.getInputProps('city')} />
            <TextInput label="Postcode" required {...form.getInputProps('postcode')} />
            <TextInput label="Phone" type="tel" {...form.getInputProps('phone')} />
            <TextInput label="E-mail" type="email" {...form.getInputProps('email')} />
          </SimpleGrid>
        </Fieldset>
        <Fieldset legend="Reward points">
          <NumberInput
            label="Points per pound"
            description="Points a customer earns per whole pound of a delivered order (100 points = £1 off here)"
            min={0}
            max={100}
            w={{ base: '100%', sm: 320 }}
            {...form.getInputProps('points_per_pound')}
          />
        </Fieldset>
        <Fieldset legend="VAT">
          <TextInput
            label="VAT number"
            description="Only if your shop is VAT-registered: your invoices then show the VAT in each order and this number. Leave it empty if you are not registered."
            placeholder="GB123456789"
            autoComplete="off"
            w={{ base: '100%', sm: 320 }}
            {...form.getInputProps('vat_number')}
          />
        </Fieldset>
        <Group justify="flex-end">
          <Button type="submit" loading={submitting}>
            Save shop profile
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
