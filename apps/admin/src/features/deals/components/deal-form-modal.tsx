import { Button, Group, Select, SimpleGrid, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { type AdminDeal, type AdminDealInput, adminDealInputSchema } from '@parade/core/admin-schemas';
import { FormAlert } from '@parade/ui/form-alert';
import { useState } from 'react';
import { ContentImageInput } from '@/components/content-image-input';
import { DateTimeField } from '@/components/date-time-field';
import { FormModal } from '@/components/form-modal';
import { notifySuccess } from '@/components/notify';
import { useApiForm } from '@/components/use-api-form';
import { fromLocalInput, toLocalInput } from '@/lib/local-date-time';
import { zodValidate } from '@/lib/zod-validate';
import { useSaveDeal } from '../api/deals';
import { useShopOptions } from '../api/shop-options';

/** The picker's value for a deal of the whole parade (no shop). */
const WHOLE_PARADE = 'parade';

interface DealValues {
  title: string;
  description: string;
  badge: string;
  image: string;
  link: string;
  shop_id: string;
  coupon_code: string;
  starts_at: string;
  ends_at: string;
  is_active: boolean;
}

const valuesOf = (deal: AdminDeal | null): DealValues => ({
  title: deal?.title ?? '',
  description: deal?.description ?? '',
  badge: deal?.badge ?? '',
  image: deal?.image ?? '',
  link: deal?.link ?? '',
  shop_id: deal?.shop ? String(deal.shop.id) : WHOLE_PARADE,
  coupon_code: deal?.coupon_code ?? '',
  starts_at: toLocalInput(deal?.starts_at),
  ends_at: toLocalInput(deal?.ends_at),
  is_active: deal?.is_active ?? true,
});

const toWire = (values: DealValues): AdminDealInput => ({
  title: values.title,
  description: values.description,
  badge: values.badge.trim() || null,
  image: values.image.trim() || null,
  link: values.link.trim() || null,
  shop_id: values.shop_id === WHOLE_PARADE ? null : Number(values.shop_id),
  coupon_code: values.coupon_code.trim() || null,
  starts_at: fromLocalInput(values.starts_at),
  ends_at: fromLocalInput(values.ends_at),
  is_active: values.is_active,
});

/** The deal's shop: searched on the server by name, with "the whole parade" first. */
function ShopPicker({ current, ...inputProps }: { current: AdminDeal['shop'] } & Record<string, unknown>) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const shops = useShopOptions(debounced);
  const options = [{ value: WHOLE_PARADE, label: 'The whole parade (no one shop)' }, ...(shops.data ?? [])];
  if (current && !options.some((o) => o.value === String(current.id))) {
    options.push({ value: String(current.id), label: current.name });
  }
  return (
    <Select
      label="Shop"
      description="Where the deal is; the deal hides while its shop is suspended"
      data={options}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      nothingFoundMessage={shops.isFetching ? 'Searching…' : 'No shop matches'}
      allowDeselect={false}
      {...inputProps}
    />
  );
}

function DealForm({ deal, onDone }: { deal: AdminDeal | null; onDone: () => void }) {
  const save = useSaveDeal();
  const form = useForm<DealValues>({
    mode: 'controlled',
    initialValues: valuesOf(deal),
    validate: zodValidate(adminDealInputSchema, toWire),
  });
  const { onSubmit, formError, submitting } = useApiForm(form, async (values) => {
    const saved = await save.mutateAsync({ id: deal?.id ?? null, body: toWire(values) });
    notifySuccess(`${saved.title} is saved.`);
    onDone();
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <FormAlert message={formError} />
        <TextInput label="Title" required data-autofocus {...form.getInputProps('title')} />
        <Textarea
          label="Description"
          required
          autosize
          minRows={2}
          maxRows={6}
          {...form.getInputProps('description')}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput
            label="Badge"
            description="A few words on the card, e.g. 2 for £3"
            {...form.getInputProps('badge')}
          />
          <ShopPicker current={deal?.shop ?? null} {...form.getInputProps('shop_id')} />
        </SimpleGrid>
        <TextInput
          label="Coupon code"
          description="Optional: a platform coupon's code, or a code of the deal's shop. The storefront shows it only while it can be used."
          maxLength={40}
          {...form.getInputProps('coupon_code')}
        />
        <ContentImageInput label="Picture" {...form.getInputProps('image')} />
        <TextInput
          label="Link"
          description="Where the card goes: a path of this site (/vendor/green-barrow) or a web address"
          {...form.getInputProps('link')}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <DateTimeField label="Starts" description="Empty: at once" {...form.getInputProps('starts_at')} />
          <DateTimeField label="Ends" description="Empty: no end" {...form.getInputProps('ends_at')} />
        </SimpleGrid>
        <Switch label="Active" {...form.getInputProps('is_active', { type: 'checkbox' })} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={submitting}>
            Save deal
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Create (deal null) or edit a platform deal of /ubm-offers. */
export function DealFormModal({
  opened,
  deal,
  onClose,
}: {
  opened: boolean;
  deal: AdminDeal | null;
  onClose: () => void;
}) {
  return (
    <FormModal opened={opened} onClose={onClose} title={deal ? `Edit ${deal.title}` : 'New deal'} size="lg">
      {opened && <DealForm key={deal?.id ?? 'new'} deal={deal} onDone={onClose} />}
    </FormModal>
  );
}
