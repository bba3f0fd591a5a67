import {
  Button,
  Group,
  MultiSelect,
  NumberInput,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { platformCouponCreateSchema } from '@parade/core/admin-schemas';
import { vendorCouponCreateSchema } from '@parade/core/vendor-schemas';
import { FormAlert } from '@parade/ui/form-alert';
import { DateTimeField } from '@/components/date-time-field';
import { FormModal } from '@/components/form-modal';
import { MoneyInput } from '@/components/money-input';
import { notifySuccess } from '@/components/notify';
import { useApiForm } from '@/components/use-api-form';
import { wholePenceErrors } from '@/lib/whole-pence';
import { zodValidate } from '@/lib/zod-validate';
import type { Coupon, CouponOwner } from '../api/coupon-owner';
import { useSaveCoupon } from '../api/save-coupon';
import { type CouponValues, couponToWire, couponValues, emptyCoupon } from './coupon-values';

const checkWithCore = {
  vendor: zodValidate<CouponValues>(vendorCouponCreateSchema, (values) => couponToWire(values, 'vendor')),
  admin: zodValidate<CouponValues>(platformCouponCreateSchema, (values) => couponToWire(values, 'admin')),
};

interface Options {
  options: { value: string; label: string }[];
  loading: boolean;
}

/**
 * What a coupon can be restricted to, given by the page (which reads the products or the
 * categories feature): a shop's own products, or, for a platform coupon, categories and
 * sub-categories of every shop.
 */
export type CouponTargets =
  | { kind: 'products'; products: Options }
  | { kind: 'categories'; categories: Options; subCategories: Options };

function CouponForm({
  owner,
  coupon,
  targets,
  onDone,
}: {
  owner: CouponOwner;
  coupon: Coupon | null;
  targets: CouponTargets;
  onDone: () => void;
}) {
  const save = useSaveCoupon(owner);
  const form = useForm<CouponValues>({
    mode: 'controlled',
    initialValues: coupon ? couponValues(coupon) : emptyCoupon,
    validate: (values) => ({
      ...checkWithCore[owner](values),
      ...wholePenceErrors(values, values.type === 'fixed' ? ['value', 'min_spend'] : ['min_spend']),
      ...(values.value === '' ? { value: 'Enter the discount.' } : {}),
    }),
  });
  const { onSubmit, formError, submitting } = useApiForm(form, async (values) => {
    const saved = await save.mutateAsync({ id: coupon?.id ?? null, body: couponToWire(values, owner) });
    notifySuccess(`Coupon ${saved.code} is saved.`);
    onDone();
  });
  const percent = form.values.type === 'percent';
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <FormAlert message={formError} />
        <TextInput
          label="Code"
          description="What shoppers type at checkout (letters, digits, - and _)"
          required
          data-autofocus
          {...form.getInputProps('code')}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="coupon-type-label">
            Discount type
          </Text>
          <SegmentedControl
            aria-labelledby="coupon-type-label"
            data={[
              { value: 'percent', label: 'Percent off' },
              { value: 'fixed', label: 'Amount off' },
            ]}
            {...form.getInputProps('type')}
          />
        </Stack>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <NumberInput
            label={percent ? 'Discount (%)' : 'Discount (£)'}
            suffix={percent ? '%' : undefined}
            prefix={percent ? undefined : '£'}
            min={percent ? 1 : 0.01}
            max={percent ? 100 : undefined}
            // Core's rule says what is wrong with 150%; silently clamping would hide it.
            clampBehavior="none"
            required
            {...form.getInputProps('value')}
          />
          <MoneyInput
            label="Minimum spend"
            description="In pounds; empty for none"
            min={0}
            {...form.getInputProps('min_spend')}
          />
          <DateTimeField label="Starts" {...form.getInputProps('starts_at')} />
          <DateTimeField label="Ends" {...form.getInputProps('ends_at')} />
          <NumberInput
            label="Uses in total"
            description="Empty for no limit"
            min={1}
            {...form.getInputProps('usage_limit')}
          />
          <NumberInput
            label="Uses per customer"
            description="Empty for no limit"
            min={1}
            {...form.getInputProps('per_user_limit')}
          />
        </SimpleGrid>
        {targets.kind === 'products' ? (
          <MultiSelect
            label="Only for these products"
            description="Empty: every product of your shop. Otherwise the discount is taken off these products' lines only."
            placeholder={targets.products.loading ? 'Loading your products…' : 'Every product'}
            data={targets.products.options}
            searchable
            clearable
            nothingFoundMessage="No product of that name"
            {...form.getInputProps('product_ids')}
          />
        ) : (
          <>
            <Text size="sm" c="dimmed">
              Shoppers enter the code in a shop's coupon box; it is taken off that shop's matching lines and Parade pays
              the discount, not the shop. Leave both lists empty for every product of every shop.
            </Text>
            <MultiSelect
              label="Only for these categories"
              placeholder={targets.categories.loading ? 'Loading categories…' : 'Any category'}
              data={targets.categories.options}
              searchable
              clearable
              nothingFoundMessage="No category of that name"
              {...form.getInputProps('category_ids')}
            />
            <MultiSelect
              label="Or these sub-categories"
              placeholder={targets.subCategories.loading ? 'Loading sub-categories…' : 'Any sub-category'}
              data={targets.subCategories.options}
              searchable
              clearable
              nothingFoundMessage="No sub-category of that name"
              {...form.getInputProps('sub_category_ids')}
            />
          </>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={submitting}>
            Save coupon
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Create (coupon null while open) or edit a coupon in a modal. */
export function CouponFormModal({
  owner,
  opened,
  coupon,
  targets,
  onClose,
}: {
  owner: CouponOwner;
  opened: boolean;
  coupon: Coupon | null;
  targets: CouponTargets;
  onClose: () => void;
}) {
  const noun = owner === 'admin' ? 'platform coupon' : 'coupon';
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={coupon ? `Edit ${noun} ${coupon.code}` : `New ${noun}`}
      size="lg"
    >
      {opened && (
        <CouponForm key={coupon?.id ?? 'new'} owner={owner} coupon={coupon} targets={targets} onDone={onClose} />
      )}
    </FormModal>
  );
}
