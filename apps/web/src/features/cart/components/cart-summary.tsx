import { Divider, Group, Stack, Text } from '@mantine/core';
import { cartTotals, type OrderType } from '@parade/core/cart';
import { useFormatMoney } from '@/lib/format';
import { useCartStore } from '../stores/cart-store';

function Row({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Group justify="space-between">
      <Text fw={strong ? 800 : 400}>{label}</Text>
      <Text fw={strong ? 800 : 500}>{value}</Text>
    </Group>
  );
}

/**
 * Subtotal, discounts, delivery and grand total. The delivery charge shows only for a
 * delivery order with physical items. The server recomputes all of it at checkout.
 */
export function CartSummary({ orderType }: { orderType: OrderType }) {
  const state = useCartStore();
  const formatMoney = useFormatMoney();
  const totals = cartTotals(state, orderType);
  return (
    <Stack gap={6} data-testid="cart-summary">
      <Row label="Subtotal" value={formatMoney(totals.subtotal)} />
      {totals.discount > 0 && <Row label="Coupon discount" value={`−${formatMoney(totals.discount)}`} />}
      {totals.rewardPointsDiscount > 0 && (
        <Row label="Reward points" value={`−${formatMoney(totals.rewardPointsDiscount)}`} />
      )}
      {totals.shippingCharge > 0 && <Row label="Delivery charge" value={formatMoney(totals.shippingCharge)} />}
      <Divider my={4} />
      <Row label="Total" value={formatMoney(totals.total)} strong />
    </Stack>
  );
}
