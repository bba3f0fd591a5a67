import {
  Button,
  Group,
  Modal,
  MultiSelect,
  NumberInput,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { type VendorCoupon, vendorCouponCreateSchema } from '@parade/core/vendor-schemas';
import { FormAlert } from '@parade/ui/form-alert';
import { notifySuccess } from '@/components/notify';
import { useApiForm } from '@/components/use-api-form';
import { zodValidate } from '@/lib/zod-validate';
import { useSaveCoupon } from '../api/save-coupon';
import { type CouponValues, couponToWire, couponValues, emptyCoupon } from './coupon-values';

const checkWithCore = zodValidate<CouponValues>(vendorCouponCreateSchema, couponToWire);

/** The shop's products a coupon can be restricted to: given by the page, which reads the products feature. */
export interface CouponProductOptions {
  options: { value: string; label: string }[];
  loading: boolean;
}

function CouponForm({
  coupon,
  products,
  onDone,
}: {
  coupon: VendorCoupon | null;
  products: CouponProductOptions;
  onDone: () => void;
}) {
  const save = useSaveCoupon();
  const form = useForm<CouponValues>({
    mode: 'controlled',
    initialValues: coupon ? couponValues(coupon) : emptyCoupon,
    validate: (values) => ({
      ...checkWithCore(values),
      ...(values.value === '' ? { value: 'Enter the discount.' } : {}),
    }),
  });
  const { onSubmit, formError, submitting } = useApiForm(form, async (values) => {
    const saved = await save.mutateAsync({ id: coupon?.id ?? null, body: couponToWire(values) });
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
            decimalScale={percent ? 0 : 2}
            fixedDecimalScale={!percent}
            min={percent ? 1 : 0.01}
            max={percent ? 100 : undefined}
            // Core's rule says what is wrong with 150%; silently clamping would hide it.
            clampBehavior="none"
            required
            {...form.getInputProps('value')}
          />
          <NumberInput
            label="Minimum spend"
            description="In pounds; empty for none"
            prefix="£"
            decimalScale={2}
            fixedDecimalScale
            min={0}
            {...form.getInputProps('min_spend')}
          />
          <TextInput label="Starts" type="datetime-local" {...form.getInputProps('starts_at')} />
          <TextInput label="Ends" type="datetime-local" {...form.getInputProps('ends_at')} />
          <NumberInput
            label="Uses in total"
            description="Empty for no limit"
            min={1}
            allowDecimal={false}
            {...form.getInputProps('usage_limit')}
          />
          <NumberInput
            label="Uses per customer"
            description="Empty for no limit"
            min={1}
            allowDecimal={false}
            {...form.getInputProps('per_user_limit')}
          />
        </SimpleGrid>
        <MultiSelect
          label="Only for these products"
          description="Empty: every product of your shop. Otherwise the discount is taken off these products' lines only."
          placeholder={products.loading ? 'Loading your products…' : 'Every product'}
          data={products.options}
          searchable
          clearable
          nothingFoundMessage="No product of that name"
          {...form.getInputProps('product_ids')}
        />
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
  opened,
  coupon,
  products,
  onClose,
}: {
  opened: boolean;
  coupon: VendorCoupon | null;
  products: CouponProductOptions;
  onClose: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={coupon ? `Edit coupon ${coupon.code}` : 'New coupon'} size="lg">
      {opened && <CouponForm key={coupon?.id ?? 'new'} coupon={coupon} products={products} onDone={onClose} />}
    </Modal>
  );
}
