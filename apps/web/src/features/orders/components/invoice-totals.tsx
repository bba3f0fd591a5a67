import { Divider, Group, Stack, Text } from '@mantine/core';
import { useFormatMoney } from '@/lib/format';

interface Figures {
  subtotal: number;
  discount: number;
  reward_discount: number;
  shipping_charge: number;
  total: number;
}

function Row({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text fw={strong ? 800 : 400}>{label}</Text>
      <Text fw={strong ? 800 : 500}>{value}</Text>
    </Group>
  );
}

/** Subtotal, the coupon and points discounts and delivery charge when there are any, and the total of an invoice or an order (pence). */
export function InvoiceTotals({ figures }: { figures: Figures }) {
  const formatMoney = useFormatMoney();
  return (
    <Stack gap={4} data-testid="invoice-totals">
      <Row label="Subtotal" value={formatMoney(figures.subtotal)} />
      {/* Only what applies: "−£0.00" rows said nothing and read like a fault. */}
      {figures.discount > 0 && <Row label="Coupon discount" value={`−${formatMoney(figures.discount)}`} />}
      {figures.reward_discount > 0 && (
        <Row label="Reward points discount" value={`−${formatMoney(figures.reward_discount)}`} />
      )}
      {figures.shipping_charge > 0 && <Row label="Delivery charge" value={formatMoney(figures.shipping_charge)} />}
      <Divider my={4} />
      <Row label="Total" value={formatMoney(figures.total)} strong />
    </Stack>
  );
}
