import { Button, Group, Select, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { toPence } from '@parade/core/money';
import type { VendorClaim } from '@parade/core/offer-schemas';
import { FormAlert } from '@parade/ui/form-alert';
import { FormModal } from '@/components/form-modal';
import { MoneyInput } from '@/components/money-input';
import { notifySuccess } from '@/components/notify';
import { useApiForm } from '@/components/use-api-form';
import { formatDateTime, formatMoney, poundsFromPence } from '@/lib/format';
import { wholePenceErrors } from '@/lib/whole-pence';
import { useMarkClaimUsed } from '../api/change-claim';
import { useCustomerOrders } from '../api/get-customer-orders';
import { ClaimSummary } from './claim-summary';

interface MarkUsedValues {
  order_id: string | null;
  /** Pounds, as the shopkeeper reads the till. */
  discount_applied: number | string;
}

/**
 * The offer's discount on an order's subtotal: what the shopkeeper most likely took off, offered
 * as a starting value they can change (the till has the last word, so the field stays editable).
 */
function suggestedDiscount(claim: VendorClaim, subtotal: number): number {
  if (subtotal < claim.offer.min_spend) return 0;
  return claim.offer.discount_type === 'percent'
    ? Math.round((subtotal * claim.offer.discount_value) / 100)
    : Math.min(claim.offer.discount_value, subtotal);
}

function MarkUsedForm({ claim, onDone }: { claim: VendorClaim; onDone: () => void }) {
  const markUsed = useMarkClaimUsed();
  const orders = useCustomerOrders(claim.customer.email);
  const form = useForm<MarkUsedValues>({
    mode: 'controlled',
    initialValues: { order_id: null, discount_applied: '' },
    validate: {
      discount_applied: (value) =>
        value === '' || (Number(value) >= 0 && Number.isFinite(Number(value)))
          ? (wholePenceErrors({ discount_applied: value }, ['discount_applied']).discount_applied ?? null)
          : 'Enter the amount taken off in pounds, e.g. 2.50.',
    },
  });
  const { onSubmit, formError, submitting } = useApiForm(form, async (values) => {
    await markUsed.mutateAsync({
      id: claim.id,
      body: {
        order_id: values.order_id ? Number(values.order_id) : null,
        discount_applied: values.discount_applied === '' ? null : toPence(values.discount_applied),
      },
    });
    notifySuccess(
      claim.offer.points_reward > 0
        ? `Claim ${claim.code} is used; ${claim.customer.name} earned ${claim.offer.points_reward} points.`
        : `Claim ${claim.code} is used.`,
    );
    onDone();
  });

  const pickOrder = (value: string | null) => {
    form.setFieldValue('order_id', value);
    const order = orders.data?.find((o) => String(o.id) === value);
    if (order) form.setFieldValue('discount_applied', poundsFromPence(suggestedDiscount(claim, order.subtotal)));
  };

  const orderOptions = (orders.data ?? []).map((o) => ({
    value: String(o.id),
    label: `${o.invoice.number} · order #${o.id} · ${formatMoney(o.total)} · ${formatDateTime(o.created_at)}`,
  }));
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <ClaimSummary claim={claim} />
        <FormAlert message={formError} />
        <Select
          label="Order"
          description={
            orders.isError
              ? 'Could not load their orders; you can still mark it used without one.'
              : orders.data && orders.data.length === 0
                ? `${claim.customer.name} has no orders with your shop yet; mark it used without one.`
                : `${claim.customer.name}'s orders with your shop, newest first`
          }
          placeholder={orders.isPending ? 'Loading their orders…' : 'No order'}
          data={orderOptions}
          disabled={orders.isPending}
          clearable
          {...form.getInputProps('order_id')}
          onChange={pickOrder}
        />
        <MoneyInput
          label="Discount applied"
          description="What you took off, in pounds"
          min={0}
          {...form.getInputProps('discount_applied')}
        />
        {claim.offer.points_reward > 0 && (
          <Text size="sm">
            {claim.customer.name} earns {claim.offer.points_reward} points at your shop.
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={submitting}>
            Mark used
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Marking a confirmed claim used: against which of the customer's orders, and how much came off. */
export function MarkUsedModal({ claim, onClose }: { claim: VendorClaim | null; onClose: () => void }) {
  return (
    <FormModal opened={claim !== null} onClose={onClose} title="Mark this claim used?" size="lg">
      {claim && <MarkUsedForm key={claim.id} claim={claim} onDone={onClose} />}
    </FormModal>
  );
}
