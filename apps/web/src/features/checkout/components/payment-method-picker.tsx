import { Radio, Stack } from '@mantine/core';
import type { PaymentMethod } from '@parade/core/enums';

/** Cash always; card only when the server says card payments work (setting enable_stripe_payment). */
export function PaymentMethodPicker({
  value,
  onChange,
  cardEnabled,
  error,
}: {
  value: PaymentMethod;
  onChange: (method: PaymentMethod) => void;
  cardEnabled: boolean;
  error?: string;
}) {
  return (
    <Radio.Group
      value={value}
      onChange={(next) => onChange(next as PaymentMethod)}
      label="Payment method"
      name="payment_method"
      error={error}
    >
      <Stack gap="sm" mt="xs">
        <Radio value="cash" label="Cash" description="Pay the shop when you collect or receive your order." />
        {cardEnabled && (
          <Radio value="card" label="Card" description="Pay now by debit or credit card, securely through Stripe." />
        )}
      </Stack>
    </Radio.Group>
  );
}
